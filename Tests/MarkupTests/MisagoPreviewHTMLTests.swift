import Testing
import Markup

/// The local stand-in for Misago's renderer (`missive preview` on a misago profile); the engine
/// itself is compared in CommandLineTests' MisagoPreviewTests.
@Suite struct MisagoPreviewHTMLTests {
    @Test func markdownWithNewlinesAsBreaks() {
        #expect(MisagoPreviewHTML.render("**a**\nb\n") == "<p><strong>a</strong><br />\nb</p>\n")
    }

    @Test func onlyTheBBCodeMisagoHonoursIsDrawn() {
        let html = MisagoPreviewHTML.render("[b]x[/b] [i]y[/i] [u]z[/u] [s]no[/s] [color=red]no[/color] [url=http://e.example/]e[/url]\n")
        #expect(html.contains("<b>x</b> <i>y</i> <u>z</u> [s]no[/s] [color=red]no[/color] <a href=\"http://e.example/\">e</a>"), "\(html)")
    }

    @Test func blockTagsSplitTheTextWhereTheyStand() {
        let html = MisagoPreviewHTML.render("a [spoiler]hidden[/spoiler] b\n\n[quote=\"@Ann\"]\nsaid\n[/quote]\n")
        #expect(html == """
            <p>a</p>
            <aside class="spoiler-block"><blockquote class="spoiler-body">
            <p>hidden</p>
            </blockquote></aside>
            <p>b</p>
            <aside class="quote-block"><div class="quote-heading">@Ann has written:</div><blockquote class="quote-body">
            <p>said</p>
            </blockquote></aside>

            """, "\(html)")
    }

    /// Code keeps its brackets and markup as text; an unclosed code block stays the text it was.
    @Test func codeIsLiteralAndUnclosedCodeIsText() {
        #expect(MisagoPreviewHTML.render("[code]**x** [b]<y>[/b][/code]") == "<pre><code>**x** [b]&lt;y&gt;[/b]</code></pre>\n")
        #expect(MisagoPreviewHTML.render("[code]x\n") == "<p>[code]x</p>\n")
        #expect(MisagoPreviewHTML.render("") == "")
    }

    /// `[code]` stays where it stands, as the engine's placeholder does: in the list item or the
    /// quote the dialect wrote it in, with the text around it in its place.
    @Test func codeStaysInItsListItemOrQuote() {
        #expect(MisagoPreviewHTML.render("-   a[code]x < 1[/code]-   b\n")
                == "<ul>\n<li>a<br />\n<pre><code>x &lt; 1</code></pre></li>\n<li>b</li>\n</ul>\n")
        #expect(MisagoPreviewHTML.render("> Look:\n>\n> [code]x\ny[/code]>\n> done\n")
                == "<blockquote>\n<p>Look:</p>\n<pre><code>x\ny</code></pre>\n<p>done</p>\n</blockquote>\n")
        #expect(MisagoPreviewHTML.render("1.  Install:\n\n    [code=sh]apt install foo[/code]\n2.  Run it.\n")
                == "<ol>\n<li>\n<p>Install:</p>\n<pre><code>apt install foo</code></pre>\n</li>\n<li>\n<p>Run it.</p>\n</li>\n</ol>\n")
    }
}
