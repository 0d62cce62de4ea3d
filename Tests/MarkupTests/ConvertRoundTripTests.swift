import Testing
import Markup

/// The escaping cases where peers fail, proved against each engine's parser model: in strict
/// mode the forum must show exactly the text a browser shows for cmark's HTML.
@Suite struct ConvertRoundTripTests {
    static let hardCases: [String] = [
        "`[b]x[/b]`",
        "`[/fixed] [/icode] [/font] [/code]`",
        "```\n[b]bold?[/b] [/code] [quote] [*]\n```",
        "```swift\nlet a = \"[/CODE]\"\n```",
        "> ```\n> [/quote] [/list]\n> ```",
        "- ```\n  [/list][*]\n  ```",
        "    [/code] indented [noparse]\n",
        "[b]x[/b] [url=http://a]y[/url] [*] [quote=\"a\" post=\"1\"]q[/quote] [list][*]z[/list]",
        "[noparse][b]n[/b][/noparse] [plain][i]p[/i][/plain]",
        "[link](http://x.example/a]b) [t](<http://x.example/a b>) <http://x.example/[1]>",
        "[**bold [b] link**](http://x.example/)",
        "![alt [b]](http://x.example/i.png) ![rel](pic.png)",
        "&amp;#91; &amp;#8364; &#91;b&#93; &lbrack;i&rbrack;",
        "[ [b [/ [[b]] [/b [*",
        "*[i]* **[/b]** _[u]_",
        "<code>[b]x[/code]</code> <b>[/b]</b>",
        "<pre>\n[/code][b]\n</pre>",
        "<details>\n<summary>[b]s</summary>\n\n[/spoiler] body\n\n</details>",
        "3. [*] three\n4. [/list] four",
        "# [h=1]heading[/h]\n\n## [size=7]x",
        "a  \n[b]after a hard break",
        "~~[s]~~ ||[spoiler]||",
        "x [img]http://a.example/b.png[/img] [timg]http://a.example/c.png[/timg]",
        "[quote]\n\n> [/quote] inside\n\n[/quote]",
    ]

    @Test(arguments: Dialect.bbcodeCases)
    func strictRoundTripOnTheHardCases(dialect: Dialect) {
        for markdown in Self.hardCases {
            let forum = VisibleText.ofForumPost(markdown, dialect: dialect, options: .init(strict: true))
            let browser = VisibleText.ofBrowserPage(markdown)
            let bbcode = BBCodeConverter(dialect: dialect, options: .init(strict: true)).convert(markdown)
            #expect(forum == browser, "\(markdown.debugDescription) -> \(bbcode.debugDescription)")
        }
    }

    @Test(arguments: Dialect.bbcodeCases)
    func softBreaksAsNewlinesShowTheSameText(dialect: Dialect) {
        let markdown = "one\ntwo [b]\nthree"
        let forum = VisibleText.ofForumPost(markdown, dialect: dialect, options: .init(strict: true, softBreaks: .newline))
        #expect(forum == VisibleText.ofBrowserPage(markdown))
    }
}
