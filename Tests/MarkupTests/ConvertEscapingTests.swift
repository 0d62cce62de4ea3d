import Testing
import Foundation
@testable import Markup

/// Escaping is the hard part: nothing in code, URLs or (in strict mode) prose may become a tag.
@Suite struct ConvertEscapingTests {
    let bbcode = ConvertNodeTests.bbcode

    @Test(arguments: [
        // Engines that read tags inside their monospace tag (or have none) get the breaker...
        (Dialect.somethingawful, "[fixed][[b][/b]b]x[[b][/b]/b][/fixed]"),
        (.vbulletin, "[font=courier new][[b][/b]b]x[[b][/b]/b][/font]"),
        (.phpbb, "[[b][/b]b]x[[b][/b]/b]"),
        // ...XenForo's [ICODE] has plain content, where a breaker would show, and none is needed.
        (.xenforo, "[ICODE][b]x[/b][/ICODE]"),
    ])
    func aTagInACodeSpanIsNeverATag(dialect: Dialect, expected: String) {
        #expect(bbcode("`[b]x[/b]`", dialect, false, .space) == expected)
    }

    @Test func codeSpanOnAParsedTagGetsTheBreaker() {
        #expect(bbcode("`[b]x`", .somethingawful, false, .space) == "[fixed][[b][/b]b]x[/fixed]")
    }

    @Test func codeSpanOnAPlainTagTurnsRichOnlyForItsOwnCloser() {
        // XenForo's [ICODE=rich] parses its content, so the closer can be broken up there.
        #expect(bbcode("`[b] [/icode]`", .xenforo, false, .space) == "[ICODE=rich][[b][/b]b] [[b][/b]/icode][/ICODE]")
        #expect(bbcode("`[b] [/b]`", .xenforo, false, .space) == "[ICODE][b] [/b][/ICODE]")
    }

    @Test(arguments: [
        // SA and vBulletin 4 parse tags inside [code]: the breaker works there.
        (Dialect.somethingawful, "[code]\n[[b][/b]b] [[b][/b]/code]\nnext\n[/code]"),
        (.vbulletin, "[code]\n[[b][/b]b] [[b][/b]/code]\nnext\n[/code]"),
        // phpBB's [code] is plain: the line with the closer is lifted out of it.
        (.phpbb, "[code]\n[/code]\n[[b][/b]b] [[b][/b]/code]\n[code]\nnext\n[/code]"),
        // XenForo switches to [CODE=rich], whose content it parses.
        (.xenforo, "[CODE=rich]\n[[b][/b]b] [[b][/b]/code]\nnext\n[/CODE]"),
    ])
    func aCodeBlockSurvivesALiteralClosingCodeTag(dialect: Dialect, expected: String) {
        #expect(bbcode("```\n[b] [/code]\nnext\n```", dialect, false, .space) == expected)
    }

    @Test func aPlainCodeBlockInsideAQuoteEscapesTheQuotesCloserToo() {
        #expect(bbcode("> ```\n> keep [b]\n> [/quote]\n> ```", .phpbb, false, .space)
                == "[quote]\n[code]\nkeep [b]\n[/code]\n[[b][/b]/quote]\n[code]\n[/code]\n[/quote]")
    }

    @Test func bracketsInURLsArePercentEncoded() {
        #expect(bbcode("[a](<http://x/[1]\"q\" y>)", .somethingawful, false, .space)
                == "[url=http://x/%5B1%5D%22q%22%20y]a[/url]")
        #expect(bbcode("![i](http://x/a]b.png)", .somethingawful, false, .space)
                == "[img]http://x/a%5Db.png[/img]")
    }

    @Test func linkTitlesNeverReachTheOutput() {
        #expect(bbcode("[a](http://x \"[b]t[/b]\")", .somethingawful, false, .space) == "[url=http://x]a[/url]")
    }

    @Test func proseTagsPassThroughByDefault() {
        #expect(bbcode("look [timg]http://x/y.png[/timg] [spoiler]s[/spoiler]", .somethingawful, false, .space)
                == "look [timg]http://x/y.png[/timg] [spoiler]s[/spoiler]")
    }

    @Test func strictNeutralisesEveryTagLikeSequence() {
        #expect(bbcode("[b]x[/b] [*] [url=http://a]", .somethingawful, true, .space)
                == "[[b][/b]b]x[[b][/b]/b] [[b][/b]*] [[b][/b]url=http://a]")
        // Brackets that cannot start a tag stay as they are.
        #expect(bbcode("a [ b ] [] [?]", .somethingawful, true, .space) == "a [ b ] [] [?]")
    }

    @Test func strictSeesATagThatRawHTMLSplitInTwo() {
        #expect(bbcode("[<span>b]x", .somethingawful, true, .space) == "[[b][/b]b]x")
    }

    @Test func numericEntitiesAsTextAreBrokenOnVBulletinEngines() {
        #expect(bbcode("&amp;#8364;", .vbulletin, false, .space) == "&[b][/b]#8364;")
        #expect(bbcode("&amp;#8364;", .xenforo, false, .space) == "&#8364;")
    }

    @Test func strictTurnsTheExtensionsOff() {
        #expect(bbcode("~~a~~ ||b||", .somethingawful, true, .space) == "~~a~~ ||b||")
        #expect(bbcode("```bbcode\n[b]x[/b]\n```", .somethingawful, true, .space)
                == "[code]\n[[b][/b]b]x[[b][/b]/b]\n[/code]")
        #expect(bbcode("```bbcode\n[b]x[/b]\n```", .xenforo, true, .space) == "[CODE=bbcode]\n[b]x[/b]\n[/CODE]")
    }
}
