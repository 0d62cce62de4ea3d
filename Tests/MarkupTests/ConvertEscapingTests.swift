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
        // ...XenForo's [ICODE] has plain content, where a breaker would show, so none is needed.
        (.xenforo, "[ICODE][b]x[/b][/ICODE]"),
    ])
    func aTagInACodeSpanIsNeverATag(dialect: Dialect, expected: String) {
        #expect(bbcode("`[b]x[/b]`", dialect, false, .space) == expected)
    }

    @Test func codeSpanOnAParsedTagGetsTheBreaker() {
        #expect(bbcode("`[b]x`", .somethingawful, false, .space) == "[fixed][[b][/b]b]x[/fixed]")
    }

    @Test func codeSpanOnAPlainTagOnlyEscapesItsOwnCloser() {
        #expect(bbcode("`[b] [/icode]`", .xenforo, false, .space)
                == "[ICODE][b] [/ICODE][[b][/b]/icode][ICODE][/ICODE]")
    }

    @Test(arguments: Dialect.allCases)
    func aCodeBlockSurvivesALiteralClosingCodeTag(dialect: Dialect) {
        let output = bbcode("```\nbefore [/code] after\n```", dialect, false, .space)
        // Every [/code] in the output closes a [code] we opened: the literal one became text.
        let opens = output.lowercased().components(separatedBy: "[code").count - 1
        let closes = output.lowercased().components(separatedBy: "[/code]").count - 1
        #expect(opens == closes)
        #expect(output.contains("[[b][/b]/code]"))
    }

    @Test func aCodeBlockInsideAQuoteEscapesTheQuotesCloserToo() {
        // vBulletin closes an open [quote] from inside a stop_parse [code].
        #expect(bbcode("> ```\n> [/quote]\n> ```", .vbulletin, false, .space)
                == "[quote]\n[code]\n[/code][[b][/b]/quote][code]\n[/code]\n[/quote]")
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
                == "[code]\n[b]x[/b]\n[/code]")
    }
}
