import Testing
@testable import Markup

@Suite struct ConvertExtensionTests {
    let bbcode = ConvertNodeTests.bbcode

    @Test(arguments: [
        (Dialect.somethingawful, "[s]gone[/s] [spoiler]hidden[/spoiler]"),
        (.xenforo, "[S]gone[/S] [ISPOILER]hidden[/ISPOILER]"),
        // Engines without the tags keep the delimiters as text, as CommonMark shows them.
        (.vbulletin, "~~gone~~ ||hidden||"),
        (.phpbb, "~~gone~~ ||hidden||"),
    ])
    func strikeAndSpoiler(dialect: Dialect, expected: String) {
        #expect(bbcode("~~gone~~ ||hidden||", dialect, false, .space) == expected)
    }

    @Test func delimitersPairAcrossFormattingButNotAcrossContainers() {
        #expect(bbcode("~~a **b** c~~", .somethingawful, false, .space) == "[s]a [b]b[/b] c[/s]")
        #expect(bbcode("*~~a* b~~", .somethingawful, false, .space) == "[i]~~a[/i] b~~")
        #expect(bbcode("~~ a~~ b ~~c ~~", .somethingawful, false, .space) == "~~ a~~ b ~~c ~~")
        #expect(bbcode("x ~~~a~~~ ~b~", .somethingawful, false, .space) == "x ~~~a~~~ ~b~")
    }

    @Test func crossedDelimitersStillNest() {
        #expect(bbcode("~~a ||b~~ c||", .somethingawful, false, .space) == "[s]a ||b[/s] c||")
    }

    @Test func bbcodeFenceIsPassedThroughVerbatim() {
        #expect(bbcode("```bbcode\n[quote=\"x\" post=\"1\"]hi[/quote]\n```", .somethingawful, false, .space)
                == "[quote=\"x\" post=\"1\"]hi[/quote]")
    }
}
