import Testing
@testable import Markup

/// Raw HTML: tags with a BBCode equivalent are translated, others vanish and leave their text.
@Suite struct ConvertHTMLTests {
    let bbcode = ConvertNodeTests.bbcode

    @Test(arguments: [
        ("<b>x</b> <strong>y</strong>", "[b]x[/b] [b]y[/b]"),
        ("<i>x</i> <em>y</em> <u>z</u>", "[i]x[/i] [i]y[/i] [u]z[/u]"),
        ("<s>x</s> <del>y</del>", "[s]x[/s] [s]y[/s]"),
        ("<code>x</code>", "[fixed]x[/fixed]"),
        ("<sub>x</sub><sup>y</sup>", "[sub]x[/sub][super]y[/super]"),
        ("a<br>b", "a\nb"),
        ("<a href=\"http://x/]\">t</a>", "[url=http://x/%5D]t[/url]"),
        ("<img src=\"http://x/i.png\" alt=\"a\">", "[img]http://x/i.png[/img]"),
        ("<span class=\"x\">kept</span>", "kept"),
        ("a <!-- gone --> b", "a  b"),
    ])
    func inlineHTML(markdown: String, expected: String) {
        #expect(bbcode(markdown, .somethingawful, false, .space) == expected)
    }

    @Test func blockHTML() {
        #expect(bbcode("<blockquote>\nq\n</blockquote>", .somethingawful, false, .space) == "[quote]\nq\n[/quote]")
        #expect(bbcode("<pre>\na [/code] b\n</pre>", .somethingawful, false, .space)
                == "[code]\na &#91;/code] b\n[/code]")
        #expect(bbcode("<details>\n<summary>S</summary>\n\nbody\n\n</details>", .somethingawful, false, .space)
                == "[spoiler]\nS\n\nbody\n[/spoiler]")
        #expect(bbcode("<div>\n  two   words\n</div>", .somethingawful, false, .space) == "two words")
        #expect(bbcode("<hr>", .somethingawful, false, .space) == TextRule.line)
        #expect(bbcode("<div>\n<script>var x = '[b]';</script>\n</div>", .somethingawful, false, .space) == "")
        #expect(bbcode("<div>a &amp; &ouml;</div>", .somethingawful, false, .space) == "a & ö")
    }

    @Test func unbalancedHTMLStillGivesBalancedBBCode() {
        #expect(bbcode("<b>open *and* never closed\n\nnext", .somethingawful, false, .space)
                == "[b]open [i]and[/i] never closed[/b]\n\nnext")
        #expect(bbcode("</b>stray close", .somethingawful, false, .space) == "stray close")
        #expect(bbcode("*a <b>b* c</b>", .somethingawful, false, .space) == "[i]a [b]b[/b][/i] c")
        // The strike-through extension and raw HTML never cross either.
        #expect(bbcode("~~a <b>b~~ c</b>", .somethingawful, false, .space) == "[s]a [b]b[/b][/s] c")
        #expect(bbcode("<b>a ~~b</b> c~~", .somethingawful, false, .space) == "[b]a [s]b c[/s][/b]")
    }

    @Test func htmlCodeUsesAParsedMonospaceTagAndLiteralText() {
        #expect(bbcode("<code>*x* [/icode]</code>", .xenforo, false, .space)
                == "[ICODE=rich][I]x[/I] [[B][/B]/icode][/ICODE]")
        #expect(bbcode("<code>[b]</code> [b]", .somethingawful, false, .space) == "[fixed]&#91;b][/fixed] [b]")
    }

    /// Thousands of elements (the pathological inputs of scripts/bench-markup.sh, smaller):
    /// every one is translated, and closes in order at the end of its paragraph.
    @Test func thousandsOfOpenElementsAllCloseInOrder() {
        let count = 5_000
        #expect(bbcode(String(repeating: "<b>", count: count) + "x", .somethingawful, false, .space)
                == String(repeating: "[b]", count: count) + "x" + String(repeating: "[/b]", count: count))
        #expect(bbcode(String(repeating: "<a href=x>", count: count), .phpbb, false, .space)
                == String(repeating: "[url=x]", count: count) + String(repeating: "[/url]", count: count))
        // End tags of elements that are not open close nothing, however many there are.
        #expect(bbcode(String(repeating: "<b>", count: count) + String(repeating: "</i>", count: count), .somethingawful, false, .space)
                == String(repeating: "[b]", count: count) + String(repeating: "[/b]", count: count))
    }

    @Test func aPreBlockOfThousandsOfTokensKeepsAllItsText() {
        let count = 5_000
        let converted = bbcode("<pre>" + String(repeating: "x<i>&amp;", count: count) + "</pre>", .somethingawful, false, .space)
        #expect(converted == "[code]\n" + String(repeating: "x&", count: count) + "\n[/code]")
    }
}
