import Testing
import Foundation
@testable import Markup

/// Escaping is the hard part: nothing in code, URLs or (in strict mode) prose may become a tag.
@Suite struct ConvertEscapingTests {
    let bbcode = ConvertNodeTests.bbcode

    @Test(arguments: [
        // vBulletin-style engines decode `&#91;` after parsing, so it shows `[` and is no tag...
        (Dialect.somethingawful, "[fixed]&#91;b]x&#91;/b][/fixed]"),
        (.vbulletin, "[font=courier new]&#91;b]x&#91;/b][/font]"),
        // ...phpBB shows references literally, so an empty bold breaks the tag up instead...
        (.phpbb, "[[b][/b]b]x[[b][/b]/b]"),
        // ...and XenForo's [ICODE] has plain content, where nothing is a tag but its own closer.
        (.xenforo, "[ICODE][b]x[/b][/ICODE]"),
    ])
    func aTagInACodeSpanIsNeverATag(dialect: Dialect, expected: String) {
        #expect(bbcode("`[b]x[/b]`", dialect, false, .space) == expected)
    }

    @Test func codeSpanOnAParsedTagIsEscapedEvenOutsideStrictMode() {
        #expect(bbcode("`[b]x`", .somethingawful, false, .space) == "[fixed]&#91;b]x[/fixed]")
        #expect(bbcode("`[b]x`", .phpbb, false, .space) == "[[b][/b]b]x")
    }

    @Test func codeSpanOnAPlainTagTurnsRichOnlyForItsOwnCloser() {
        // XenForo's [ICODE=rich] parses its content, so the closer can be broken up there.
        #expect(bbcode("`[b] [/icode]`", .xenforo, false, .space) == "[ICODE=rich][[B][/B]b] [[B][/B]/icode][/ICODE]")
        #expect(bbcode("`[b] [/b]`", .xenforo, false, .space) == "[ICODE][b] [/b][/ICODE]")
    }

    @Test(arguments: [
        // SA and vBulletin: a character reference works whether [code] stops parsing or not.
        (Dialect.somethingawful, "[code]\n&#91;b] &#91;/code]\nnext\n[/code]"),
        (.vbulletin, "[code]\n&#91;b] &#91;/code]\nnext\n[/code]"),
        // phpBB's [code] is plain: the line with the closer is lifted out of it.
        (.phpbb, "[code]\n[/code]\n[[b][/b]b] [[b][/b]/code]\n[code]\nnext\n[/code]"),
        // XenForo switches to [CODE=rich], whose content it parses.
        (.xenforo, "[CODE=rich]\n[[B][/B]b] [[B][/B]/code]\nnext\n[/CODE]"),
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
                == "&#91;b]x&#91;/b] &#91;*] &#91;url=http://a]")
        #expect(bbcode("[b]x[/b] [*] [url=http://a]", .phpbb, true, .space)
                == "[[b][/b]b]x[[b][/b]/b] [[b][/b]*] [[b][/b]url=http://a]")
        // Brackets that cannot start a tag stay as they are.
        #expect(bbcode("a [ b ] [] [?]", .somethingawful, true, .space) == "a [ b ] [] [?]")
    }

    @Test func strictSeesATagThatRawHTMLSplitInTwo() {
        #expect(bbcode("[<span>b]x", .somethingawful, true, .space) == "&#91;b]x")
        #expect(bbcode("[<span>b]x", .xenforo, true, .space) == "[[B][/B]b]x")
    }

    @Test func numericEntitiesAsTextAreBrokenOnVBulletinEngines() {
        #expect(bbcode("&amp;#8364;", .vbulletin, false, .space) == "&#38;#8364;")
        #expect(bbcode("&amp;#8364;", .xenforo, false, .space) == "&#8364;")
    }

    @Test func strictTurnsTheExtensionsOff() {
        #expect(bbcode("~~a~~ ||b||", .somethingawful, true, .space) == "~~a~~ ||b||")
        #expect(bbcode("```bbcode\n[b]x[/b]\n```", .somethingawful, true, .space)
                == "[code]\n&#91;b]x&#91;/b]\n[/code]")
        #expect(bbcode("```bbcode\n[b]x[/b]\n```", .xenforo, true, .space) == "[CODE=bbcode]\n[b]x[/b]\n[/CODE]")
    }

    /// Which tags are open is counted only once a code span first has a `[/` in it; tags opened
    /// after that must be counted too, and closed ones forgotten.
    @Test func closersOfTagsOpenedAfterTheFirstLookAreStillFound() {
        #expect(bbcode("`[/x]`\n\n> `a [/quote] b`\n\n`c [/quote] d`", .xenforo, false, .space) == """
            [ICODE][/x][/ICODE]

            [QUOTE]
            [ICODE=rich]a [[B][/B]/quote] b[/ICODE]
            [/QUOTE]

            [ICODE]c [/quote] d[/ICODE]
            """)
    }
}
