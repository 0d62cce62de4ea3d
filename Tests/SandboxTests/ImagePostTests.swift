import Foundation
import Sandbox
import Testing

/// A post's `[img]` and `[timg]` on the sandbox's thread page, as Something Awful shows them:
/// an `<img>`, and a thumbnail that links to the full picture.
@Suite struct ImagePostTests {
    @Test func aThreadPageShowsImgAsAPictureAndTimgAsAThumbnailLink() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            let small = "\(server.imagesURL.absoluteString)i/small01.png"
            let large = "\(server.imagesURL.absoluteString)i/large01.jpg"
            let answer = try await browser.submitForm(
                at: "/newreply.php?action=newreply&threadid=\(Seed.Ids.welcomeThread)", script: "newreply.php",
                message: "[img]\(small)[/img] and [timg]\(large)[/timg] and [img]javascript:alert(1)[/img]")
            let link = try #require(HTMLPage(answer.body)?.first("//a[contains(@href,'goto=post')]")?["href"])
            let postId = try #require(link.split(separator: "=").last.map(String.init))
            let thread = try await browser.page("/showthread.php?threadid=\(Seed.Ids.welcomeThread)")
            let body = "//*[@id='post\(postId)']//td[contains(@class,'postbody')]"
            #expect(thread.nodes("\(body)//img[@class='bbc-img']").map { $0["src"] } == [small])
            let thumbnail = try #require(thread.first("\(body)//a[@class='bbc-timg']"))
            #expect(thumbnail["href"] == large)
            #expect(thread.nodes("\(body)//a[@class='bbc-timg']/img[@class='bbc-timg']").map { $0["src"] } == [large])
            // An address that is no picture stays text, never an <img>.
            #expect(thread.nodes("\(body)//img").count == 2)
            #expect(thread.text(body)?.contains("javascript:alert(1)") == true)
        }
    }
}
