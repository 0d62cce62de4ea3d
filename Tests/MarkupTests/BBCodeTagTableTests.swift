import Foundation
import Testing
@testable import Markup

/// Every tag of every engine, one by one, against what the engine documents (docs/bbcode-parsers.md):
/// the tag list exactly, the meaning of each tag, and the HTML each renders (in Missive's `bbc-*`
/// classes, the engine's own wording for quote headers), in lower and upper case.
@Suite struct BBCodeTagTableTests {
    /// One documented tag: a post using it, what the tag means, and the HTML it shows as.
    struct Tag: Sendable {
        let name: String
        let role: BBCodeRole
        let sample: String
        let html: String

        init(_ name: String, _ role: BBCodeRole, _ sample: String, _ html: String) {
            self.name = name
            self.role = role
            self.sample = sample
            self.html = html
        }
    }

    static let bold = Tag("b", .bold, "[b]x[/b]", "<b>x</b>")
    static let italic = Tag("i", .italic, "[i]x[/i]", "<i>x</i>")
    static let underline = Tag("u", .underline, "[u]x[/u]", "<u>x</u>")
    static let strike = Tag("s", .strike, "[s]x[/s]", "<s>x</s>")
    static let image = Tag(
        "img", .image, "[img]http://i.example/a.png[/img]", #"<img class="bbc-img" src="http://i.example/a.png" alt="">"#)
    static let code = Tag("code", .code, "[code]x[/code]", #"<pre class="bbc-code"><code>x</code></pre>"#)
    static let listItem = Tag("*", .listItem, "[list][*]x[*]y[/list]", #"<ul class="bbc-list"><li>x</li><li>y</li></ul>"#)
    static let email = Tag(
        "email", .email, "[email]a@b.example[/email]",
        #"<a class="bbc-url" href="mailto:a@b.example" rel="nofollow ugc">a@b.example</a>"#)
    static let video = Tag(
        "video", .video, "[video]http://v.example/1[/video]",
        #"<a class="bbc-video" href="http://v.example/1" rel="nofollow ugc">http://v.example/1</a>"#)
    static let color = Tag("color", .color, "[color=red]x[/color]", #"<span class="bbc-color" style="color: red">x</span>"#)
    static let size = Tag("size", .size, "[size=3]x[/size]", #"<span class="bbc-size" data-size="3">x</span>"#)
    static let font = Tag("font", .font, "[font=Arial]x[/font]", #"<span class="bbc-font" data-font="Arial">x</span>"#)
    static let hr = Tag("hr", .horizontalRule, "[hr][/hr]", #"<hr class="bbc-hr">"#)
    static let attach = Tag("attach", .attachment, "[attach]1[/attach]", #"<span class="bbc-attach">1</span>"#)
    static let alignments = [
        Tag("left", .alignLeft, "[left]x[/left]", #"<div class="bbc-left">x</div>"#),
        Tag("center", .alignCenter, "[center]x[/center]", #"<div class="bbc-center">x</div>"#),
        Tag("right", .alignRight, "[right]x[/right]", #"<div class="bbc-right">x</div>"#),
    ]
    static let indent = Tag("indent", .indent, "[indent]x[/indent]", #"<div class="bbc-indent">x</div>"#)
    static let languageBlocks = ["php", "html"].map {
        Tag($0, .code, "[\($0)]x[/\($0)]", #"<pre class="bbc-code" data-language="\#($0)"><code>x</code></pre>"#)
    }

    static let documented: [Dialect: [Tag]] = [
        .somethingawful: [
            bold, italic, underline, strike, image, code, listItem, video,
            Tag("sub", .subscript, "[sub]x[/sub]", "<sub>x</sub>"),
            Tag("super", .superscript, "[super]x[/super]", "<sup>x</sup>"),
            Tag("spoiler", .spoiler, "[spoiler]x[/spoiler]", #"<span class="bbc-spoiler">x</span>"#),
            Tag("fixed", .fixed, "[fixed]x[/fixed]", #"<code class="bbc-fixed">x</code>"#),
            Tag("pre", .preformatted, "[pre]x[/pre]", #"<pre class="bbc-pre">x</pre>"#),
            Tag(
                "quote", .quote, #"[quote="Goon" post="9"]x[/quote]"#,
                #"<blockquote class="bbc-quote" data-post="9"><div class="bbc-quote-header">Goon posted:</div><div class="bbc-quote-body">x</div></blockquote>"#),
            Tag("url", .link, "[url=http://a.example/]x[/url]", #"<a class="bbc-url" href="http://a.example/" rel="nofollow ugc">x</a>"#),
            Tag(
                "timg", .image, "[timg]http://i.example/a.png[/timg]",
                #"<a class="bbc-timg" href="http://i.example/a.png" rel="nofollow ugc" title="Click to view full size"><img class="bbc-timg" src="http://i.example/a.png" alt=""></a>"#),
            Tag("list", .list, "[list=1][*]x[/list]", #"<ol class="bbc-list" type="1"><li>x</li></ol>"#),
        ],
        .vbulletin: [
            bold, italic, underline, image, code, listItem, email, video, color, size, font, hr, attach, indent,
            Tag("sub", .subscript, "[sub]x[/sub]", "<sub>x</sub>"),
            Tag("sup", .superscript, "[sup]x[/sup]", "<sup>x</sup>"),
            Tag("highlight", .highlight, "[highlight]x[/highlight]", #"<mark class="bbc-highlight">x</mark>"#),
            Tag("h", .heading, "[h=2]x[/h]", #"<h3 class="bbc-heading">x</h3>"#),
            Tag(
                "quote", .quote, "[quote=Bob;12]x[/quote]",
                #"<blockquote class="bbc-quote" data-post="12"><div class="bbc-quote-header">Originally Posted by Bob</div><div class="bbc-quote-body">x</div></blockquote>"#),
            Tag("noparse", .noParse, "[noparse][b]x[/b][/noparse]", "[b]x[/b]"),
            Tag("url", .link, "[url]http://a.example/[/url]", #"<a class="bbc-url" href="http://a.example/" rel="nofollow ugc">http://a.example/</a>"#),
            Tag("thread", .threadLink, "[thread]12[/thread]", #"<a class="bbc-url" href="showthread.php?t=12" rel="nofollow ugc">12</a>"#),
            Tag(
                "post", .postLink, "[post]12[/post]",
                #"<a class="bbc-url" href="showthread.php?p=12#post12" rel="nofollow ugc">12</a>"#),
            Tag("list", .list, "[list=a][*]x[/list]", #"<ol class="bbc-list" type="a"><li>x</li></ol>"#),
        ] + alignments + languageBlocks,
        .phpbb: [
            bold, italic, underline, image, code, listItem, email, color, size,
            Tag(
                "quote", .quote, #"[quote="Bob" post_id=3]x[/quote]"#,
                #"<blockquote class="bbc-quote" data-post="3"><div class="bbc-quote-header">Bob wrote:</div><div class="bbc-quote-body">x</div></blockquote>"#),
            Tag("list", .list, "[list=A][*]x[/list]", #"<ol class="bbc-list" type="A"><li>x</li></ol>"#),
            Tag("url", .link, "[url]http://a.example/[/url]", #"<a class="bbc-url" href="http://a.example/" rel="nofollow ugc">http://a.example/</a>"#),
            Tag(
                "flash", .video, "[flash=1,1]http://v.example/1.swf[/flash]",
                #"<a class="bbc-video" href="http://v.example/1.swf" rel="nofollow ugc">http://v.example/1.swf</a>"#),
            Tag("attachment", .attachment, "[attachment=0]a.png[/attachment]", #"<span class="bbc-attach">a.png</span>"#),
        ],
        .xenforo: [
            bold, italic, underline, strike, image, listItem, color, size, font, hr, attach, indent,
            Tag(
                "email", .email, "[email=a@b.example]x[/email]",
                #"<a class="bbc-url" href="mailto:a@b.example" rel="nofollow ugc">x</a>"#),
            Tag("url", .link, "[url=http://a.example/]x[/url]", #"<a class="bbc-url" href="http://a.example/" rel="nofollow ugc">x</a>"#),
            Tag("embed", .embed, "[embed]x[/embed]", #"<div class="bbc-embed">x</div>"#),
            Tag("justify", .alignJustify, "[justify]x[/justify]", #"<div class="bbc-justify">x</div>"#),
            Tag("heading", .heading, "[heading=1]x[/heading]", #"<h2 class="bbc-heading">x</h2>"#),
            Tag(
                "quote", .quote, #"[quote="Bob, post: 3, member: 4"]x[/quote]"#,
                #"<blockquote class="bbc-quote" data-post="3"><div class="bbc-quote-header">Bob said:</div><div class="bbc-quote-body">x</div></blockquote>"#),
            Tag("code", .code, "[code=swift]x[/code]", #"<pre class="bbc-code" data-language="swift"><code>x</code></pre>"#),
            Tag("icode", .inlineCode, "[icode]x[/icode]", #"<code class="bbc-icode">x</code>"#),
            Tag("list", .list, "[list=1][*]x[/list]", #"<ol class="bbc-list" type="1"><li>x</li></ol>"#),
            Tag("plain", .noParse, "[plain][b]x[/b][/plain]", "[b]x[/b]"),
            Tag("media", .video, "[media=youtube]abc[/media]", #"<span class="bbc-video">abc</span>"#),
            Tag(
                "spoiler", .spoiler, "[spoiler=Title]x[/spoiler]",
                #"<div class="bbc-spoiler bbc-spoiler-block"><div class="bbc-spoiler-title">Title</div><div class="bbc-spoiler-body">x</div></div>"#),
            Tag("ispoiler", .inlineSpoiler, "[ispoiler]x[/ispoiler]", #"<span class="bbc-spoiler">x</span>"#),
            Tag("user", .mention, "[user=1]Bob[/user]", #"<span class="bbc-user" data-user="1">Bob</span>"#),
            Tag("table", .table, "[table][/table]", #"<table class="bbc-table"></table>"#),
            Tag("tr", .tableRow, "[table][tr][/tr][/table]", #"<table class="bbc-table"><tr></tr></table>"#),
            Tag("th", .tableHeaderCell, "[table][tr][th]x[/th][/tr][/table]", #"<table class="bbc-table"><tr><th>x</th></tr></table>"#),
            Tag("td", .tableCell, "[table][tr][td]x[/td][/tr][/table]", #"<table class="bbc-table"><tr><td>x</td></tr></table>"#),
        ] + alignments + languageBlocks,
    ]

    @Test(arguments: Dialect.bbcodeCases)
    func tagListMatchesTheDocumentationExactly(dialect: Dialect) {
        let documented = Self.documented[dialect] ?? []
        #expect(Set(dialect.bbcodeEngine.tags.keys) == Set(documented.map(\.name)))
        #expect(documented.count == Set(documented.map(\.name)).count, "a tag documented twice")
    }

    @Test(arguments: Dialect.bbcodeCases)
    func everyTagMeansAndRendersWhatTheEngineDocuments(dialect: Dialect) {
        for tag in Self.documented[dialect] ?? [] {
            for source in [tag.sample, Self.upperCasing(tag.name, in: tag.sample)] {
                let document = BBCode.parse(source, dialect: dialect)
                let element = document.nodes.lazy.compactMap(\.element).first { $0.name == tag.name }
                #expect(element?.role == tag.role, "\(dialect) \(source): \(outline(document))")
                #expect(document.renderHTML() == tag.html, "\(dialect) \(source)")
            }
        }
    }

    /// `[url=http://a.example/]x[/url]` as `[URL=http://a.example/]x[/URL]`: the tag's own name
    /// only, not options, content or other tags (inside `[noparse]` they are text).
    static func upperCasing(_ name: String, in source: String) -> String {
        var result = source
        for prefix in ["[", "[/"] {
            for end in ["]", "=", " "] {
                result = result.replacingOccurrences(of: prefix + name + end, with: prefix + name.uppercased() + end)
            }
        }
        return result
    }

    @Test func engineFactsTheConverterReliesOn() {
        // Each engine is its own dialect's: a table copied from another keeps its `dialect:` line.
        #expect(Dialect.bbcodeCases.filter { $0.bbcodeEngine.dialect != $0 } == [])
        #expect(Dialect.somethingawful.bbcodeEngine.noParseTag == nil)
        #expect(Dialect.vbulletin.bbcodeEngine.noParseTag == "noparse")
        #expect(Dialect.phpbb.bbcodeEngine.noParseTag == nil)
        #expect(Dialect.xenforo.bbcodeEngine.noParseTag == "plain")
        #expect(Dialect.bbcodeCases.filter { $0.bbcodeEngine.decodesNumericCharacterReferences } == [.somethingawful, .vbulletin])
        #expect(Dialect.bbcodeCases.filter { $0.bbcodeEngine.unclosedTags == .literal } == [.somethingawful, .vbulletin])
        #expect(Dialect.somethingawful.bbcodeEngine.rule(for: "CODE")?.isVerbatim(option: nil) == false)
        #expect(Dialect.xenforo.bbcodeEngine.rule(for: "code")?.isVerbatim(option: nil) == true)
        #expect(Dialect.xenforo.bbcodeEngine.rule(for: "code")?.isVerbatim(option: "RICH") == false)
    }
}
