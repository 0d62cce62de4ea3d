import Foundation
import Testing
@testable import Forum

/// Post HTML drawn as text, on small pages written here in the shape the forum's pages have
/// (forum-protocol.md, "What the compose pages carry").
@Suite struct PostTextTests {
    func body(_ html: String) throws -> HTMLNode {
        let document = try #require(HTMLDocument("<html><body><table><tr><td class=\"postbody\">\(html)</td></tr></table></body></html>",
                                                 url: URL(string: "https://forums.example.com/newreply.php")))
        return try #require(document.first("//td[@class='postbody']"))
    }

    @Test func quotesNestAsAPrefixPerLevelUnderTheirPostedLine() throws {
        // The forum's quote: div.bbc-block holding an h4 header link and a blockquote.
        let html = """
            <div class="bbc-block"><h4><a class="quote_link" href="/showthread.php?goto=post&amp;postid=11#post11">Ann posted:</a></h4><blockquote>
            <div class="bbc-block"><h4><a class="quote_link" href="/showthread.php?goto=post&amp;postid=10#post10">Bob posted:</a></h4><blockquote>
            the innermost words<br />
            </blockquote></div>
            <br />
            Ann's answer<br />
            </blockquote></div>
            <br />
            My reply.
            """
        let text = try body(html).postText
        #expect(text == """
            > Ann posted:
            > > Bob posted:
            > > the innermost words
            >
            > Ann's answer

            My reply.
            """)
    }

    @Test func aQuoteWithoutAHolderIsALevelOfItsOwn() throws {
        let html = "<blockquote class=\"bbc-quote\"><div class=\"bbc-quote-header\">Cy posted:</div><div>quoted</div></blockquote>after"
        let text = try body(html).postText
        #expect(text == "> Cy posted:\n> quoted\n\nafter")
    }

    @Test func smiliesAreTheirCodesAndOtherPicturesAreImgTags() throws {
        let html = """
            Well <img src="https://fi.example.com/images/smilies/emot-cheers.gif" alt="" class="" title=":cheers:"> done
            <img src="https://fi.example.com/images/smilies/smile.gif" alt="" title=":)"><br>
            <img src="https://i.example.com/cat.png" alt="" class="img" border="0"><br>
            <img src="https://i.example.com/big.jpg" alt="" class="timg" border="0"><br>
            <a class="bbc-timg" href="https://i.example.com/wide.jpg" title="Click to view full size"><img class="bbc-timg" src="https://i.example.com/wide.jpg" alt=""></a>
            """
        let text = try body(html).postText
        #expect(text == """
            Well :cheers: done :)
            [img]https://i.example.com/cat.png[/img]
            [timg]https://i.example.com/big.jpg[/timg]
            [timg]https://i.example.com/wide.jpg[/timg]
            """)
    }

    @Test func aLinkShowsItsAddressOnlyWhenItsTextIsAnotherThing() throws {
        let html = """
            see <a href="https://example.com/rules" rel="nofollow">the rules</a> or
            <a href="https://example.com/faq" rel="nofollow">https://example.com/faq</a>
            and <a href="showthread.php?threadid=5">this thread</a>
            """
        let text = try body(html).postText
        #expect(text
            == "see the rules (https://example.com/rules) or https://example.com/faq and this thread (https://forums.example.com/showthread.php?threadid=5)")
    }

    @Test func preformattedTextKeepsItsLinesAndSpaces() throws {
        let html = "code:<pre>let x = 1\n    indented</pre>after"
        let text = try body(html).postText
        #expect(text == "code:\nlet x = 1\n    indented\nafter")
    }

    @Test func readableTextKeepsSmilieCodesAndStillDropsPictures() throws {
        // Issue 26: `missive inbox show` lost the `:)` of a message.
        let html = "Hello <img src=\"/images/smilies/smile.gif\" alt=\"\" title=\":)\" class=\"smilie\"> friend<img src=\"/cat.png\" alt=\"\" class=\"img\"><br>bye"
        let text = try body(html).readableText
        #expect(text == "Hello :) friend\nbye")
    }

    @Test func aTitleThatIsNoCodeIsAPictureAndNotASmilie() throws {
        let html = "<img src=\"https://i.example.com/a.png\" title=\"a holiday photo\"><img src=\"https://i.example.com/b.png\" title=\"b.png\">"
        let text = try body(html).postText
        #expect(text == "[img]https://i.example.com/a.png[/img][img]https://i.example.com/b.png[/img]")
    }

    @Test func misagosQuoteAsideIsOneLevelWithItsHeading() throws {
        let html = """
            <p>First</p>
            <aside class="quote-block"><div class="quote-heading">Bob has written:</div>
            <blockquote class="quote-body"><p>inner</p></blockquote></aside>
            <p>last</p>
            """
        let text = try body(html).postText
        #expect(text == "First\n\n> Bob has written:\n> inner\n\nlast")
    }
}
