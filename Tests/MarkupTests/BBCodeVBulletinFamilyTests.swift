import Testing
@testable import Markup

/// Something Awful and stock vBulletin share vBulletin's parser (`build_parse_array`,
/// `fix_tags`, `parse_array`); these are its rules, and where the two differ.
@Suite struct BBCodeVBulletinFamilyTests {
    static let family: [Dialect] = [.somethingawful, .vbulletin]

    @Test func somethingAwfulKnowsItsOwnTags() {
        let source = "[s]s[/s][spoiler]sp[/spoiler][fixed]f[/fixed][sub]d[/sub][super]u[/super][timg]http://i.example/a.png[/timg]"
        #expect(
            outline(source, .somethingawful)
                == #"s("s") spoiler("sp") fixed("f") sub("d") super("u") timg("http://i.example/a.png")"#)
        #expect(outline("[pre]\n  two  spaces\n[/pre]", .somethingawful) == #"pre("  two  spaces")"#)
        #expect(outline("[video]http://v.example/1[/video]", .somethingawful) == #"video("http://v.example/1")"#)
    }

    @Test func somethingAwfulLacksStockVBulletinTags() {
        for source in ["[color=red]x[/color]", "[sup]x[/sup]", "[center]x[/center]", "[php]x[/php]", "[email]a@b.c[/email]"] {
            #expect(outline(source, .somethingawful) == "\"\(source)\"")
        }
    }

    @Test func stockVBulletinLacksSomethingAwfulTags() {
        for source in ["[s]x[/s]", "[spoiler]x[/spoiler]", "[fixed]x[/fixed]", "[timg]x[/timg]", "[super]x[/super]"] {
            #expect(outline(source, .vbulletin) == "\"\(source)\"")
        }
    }

