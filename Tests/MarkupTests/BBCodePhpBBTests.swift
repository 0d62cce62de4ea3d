import Testing
@testable import Markup

/// phpBB 3.2+ parses with s9e\TextFormatter and its default BBCodes.
@Suite struct BBCodePhpBBTests {
    @Test func onlyTheDefaultBBCodesAreTags() {
        #expect(outline("[b]b[/b][i]i[/i][u]u[/u][color=#ff0000]c[/color][size=150]s[/size]", .phpbb)
            == #"b("b") i("i") u("u") color=#ff0000("c") size=150("s")"#)
        for source in ["[s]x[/s]", "[spoiler]x[/spoiler]", "[noparse]x[/noparse]", "[center]x[/center]"] {
            #expect(outline(source, .phpbb) == "\"\(source)\"")
        }
    }

    /// No noparse, and `&#91;` is escaped to `&amp;#91;` before display: it shows as typed.
    @Test func thereIsNoEscapeButCodeAndReferencesShowLiterally() {
        #expect(outline("[noparse][b]x[/b][/noparse]", .phpbb) == #""[noparse]" b("x") "[/noparse]""#)
        #expect(outline("&#91;b]x", .phpbb) == #""&#91;b]x""#)
    }

    /// Tags left open close at the end of their parent; `[url]` alone needs its closing tag
    /// (`$forceLookahead=true`).
    @Test func unclosedTagsCloseAtTheEnd() {
        #expect(outline("[b]bold [i]both", .phpbb) == #"b("bold " i("both"))"#)
        #expect(outline("[url]http://a.example and more", .phpbb) == #""[url]http://a.example and more""#)
        #expect(outline("[url=http://a.example]link", .phpbb) == #""[url=http://a.example]link""#)
        #expect(outline("[url]http://a.example[/URL]", .phpbb) == #"url("http://a.example")"#)
    }

    /// `[code]`'s template is `<pre><code>`, so s9e ignores every tag inside it.
    @Test func codeIsVerbatimUpToTheFirstClosingTag() {
        #expect(outline("[code][b]x[/b] [code]y[/code] z", .phpbb) == #"code("[b]x[/b] [code]y") " z""#)
        #expect(outline("[code=php]echo 1;[/code]", .phpbb) == #"code=php("echo 1;")"#)
    }

    @Test func quoteAttributes() throws {
        let document = BBCode.parse(#"[quote="Bob \"the\" Builder" post_id=12 time=99 user_id=3]x[/quote]"#, dialect: .phpbb)
        #expect(outline(document) == #"quote=Bob "the" Builder{post_id=12,time=99,user_id=3}("x")"#)
        let quote = try #require(document.nodes[1].element)
        #expect(Dialect.phpbb.bbcodeEngine.quoteSource(of: quote) == BBCodeQuoteSource(author: #"Bob "the" Builder"#, postID: "12"))
        #expect(document.renderText() == "Bob \"the\" Builder wrote:\nx")
        // An unquoted default value may hold spaces; it ends before `]` or another `name=`.
        #expect(outline("[quote=Bob Smith]x[/quote]", .phpbb) == #"quote=Bob Smith("x")"#)
        #expect(outline("[quote=Bob post_id=5]x[/quote]", .phpbb) == #"quote=Bob{post_id=5}("x")"#)
    }

    @Test func anUnterminatedAttributeValueIsNoTag() {
        #expect(outline("[quote=\"Bob]x[/quote]", .phpbb) == #""[quote="Bob]x[/quote]""#)
        #expect(outline("[quote=Bob\nSmith]x[/quote]", .phpbb) == #""[quote=Bob" / "Smith]x[/quote]""#)
    }

    @Test func listItemsMayBeClosedAndLooseTextIsAnItem() {
        #expect(outline("[list][*]a[/*][*]b[/list]", .phpbb) == #"list(*("a") *("b"))"#)
        #expect(outline("[list]first[*]second[/list]", .phpbb) == #"list(*("first") *("second"))"#)
        #expect(outline("[/*]", .phpbb) == #""[/*]""#)
        let engine = Dialect.phpbb.bbcodeEngine
        #expect(engine.listStyle(option: "1") == .decimal)
        #expect(engine.listStyle(option: "A") == .upperAlpha)
        #expect(engine.listStyle(option: "7") == .bullet)
    }

    @Test func urlAndImageContentIsTheAddressNotMarkup() {
        #expect(outline("[url][b]x[/b][/url]", .phpbb) == #"url("[b]x[/b]")"#)
        #expect(outline("[url=http://a.example][b]x[/b][/url]", .phpbb) == #"url=http://a.example(b("x"))"#)
        #expect(outline("[img][b]x[/b][/img]", .phpbb) == #"img("[b]x[/b]")"#)
    }
}
