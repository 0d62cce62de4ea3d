import Foundation
import Testing
@testable import Forum

/// The reply form's thread review read from a page written here in the real page's shape:
/// `div#thread`, newest first, each `table.post` with `dt.author`, `td.postdate`, `td.postbody`.
@Suite struct ReplyReviewTests {
    static func table(id: Int, author: String, role: String, date: String, body: String) -> String {
        """
        <table class="post " id="post\(id)" data-idx="\(id)">
        <tr class="seen1"><td class="userinfo userid-7"><dl class="userinfo">
        <dt class="author" title="\(role)">\(author)</dt><dd class="registered">Jan 1, 2010</dd></dl></td>
        <td class="postbody">
        <!-- BeginContentMarker -->
        <!-- google_ad_section_start -->
        \(body)
        <!-- google_ad_section_end -->
        <!-- EndContentMarker -->
        <p class="editedby"><span>\(author) fiddled with this message at \(date)</span>
        </td></tr>
        <tr><td class="postdate">
        <a class="lastseen_icon" href="/showthread.php?action=setseen&amp;index=\(id)"><img src="/seen.gif" alt=""></a>
        <a href="#post\(id)" title="Link to this post">#</a>
        <a class="user_jump" title="Show posts by this user" href="/showthread.php?threadid=1&amp;userid=7">?</a>
        \(date)
        </td><td class="postlinks"></td></tr>
        </table>
        """
    }

    static let page = """
        <!DOCTYPE html><html><head><title>New Reply</title></head><body class="newreply">
        <form name="vbform" action="newreply.php" method="POST"><textarea name="message"></textarea></form>
        <div id="thread">
        \(table(id: 30, author: "Newest", role: "Administrator", date: "Dec 27, 2012 20:23", body: "the last word <img src=\"/images/smilies/wink.gif\" title=\";)\">"))
        \(table(id: 20, author: "Middle", role: "", date: "Dec 26, 2012 09:05", body: "in between"))
        \(table(id: 10, author: "Oldest", role: "", date: "Dec 25, 2012 00:01", body: "first<br>\nof all"))
        </div></body></html>
        """

    @Test func thePostsComeOldestFirstWithTheirAuthorsRolesAndDates() throws {
        let document = try #require(HTMLDocument(Self.page))
        let posts = SAReplyReview.posts(in: document)
        #expect(posts == [
            ContextPost(id: 10, author: "Oldest", role: nil, date: "Dec 25, 2012 00:01", text: "first\nof all"),
            ContextPost(id: 20, author: "Middle", role: nil, date: "Dec 26, 2012 09:05", text: "in between"),
            ContextPost(id: 30, author: "Newest", role: "Administrator", date: "Dec 27, 2012 20:23", text: "the last word ;)"),
        ])
    }

    @Test func aBodyWithoutMarkersLeavesOutItsEditedByLine() throws {
        let html = """
            <html><body><div id="thread"><table class="post" id="post5"><tr>
            <td class="userinfo"><dl><dt class="author">Solo</dt></dl></td>
            <td class="postbody">just this<p class="editedby"><span>Solo fiddled with this message</span></p></td></tr>
            <tr><td class="postdate"><a href="#post5">#</a> Jan 2, 2013 10:00</td></tr></table></div></body></html>
            """
        let posts = SAReplyReview.posts(in: try #require(HTMLDocument(html)))
        #expect(posts == [ContextPost(id: 5, author: "Solo", date: "Jan 2, 2013 10:00", text: "just this")])
    }

    @Test func aPageWithoutAReviewHasNoPosts() throws {
        let document = try #require(HTMLDocument("<html><body><form name=\"vbform\"></form></body></html>"))
        #expect(SAReplyReview.posts(in: document).isEmpty)
    }
}
