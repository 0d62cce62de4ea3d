import Foundation
import Testing
@testable import Forum

/// A rendered post on its way to a browser (a preview page) keeps the markup a post needs and
/// nothing that can run.
@Suite struct SafeHTMLTests {
    private func safe(_ body: String) throws -> String {
        let document = try #require(HTMLDocument("<html><body><div class=\"postbody\">\(body)</div></body></html>",
                                                 url: URL(string: "https://forums.example/newreply.php")))
        return try #require(document.first("//div[@class='postbody']")).safeInnerHTML
    }

    @Test func aPostsOwnMarkupIsKept() throws {
        #expect(try safe("<b>strong</b> <i>it</i><br><blockquote class=\"qb2\"><h4>Zoë posted:</h4>x</blockquote>")
            == "<b>strong</b> <i>it</i><br><blockquote class=\"qb2\"><h4>Zoë posted:</h4>x</blockquote>")
        #expect(try safe("<a href=\"https://example.com/a?b=1&amp;c=2\" title=\"t\">link</a>")
            == "<a href=\"https://example.com/a?b=1&amp;c=2\" title=\"t\">link</a>")
        #expect(try safe("<a href=\"mailto:a@example.com\">mail</a>") == "<a href=\"mailto:a@example.com\">mail</a>")
        // A relative picture (a smilie) is made absolute, so the page works from a file too.
        #expect(try safe("<img src=\"/images/smilies/cheers.gif\" alt=\":cheers:\" class=\"smilie\">")
            == "<img src=\"https://forums.example/images/smilies/cheers.gif\" alt=\":cheers:\" class=\"smilie\">")
        #expect(try safe("1 &lt; 2 &amp; \"quoted\"") == "1 &lt; 2 &amp; &quot;quoted&quot;")
    }

    @Test func eventHandlersAndStylesAreDropped() throws {
        #expect(try safe("<b onclick=\"steal()\" onmouseover=\"x()\">hi</b>") == "<b>hi</b>")
        #expect(try safe("<img src=\"https://i.example/a.png\" onerror=\"alert(1)\">") == "<img src=\"https://i.example/a.png\">")
        #expect(try safe("<span style=\"background:url(https://track.example/)\" id=\"x\" data-a=\"1\">s</span>") == "<span>s</span>")
    }

    @Test(arguments: [
        "javascript:alert(1)", "JaVaScRiPt:alert(1)", " javascript:alert(1)", "java\tscript:alert(1)",
        "java\nscript:alert(1)", "&#106;avascript:alert(1)", "vbscript:msgbox(1)", "data:text/html,<script>alert(1)</script>",
    ])
    func scriptURLsAreDropped(url: String) throws {
        let link = try safe("<a href=\"\(url)\">click</a>")
        #expect(link == "<a>click</a>", "\(url) became \(link)")
        let image = try safe("<img src=\"\(url)\">")
        #expect(image == "<img>", "\(url) became \(image)")
    }

    @Test func mailtoIsForLinksOnly() throws {
        #expect(try safe("<img src=\"mailto:a@example.com\">") == "<img>")
    }

    @Test func scriptsFramesFormsAndStylesGoWithTheirContent() throws {
        #expect(try safe("a<script>alert(1)</script>b<style>body{}</style>c") == "abc")
        #expect(try safe("<iframe src=\"https://evil.example/\">x</iframe><object data=\"y\">z</object>ok") == "ok")
        #expect(try safe("<form action=\"https://evil.example/\"><input name=\"p\"><button>go</button></form>ok") == "ok")
        #expect(try safe("<svg onload=\"alert(1)\"><circle/></svg>ok") == "ok")
    }

    @Test func unknownElementsLeaveOnlyTheirText() throws {
        #expect(try safe("<marquee onstart=\"x()\"><font color=\"red\">hi</font></marquee>") == "hi")
        #expect(try safe("<!-- a comment -->text") == "text")
    }
}
