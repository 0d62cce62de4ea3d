import Testing
@testable import Markup

/// XenForo 2's `XF\BbCode\Parser` with the default `RuleSet`.
@Suite struct BBCodeXenForoTests {
    @Test func plainShowsEverythingInsideAsText() {
        #expect(outline("[plain][b]x[/b] [url]y[/url][/plain] [b]z[/b]", .xenforo) == #"plain("[b]x[/b] [url]y[/url]") " " b("z")"#)
        // Inside a plain tag an opening tag keeps only its `[`, and the scan resumes after it.
        #expect(outline("[plain][b=[/plain]]", .xenforo) == #"plain("[b=") "]""#)
    }

    @Test func codeAndInlineCodeAreVerbatimUnlessRich() {
        #expect(outline("[code][b]x[/b][/code]", .xenforo) == #"code("[b]x[/b]")"#)
        #expect(outline("[code=php][i]x[/code]", .xenforo) == #"code=php("[i]x")"#)
        #expect(outline("[code=rich][b]x[/b][/code]", .xenforo) == #"code=rich(b("x"))"#)
        #expect(outline("[icode][b]x[/b][/icode]", .xenforo) == #"icode("[b]x[/b]")"#)
        // A second [code] does not nest: the first [/code] ends the block.
        #expect(outline("[code][code]x[/code][/code]", .xenforo) == #"code("[code]x") "[/code]""#)
    }

    @Test func unclosedTagsCloseAtTheEnd() {
        #expect(outline("[b]x [i]y", .xenforo) == #"b("x " i("y"))"#)
        #expect(outline("[code]never closed [b]x[/b]", .xenforo) == #"code("never closed [b]x[/b]")"#)
    }

    @Test func linksDoNotNestAndBareURLsAreVerbatim() {
        #expect(outline("[url][b]x[/b][/url]", .xenforo) == #"url("[b]x[/b]")"#)
        #expect(
            outline("[url=http://a.example][url=http://b.example]x[/url][/url]", .xenforo)
                == #"url=http://a.example("[url=http://b.example]x") "[/url]""#)
    }

    @Test func quoteAttributionIsCommaSeparated() throws {
        let document = BBCode.parse(#"[QUOTE="Bob, post: 12, member: 3"]x[/QUOTE]"#, dialect: .xenforo)
        let quote = try #require(document.nodes[1].element)
        #expect(Dialect.xenforo.bbcodeEngine.quoteSource(of: quote) == BBCodeQuoteSource(author: "Bob", postID: "12"))
        #expect(document.renderText() == "Bob said:\nx")
    }

    @Test func secondGenerationAttributes() {
        #expect(
            outline(#"[img alt="a b" width=10]http://i.example/a.png[/img]"#, .xenforo)
                == #"img{alt=a b,width=10}("http://i.example/a.png")"#)
        // Tags that take no attributes do not become tags with them.
        #expect(outline("[b x=1]y[/b]", .xenforo) == #""[b x=1]y[/b]""#)
        // Without a closing `]` after the attributes it is text.
        #expect(outline("[img alt=x", .xenforo) == #""[img alt=x""#)
    }

    @Test func unknownTagsStayTextWhole() {
        #expect(outline("[foo=[b]x[/b]", .xenforo) == #""[foo=[b]x[/b]""#)
        #expect(outline("[tr]x[/tr]", .xenforo) == #""[tr]x[/tr]""#)
        #expect(outline("[table][tr][td]x[/td][/tr][/table]", .xenforo) == #"table(tr(td("x")))"#)
    }

    @Test func optionsAreChecked() {
        #expect(outline("[color=rgb(1, 2, 3)]a[/color][color=#abc]b[/color]", .xenforo) == #"color=rgb(1, 2, 3)("a") color=#abc("b")"#)
        #expect(outline("[color=#abcd]a[/color]", .xenforo) == #""[color=#abcd]a[/color]""#)
        #expect(outline("[size=12px]a[/size][size=huge]b[/size]", .xenforo) == #"size=12px("a") "[size=huge]b[/size]""#)
    }

    @Test func listsOnlyNumberWithOne() {
        #expect(outline("[list=1]intro[*]a[/list]", .xenforo) == #"list=1(*("intro") *("a"))"#)
        let engine = Dialect.xenforo.bbcodeEngine
        #expect(engine.listStyle(option: "1") == .decimal)
        #expect(engine.listStyle(option: "a") == .bullet)
    }

    @Test func spoilersAreBlocksWithTitles() {
        let document = BBCode.parse("before[spoiler=Plot]it was him[/spoiler]after [ispoiler]x[/ispoiler]", dialect: .xenforo)
        #expect(outline(document) == #""before" spoiler=Plot("it was him") "after " ispoiler("x")"#)
        #expect(document.renderText() == "before\nPlot\nit was him\nafter x")
    }

    /// Text before a `]` or a newline in a quoted attribute ends where XenForo's lazy `(.*)` does.
    @Test func quotedAttributeValuesEndAtQuoteSpaceOrBracket() {
        #expect(outline(#"[img alt="say "hi"]u[/img]"#, .xenforo) == #"img{alt=say "hi}("u")"#)
        // `now"` is no `name=value`, so the tag does not end in `]` after its attributes: text.
        #expect(outline(#"[img alt="say "hi" now"]u[/img]"#, .xenforo) == #""[img alt="say "hi" now"]u[/img]""#)
        #expect(outline("[img alt=\"a\nb\"]u[/img]", .xenforo) == #""[img alt="a" / "b"]u[/img]""#)
    }
}
