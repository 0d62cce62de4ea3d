import Testing
@testable import Markup

/// One numeric core, two policies: what a browser decodes of raw HTML, and what survives
/// vBulletin's escaping to be decoded by the reader's browser.
@Suite struct CharacterReferenceTests {
    let browser = CharacterReferenceDecoder.browser
    let vBulletin = CharacterReferenceDecoder.vBulletinPost

    @Test func numbersMapAsTheHTMLStandardSaysForBothPolicies() {
        for decoder in [browser, vBulletin] {
            // The C1 block is Windows-1252; NUL, surrogates and anything past U+10FFFF are U+FFFD,
            // however many digits the number has.
            #expect(decoder.decode("&#150;&#128;&#129;") == "\u{2013}\u{20AC}\u{81}")
            #expect(decoder.decode("&#0; &#55296; &#1114112; &#99999999999999999999999;") == "\u{FFFD} \u{FFFD} \u{FFFD} \u{FFFD}")
            #expect(decoder.decode("&#91;b] &#128512;") == "[b] \u{1F600}")
            // Not references: no digits, no semicolon, a sign.
            #expect(decoder.decode("&#; &#91 &#+91; & &;") == "&#; &#91 &#+91; & &;")
        }
    }

    @Test func theBrowserTakesHexadecimalAndEveryHTML5Name() {
        #expect(browser.decode("&#x5B;&#X5d; &#x96; &#x110000;") == "[] \u{2013} \u{FFFD}")
        #expect(browser.decode("&copy; &eacute; &CounterClockwiseContourIntegral; &amp;amp;") == "© é \u{2233} &amp;")
        // Names are resolved together: unknown ones in between keep everyone's place.
        #expect(browser.decode("&copy;&bogus;&amp;&nbsp&copy;&lt;") == "©&bogus;&&nbsp©<")
        #expect(browser.decode("&shy;") == "\u{AD}")
    }

    @Test func vBulletinKeepsOnlyDecimalReferencesAndSoftHyphens() {
        #expect(vBulletin.decode("&#x5B;b] &amp; &lt; &copy;") == "&#x5B;b] &amp; &lt; &copy;")
        #expect(vBulletin.decode("a&shy;b &SHY; &Shy;") == "a\u{AD}b \u{AD} \u{AD}")
    }

    @Test func piecesCutTheTextAtTheReferencesTheReaderDecodes() {
        #expect(vBulletin.pieces(of: "é&#91;b]&#x5B; &shy;&copy;&#128512;") == [
            .text("é"), .reference("&#91;", decoded: "["), .text("b]&#x5B; "), .reference("&shy;", decoded: "\u{AD}"),
            .text("&copy;"), .reference("&#128512;", decoded: "\u{1F600}"),
        ])
        #expect(browser.pieces(of: "&bogus;&amp;x") == [.text("&bogus;"), .reference("&amp;", decoded: "&"), .text("x")])
        #expect(browser.pieces(of: "") == [] && browser.pieces(of: "plain") == [.text("plain")])
        // Put back together, the pieces are the text; their decoded parts are `decode`.
        let text = "a &#150; &lt;&#; &copy;"
        let pieces = browser.pieces(of: text)
        #expect(pieces.map { piece -> String in
            switch piece {
            case .text(let text): String(text)
            case .reference(let written, _): String(written)
            }
        }.joined() == text)
        #expect(pieces.map { piece -> String in
            switch piece {
            case .text(let text): String(text)
            case .reference(_, let decoded): decoded
            }
        }.joined() == browser.decode(text))
    }

    @Test func rawHTMLInMarkdownIsDecodedAsTheBrowserShowsIt() {
        #expect(ConvertNodeTests.bbcode("<div>&#150; &#x96; &#12345678;</div>", .xenforo) == "\u{2013} \u{2013} \u{FFFD}")
    }
}
