import Foundation
import Sandbox
import Testing

/// The thread review under the reply form, as the forum's reply page carries it: the 40 newest
/// posts, newest first, in `div#thread`, on the plain reply form and on the quote form alike.
@Suite struct ReplyReviewPageTests {
    @Test func bothReplyFormsCarryTheFortyNewestPostsNewestFirst() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            let dump = try await state(of: server)
            // The seeded long thread has 45 posts.
            let thread = try #require(dump.threads.first { $0.id == Seed.Ids.longThread })
            let newestFirst = Array(thread.postIds.suffix(40).reversed())
            let quoted = try #require(thread.postIds.first)
            for target in ["threadid=\(Seed.Ids.longThread)", "postid=\(quoted)"] {
                let page = try await browser.page("/newreply.php?action=newreply&\(target)")
                let ids = page.nodes("//div[@id='thread']/table[contains(@class,'post')]").compactMap { $0["id"] }
                #expect(ids == newestFirst.map { "post\($0)" }, "\(target)")
                let body = try #require(page.first("//div[@id='thread']/table[1]//td[contains(@class,'postbody')]"))
                #expect(body.text.contains("Post number 45 of the long thread."))
                #expect(page.first("//div[@id='thread']/table[1]//dt[contains(@class,'author')]")?["title"] == "")
            }
        }
    }
}
