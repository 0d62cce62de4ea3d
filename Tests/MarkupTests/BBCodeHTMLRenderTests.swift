import Testing
@testable import Markup

/// The HTML fragment: semantic classes for themes, everything escaped, only safe addresses.
@Suite struct BBCodeHTMLRenderTests {
    private func html(_ source: String, _ dialect: Dialect = .somethingawful) -> String {
        BBCode.parse(source, dialect: dialect).renderHTML()
    }

    @Test func substitutedImageSourcesAreUsedAndStillEscaped() {
        let sources = ["https://stand.in/0": "data:image/png;base64,AA==", "https://stand.in/1": "data:x\"><script>"]
        let document = BBCode.parse("[img]https://stand.in/0[/img][timg]https://stand.in/1[/timg][img]https://x/y.png[/img]",
                                    dialect: .somethingawful)
        #expect(document.renderHTML(imageSources: sources) == #"<img class="bbc-img" src="data:image/png;base64,AA==" alt="">"#
            + #"<a class="bbc-timg" href="data:x&quot;&gt;&lt;script&gt;" rel="nofollow ugc" title="Click to view full size">"#
            + #"<img class="bbc-timg" src="data:x&quot;&gt;&lt;script&gt;" alt=""></a><img class="bbc-img" src="https://x/y.png" alt="">"#)
    }

    @Test func inlineTagsAndLineBreaks() {
        #expect(html("[b]b[/b] [i]i[/i] [u]u[/u] [s]s[/s]\nnext") == "<b>b</b> <i>i</i> <u>u</u> <s>s</s><br>\nnext")
        #expect(html("[sub]d[/sub][super]u[/super]") == "<sub>d</sub><sup>u</sup>")
    }

    @Test func semanticClassesForThemes() {
        #expect(html("[fixed]f[/fixed]") == #"<code class="bbc-fixed">f</code>"#)
        #expect(html("[spoiler]s[/spoiler]") == #"<span class="bbc-spoiler">s</span>"#)
        #expect(html("[code]a\n  b[/code]") == "<pre class=\"bbc-code\"><code>a\n  b</code></pre>")
        #expect(html("[pre]p[/pre]") == #"<pre class="bbc-pre">p</pre>"#)
        #expect(
            html(#"[quote="Goon" post="9"]hi[/quote]"#)
                == #"<blockquote class="bbc-quote" data-post="9"><div class="bbc-quote-header">Goon posted:</div><div class="bbc-quote-body">hi</div></blockquote>"#)
        #expect(html("[quote]hi[/quote]") == #"<blockquote class="bbc-quote"><div class="bbc-quote-body">hi</div></blockquote>"#)
        #expect(html("[icode]x[/icode]", .xenforo) == #"<code class="bbc-icode">x</code>"#)
        #expect(html("[code=swift]x[/code]", .xenforo) == #"<pre class="bbc-code" data-language="swift"><code>x</code></pre>"#)
        #expect(html("[php]x[/php]", .vbulletin) == #"<pre class="bbc-code" data-language="php"><code>x</code></pre>"#)
    }

    @Test func listsByStyle() {
        #expect(html("[list][*]a[*]b[/list]") == #"<ul class="bbc-list"><li>a</li><li>b</li></ul>"#)
        #expect(html("[list=1][*]a[/list]") == #"<ol class="bbc-list" type="1"><li>a</li></ol>"#)
        #expect(html("[list=i][*]a[/list]", .vbulletin) == #"<ol class="bbc-list" type="i"><li>a</li></ol>"#)
        #expect(html("[list=i][*]a[/list]", .xenforo) == #"<ul class="bbc-list"><li>a</li></ul>"#)
    }

    @Test(arguments: Dialect.bbcodeCases)
    func textIsEscaped(dialect: Dialect) {
        #expect(html("<script>alert('x')</script> & \"q\"", dialect)
            == "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;")
        #expect(html("[b]<img src=x onerror=alert(1)>[/b]", dialect) == "<b>&lt;img src=x onerror=alert(1)&gt;</b>")
    }

