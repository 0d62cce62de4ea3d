import Testing
@testable import Markup

/// What every engine agrees on, checked for each of them.
@Suite struct BBCodeParserTests {
    @Test(arguments: Dialect.bbcodeCases)
    func basicInlineTagsNest(dialect: Dialect) {
        #expect(outline("[b]bold [i]both[/i][/b] plain", dialect) == #"b("bold " i("both")) " plain""#)
        #expect(outline("[u]under[/u]", dialect) == #"u("under")"#)
    }

    @Test(arguments: Dialect.bbcodeCases)
    func tagNamesIgnoreCase(dialect: Dialect) {
        let document = BBCode.parse("[B]x[/b] [uRl=http://a.example]y[/URL]", dialect: dialect)
        #expect(outline(document) == #"b("x") " " url=http://a.example("y")"#)
        #expect(document.nodes[1].element?.openingTag == "[B]")
        #expect(document.nodes[1].element?.closingTag == "[/b]")
    }

    @Test(arguments: Dialect.bbcodeCases)
    func unknownTagsStayText(dialect: Dialect) {
        #expect(outline("[foo]x[/foo] [b]y[/b]", dialect) == #""[foo]x[/foo] " b("y")"#)
        #expect(outline("[/b] stray", dialect) == #""[/b] stray""#)
        #expect(outline("[] [ ] [=x] [/]", dialect) == #""[] [ ] [=x] [/]""#)
    }

    @Test(arguments: Dialect.bbcodeCases)
    func newlinesBecomeLineBreaks(dialect: Dialect) {
        #expect(outline("one\ntwo\r\nthree\rfour", dialect) == #""one" / "two" / "three" / "four""#)
    }

    @Test(arguments: Dialect.bbcodeCases)
    func emptyInputIsAnEmptyDocument(dialect: Dialect) {
        let document = BBCode.parse("", dialect: dialect)
        #expect(document.isEmpty)
        #expect(document.nodes.count == 1)
        #expect(document.renderHTML() == "")
        #expect(document.renderText() == "")
    }

    @Test(arguments: Dialect.bbcodeCases)
    func urlWithAndWithoutOption(dialect: Dialect) {
        #expect(outline("[url]http://a.example/x[/url]", dialect) == #"url("http://a.example/x")"#)
        #expect(outline("[url=http://a.example/x]text[/url]", dialect) == #"url=http://a.example/x("text")"#)
    }

    /// An unquoted option ends at the first `]`, so a `]` in a URL cuts it short...
    @Test(arguments: Dialect.bbcodeCases)
    func unquotedOptionEndsAtTheFirstBracket(dialect: Dialect) {
        #expect(outline("[url=http://a.example/]x]text[/url]", dialect) == #"url=http://a.example/("x]text")"#)
    }

    /// ...and a quoted one runs to `"]`, which is how a URL with `]` in it survives.
    @Test(arguments: Dialect.bbcodeCases)
    func quotedOptionMayContainBrackets(dialect: Dialect) {
        #expect(outline(#"[url="http://a.example/]x"]text[/url]"#, dialect) == #"url=http://a.example/]x("text")"#)
    }

    @Test(arguments: Dialect.bbcodeCases)
    func listItemsSplitTheList(dialect: Dialect) {
        #expect(outline("[list]\n[*]one\n[*]two\n[/list]", dialect) == #"list(*("one") *("two"))"#)
        #expect(outline("[list=1][*]a[*]b[/list]", dialect) == #"list=1(*("a") *("b"))"#)
    }

    @Test(arguments: Dialect.bbcodeCases)
    func listItemsNestWithTheirLists(dialect: Dialect) {
        let source = "[list][*]outer[list][*]inner[/list][*]next[/list]"
        #expect(outline(source, dialect) == #"list(*("outer" list(*("inner"))) *("next"))"#)
    }

    @Test(arguments: Dialect.bbcodeCases)
    func starOutsideAListIsText(dialect: Dialect) {
        #expect(outline("[*] not a list", dialect) == #""[*] not a list""#)
        #expect(outline("[b][*]x[/b]", dialect) == #"b("[*]x")"#)
    }

    @Test(arguments: Dialect.bbcodeCases)
    func quoteWithoutAttribution(dialect: Dialect) {
        let document = BBCode.parse("[quote]\nsaid\n[/quote]\nafter", dialect: dialect)
        #expect(outline(document) == #"quote("said") "after""#)
        #expect(document.renderText() == "said\nafter")
    }

    /// The outer closing tag closes the inner element too; vBulletin and XenForo open it again
    /// after, phpBB (whose b/i/u are spans, not reopened) leaves its closing tag as text.
    @Test(arguments: Dialect.bbcodeCases)
    func misnestedTagsCloseEarly(dialect: Dialect) {
        let expected = dialect == .phpbb ? #"b(i("x")) "y[/i]""# : #"b(i("x")) i("y")"#
        #expect(outline("[b][i]x[/b]y[/i]", dialect) == expected)
    }

    @Test(arguments: Dialect.bbcodeCases)
    func aListWithoutItemsIsOneItem(dialect: Dialect) {
        #expect(outline("[list]just text[/list]", dialect) == #"list(*("just text"))"#)
        #expect(outline("[list]\n[/list]", dialect) == #"list()"#)
    }

    @Test(arguments: Dialect.bbcodeCases)
    func unclosedTagFollowsTheEngine(dialect: Dialect) {
        let expected = dialect.keepsUnclosedTagsLiteral ? #""[b]bold to the end""# : #"b("bold to the end")"#
        #expect(outline("[b]bold to the end", dialect) == expected)
    }

    @Test(arguments: Dialect.bbcodeCases)
    func tagsThatTakeNoOptionRejectOne(dialect: Dialect) {
        #expect(outline("[b=1]x[/b]", dialect) == #""[b=1]x[/b]""#)
    }
}
