@testable import Sandbox
import Testing

@Suite struct PostRendererTests {
    @Test func smilieCodesBecomePicturesInText() {
        let html = PostRenderer.html("well :cheers: to you :)")
        #expect(html.contains("<img src=\"/images/smilies/cheers.gif\" alt=\"\" title=\":cheers:\" class=\"smilie\">"))
        #expect(html.contains("title=\":)\""))
        #expect(!html.contains(":cheers: "))
    }

    @Test func codeLinksAndDisabledSmiliesStayAsTyped() {
        #expect(PostRenderer.html("[code]:cheers:[/code]").contains(":cheers:"))
        #expect(!PostRenderer.html("[code]:cheers:[/code]").contains("class=\"smilie\""))
        #expect(!PostRenderer.html("[url=https://example.com]:v:[/url]").contains("class=\"smilie\""))
        #expect(PostRenderer.html("after [fixed]:D[/fixed] :D").components(separatedBy: "class=\"smilie\"").count == 2)
        #expect(!PostRenderer.html(":cheers:", smilies: false).contains("<img"))
    }

    @Test func markupAroundSmiliesIsKept() {
        let html = PostRenderer.html("[b]:gonk:[/b] <script>")
        #expect(html.contains("<b><img"))
        #expect(html.contains("&lt;script&gt;"))
    }

    @Test func anUnclosedTagEndsTheScanWithoutLooping() {
        #expect(PostRenderer.withSmilies("text :) <b") == "text <img src=\"/images/smilies/smile.gif\" alt=\"\" title=\":)\" class=\"smilie\"> <b")
    }
}