    @Test func attributesAreEscaped() {
        #expect(
            html(#"[url="http://a.example/"onmouseover="alert(1)"]x[/url]"#)
                == #"<a class="bbc-url" href="http://a.example/&quot;onmouseover=&quot;alert(1)" rel="nofollow ugc">x</a>"#)
        #expect(html(#"[quote="<b>&"]x[/quote]"#).contains(#"<div class="bbc-quote-header">&lt;b&gt;&amp; posted:</div>"#))
        #expect(html("[size=\"><script>]x[/size]", .vbulletin) == "[size=&quot;&gt;&lt;script&gt;]x[/size]")
        #expect(html("[font=x\"y]z[/font]", .vbulletin) == "[font=x&quot;y]z[/font]")
    }

    @Test func linksPointOnlyAtSafeAddresses() {
        #expect(html("[url]http://a.example/?q=1&r=2[/url]") == #"<a class="bbc-url" href="http://a.example/?q=1&amp;r=2" rel="nofollow ugc">http://a.example/?q=1&amp;r=2</a>"#)
        #expect(html("[url=https://a.example]s[/url]").contains(#"href="https://a.example""#))
        #expect(html("[url=mailto:a@b.example]m[/url]").contains(#"href="mailto:a@b.example""#))
        #expect(html("[url=/forumdisplay.php?f=1]r[/url]").contains(#"href="/forumdisplay.php?f=1""#))
        #expect(html("[url]www.a.example[/url]").contains(#"href="http://www.a.example""#))
    }

    @Test(arguments: [
        "javascript:alert(1)", "JaVaScRiPt:alert(1)", " javascript:alert(1)", "java\tscript:alert(1)",
        "java\nscript:alert(1)", "\u{1}javascript:alert(1)", "vbscript:msgbox(1)", "data:text/html,<script>",
        "file:///etc/passwd", "&#106;avascript:alert(1)",
    ])
    func dangerousLinksAreNotLinks(address: String) {
        for dialect in Dialect.bbcodeCases {
            let rendered = html("[url=\(address)]x[/url] [url]\(address)[/url] [email=\(address)]x[/email]", dialect)
            #expect(!hrefs(in: rendered).contains(where: isDangerous), "\(dialect): \(rendered)")
        }
    }

    @Test func imagesNeedAWebAddress() {
        #expect(html("[img]https://i.example/a.png[/img]") == #"<img class="bbc-img" src="https://i.example/a.png" alt="">"#)
        #expect(html("[timg]http://i.example/a.png[/timg]") == #"<a class="bbc-timg" href="http://i.example/a.png" rel="nofollow ugc" title="Click to view full size"><img class="bbc-timg" src="http://i.example/a.png" alt=""></a>"#)
        #expect(html("[img]javascript:alert(1)[/img]") == "[img]javascript:alert(1)[/img]")
        #expect(html("[img]/local.png[/img]") == "[img]/local.png[/img]")
        #expect(html("[img][b]x[/b]\ny[/img]") == "[img]<b>x</b><br>\ny[/img]")
        #expect(BBCode.parse("[img][b]x[/b]\ny[/img]", dialect: .somethingawful).renderText() == "[img]x\ny[/img]")
    }

    @Test func colourStylesOnlyForColourValues() {
        #expect(html("[color=red]x[/color]", .vbulletin) == #"<span class="bbc-color" style="color: red">x</span>"#)
        #expect(html("[color=#ff0000]x[/color]", .vbulletin) == #"<span class="bbc-color" style="color: #ff0000">x</span>"#)
        // vBulletin accepts `#?\w+`, which is no CSS colour: no style at all.
        #expect(html("[color=ff_00]x[/color]", .vbulletin) == #"<span class="bbc-color">x</span>"#)
    }

    /// `[heading=1]` is `<h2>`; the level is clamped to h2...h6 however many digits the post has.
    @Test func headingLevelsAreClampedWhateverTheNumber() {
        let cases: [(String, Dialect, Int)] = [
            ("[heading=1]x[/heading]", .xenforo, 2), ("[heading=3]x[/heading]", .xenforo, 4),
            ("[heading=9]x[/heading]", .xenforo, 6), ("[heading]x[/heading]", .xenforo, 2),
            ("[heading=9223372036854775807]x[/heading]", .xenforo, 6),
            ("[heading=99999999999999999999999999]x[/heading]", .xenforo, 6),
            ("[h=2]x[/h]", .vbulletin, 3), ("[h=9223372036854775807]x[/h]", .vbulletin, 6),
            ("[h=-9223372036854775808]x[/h]", .vbulletin, 2), ("[h=+4]x[/h]", .vbulletin, 5),
            ("[h=big]x[/h]", .vbulletin, 2), ("[h=0]x[/h]", .vbulletin, 2),
        ]
        for (source, dialect, level) in cases {
            #expect(html(source, dialect) == "<h\(level) class=\"bbc-heading\">x</h\(level)>", "\(dialect) \(source)")
        }
    }

    @Test func verbatimContentIsEscapedText() {
        #expect(html("[noparse][b]<i>[/b][/noparse]", .vbulletin) == "[b]&lt;i&gt;[/b]")
        #expect(html("[plain][url]javascript:x[/url][/plain]", .xenforo) == "[url]javascript:x[/url]")
    }

    @Test func everyOpenedElementIsClosed() {
        let rendered = html("[list][*][b]a[i]b[/b]c[*]d[/list][quote][spoiler]x", .xenforo)
        #expect(rendered.contains("<b>") && rendered.contains("<blockquote"))
        for tag in ["ul", "li", "b", "i", "blockquote", "div"] {
            let opened = rendered.components(separatedBy: "<\(tag)>").count + rendered.components(separatedBy: "<\(tag) ").count - 2
            let closed = rendered.components(separatedBy: "</\(tag)>").count - 1
            #expect(opened == closed, "\(tag) in \(rendered)")
        }
    }
}