    /// Something Awful's quote button writes `[quote="name" post="id"]`.
    @Test func somethingAwfulQuoteNamesAuthorAndPost() throws {
        let document = BBCode.parse(#"[quote="Some Goon" post="4242"]text[/quote]"#, dialect: .somethingawful)
        #expect(outline(document) == #"quote=Some Goon{post=4242}("text")"#)
        let quote = try #require(document.nodes[1].element)
        let source = Dialect.somethingawful.bbcodeEngine.quoteSource(of: quote)
        #expect(source == BBCodeQuoteSource(author: "Some Goon", postID: "4242"))
        #expect(document.renderText() == "Some Goon posted:\ntext")
    }

    @Test func somethingAwfulQuoteWithOnlyAName() {
        #expect(outline("[quote=Goon]x[/quote]", .somethingawful) == #"quote=Goon("x")"#)
        #expect(outline(#"[quote="Goon"]x[/quote]"#, .somethingawful) == #"quote=Goon("x")"#)
    }

    /// Stock vBulletin reads `name;postid`; `[quote="name" post="1"]` is one odd name to it.
    @Test func vBulletinQuoteSplitsNameAndPostAtTheSemicolon() throws {
        let document = BBCode.parse("[quote=Bob;123]x[/quote]", dialect: .vbulletin)
        let quote = try #require(document.nodes[1].element)
        #expect(Dialect.vbulletin.bbcodeEngine.quoteSource(of: quote) == BBCodeQuoteSource(author: "Bob", postID: "123"))
        #expect(document.renderText() == "Originally Posted by Bob\nx")
        #expect(outline(#"[quote="a" post="1"]x[/quote]"#, .vbulletin) == #"quote=a" post="1("x")"#)
    }

    /// `fix_tags`: an opening tag never closed is shown as typed, and its content stays parsed.
    @Test(arguments: family)
    func unclosedTagsAreLiteralButTheirContentIsParsed(dialect: Dialect) {
        #expect(outline("[b]x [i]y[/i]", dialect) == #""[b]x " i("y")"#)
        #expect(outline("[b][i]x[/b]y", dialect) == #"b("[i]x") "y""#)
        #expect(outline("[url=http://a.example]never closed", dialect) == #""[url=http://a.example]never closed""#)
    }

    /// An unknown name leaves only its `[`; the scan goes on from the next character.
    @Test(arguments: family)
    func anUnknownTagGivesBackOnlyItsBracket(dialect: Dialect) {
        #expect(outline("[[b]x[/b]]", dialect) == #""[" b("x") "]""#)
        #expect(outline("[b[/b]]x", dialect) == #""[b[/b]]x""#)
        #expect(outline("[b [i]x[/i]", dialect) == #""[b " i("x")"#)
    }

    @Test(arguments: family)
    func closingTagsCloseTheInnermostOfTheirName(dialect: Dialect) {
        #expect(outline("[b]a[b]b[/b]c[/b]", dialect) == #"b("a" b("b") "c")"#)
    }

    /// vBulletin escapes posts with htmlspecialchars_uni, which keeps `&#NNN;`: the reader sees
    /// the character, and the parser never saw a bracket. Hex and named references show as typed.
    @Test(arguments: family)
    func decimalReferencesShowAsCharacters(dialect: Dialect) {
        #expect(outline("&#91;b]not bold&#91;/b]", dialect) == #""[b]not bold[/b]""#)
        #expect(outline("&#x5B;b] &amp; &lt; &#128512;", dialect) == "\"&#x5B;b] &amp; &lt; \u{1F600}\"")
        #expect(outline("&#0; &#99999999; &#150;", dialect) == "\"\u{FFFD} \u{FFFD} \u{2013}\"")
    }

    @Test func somethingAwfulDoesNotHonourNoparse() {
        #expect(outline("[noparse][b]x[/b][/noparse]", .somethingawful) == #""[noparse]" b("x") "[/noparse]""#)
    }

    @Test func vBulletinNoparseShowsTagsAsText() {
        #expect(outline("[noparse][b]x[/b] [url]y[/url][/noparse]", .vbulletin) == #"noparse("[b]x[/b] [url]y[/url]")"#)
        // fix_tags reads nothing inside it, not even a closing tag that would otherwise misnest.
        #expect(outline("[i][noparse]a[/i]b[/noparse][/i]", .vbulletin) == #"i(noparse("a[/i]b"))"#)
        // Unclosed, it is literal text, and fix_tags has read nothing after it as a tag either.
        #expect(outline("[noparse][b]x[/b]", .vbulletin) == #""[noparse][b]x[/b]""#)
    }

    /// `[php]` and `[html]` stop parsing; in vBulletin 4 `[code]` does not (no stop_parse).
    @Test func vBulletinStopParseTags() {
        #expect(outline("[php][b]x[/b][/php]", .vbulletin) == #"php("[b]x[/b]")"#)
        #expect(outline("[html]<b>[i]x[/i]</b>[/html]", .vbulletin) == #"html("<b>[i]x[/i]</b>")"#)
        #expect(outline("[code][b]x[/b][/code]", .vbulletin) == #"code(b("x"))"#)
    }

    /// Unverified for Something Awful, so the converter is told the strict thing: `[code]` is
    /// parsed like any other tag, and only a reference (`&#91;`) keeps a bracket literal in it.
    @Test func somethingAwfulCodeIsAssumedParsed() {
        #expect(outline("[code][b]x[/b][/code]", .somethingawful) == #"code(b("x"))"#)
        #expect(outline("[code]&#91;b]x&#91;/b] &#91;/code][/code]", .somethingawful) == #"code("[b]x[/b] [/code]")"#)
    }

    /// A misnested closing tag of an outer element also ends a stop-parse element, which then
    /// opens again (fix_tags does not know about stop_parse).
    @Test func vBulletinMisnestingReachesIntoStopParseTags() {
        #expect(outline("[b][php]x[/b]y[/php]", .vbulletin) == #"b(php("x")) php("y")"#)
    }

    @Test(arguments: family)
    func quotedOptionsUseEitherQuote(dialect: Dialect) {
        #expect(outline("[url='http://a.example/]x']t[/url]", dialect) == #"url=http://a.example/]x("t")"#)
        // Without a closing `"]` the quote is just a character of the option.
        #expect(outline(#"[url="http://a.example]t[/url]"#, dialect) == #"url="http://a.example("t")"#)
    }

    @Test func vBulletinChecksOptions() {
        #expect(outline("[color=red]a[/color][color=#ff0000]b[/color]", .vbulletin) == #"color=red("a") color=#ff0000("b")"#)
        #expect(outline("[color=red;x]a[/color]", .vbulletin) == #""[color=red;x]a[/color]""#)
        #expect(outline("[size=+2]a[/size][size=big]b[/size]", .vbulletin) == #"size=+2("a") "[size=big]b[/size]""#)
        #expect(outline("[font=Comic Sans]a[/font][font=a:b]c[/font]", .vbulletin) == #"font=Comic Sans("a") "[font=a:b]c[/font]""#)
        #expect(outline("[color]a[/color]", .vbulletin) == #""[color]a[/color]""#)
    }

    /// `handle_bbcode_list`: text before the first `[*]` is dropped; any option but a, A, i, I
    /// numbers from 1.
    @Test(arguments: family)
    func listsFollowHandleBBCodeList(dialect: Dialect) {
        #expect(outline("[list]lost[*]a[*]b[/list]", dialect) == #"list(*("a") *("b"))"#)
        let engine = dialect.bbcodeEngine
        #expect(engine.listStyle(option: nil) == .bullet)
        #expect(engine.listStyle(option: "1") == .decimal)
        #expect(engine.listStyle(option: "7") == .decimal)
        #expect(engine.listStyle(option: "a") == .lowerAlpha)
        #expect(engine.listStyle(option: "I") == .upperRoman)
    }

    /// `parse_whitespace_newlines` and `strip_space_after`: the newlines around block tags that
    /// vBulletin swallows.
    @Test(arguments: family)
    func newlinesAroundBlockTags(dialect: Dialect) {
        #expect(outline("a\n[list]\n[*]x\n[*]y\n[/list]\nb", dialect) == #""a" list(*("x") *("y")) "b""#)
        #expect(outline("[quote]\nq\n[/quote]\n\n\nafter", dialect) == #"quote("q") / "after""#)
        #expect(outline("[code]\nline\n[/code]\nafter", dialect) == #"code("line") "after""#)
    }

    @Test func numericReferencesInOptionsAreDecodedToo() {
        #expect(outline("[url=http://a.example/&#91;1&#93;]x[/url]", .vbulletin) == #"url=http://a.example/[1]("x")"#)
    }
}
