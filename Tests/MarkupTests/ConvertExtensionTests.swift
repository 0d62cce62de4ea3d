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

    /// Each container's runs are paired once and taken in the order the walk meets its text, so a
    /// container scanned inside another (or after one) must not take the other's marks.
    @Test(arguments: [
        ("~~a~~ *~~b~~ c* ||d||", "[s]a[/s] [i][s]b[/s] c[/i] [spoiler]d[/spoiler]"),
        ("~~x [y ~~z~~](http://u) w~~", "[s]x [url=http://u]y [s]z[/s][/url] w[/s]"),
        ("~~a~~\n\n~~b~~", "[s]a[/s]\n\n[s]b[/s]"),
        // Alt text is not shown, and its runs are not paired with the text after the image.
        ("![~~alt~~](http://i/x.png) ~~t~~", "[img]http://i/x.png[/img] [s]t[/s]"),
        ("- ~~a~~\n\n  ~~b *c*~~\n- ||d||", "[list]\n[*][s]a[/s]\n\n[s]b [i]c[/i][/s]\n[*][spoiler]d[/spoiler]\n[/list]"),
    ])
    func delimitersOfNestedAndFollowingContainersStayApart(markdown: String, expected: String) {
        #expect(bbcode(markdown, .somethingawful, false, .space) == expected)
    }

    @Test func bbcodeFenceIsPassedThroughVerbatim() {
        #expect(bbcode("```bbcode\n[quote=\"x\" post=\"1\"]hi[/quote]\n```", .somethingawful, false, .space)
                == "[quote=\"x\" post=\"1\"]hi[/quote]")
    }
}
