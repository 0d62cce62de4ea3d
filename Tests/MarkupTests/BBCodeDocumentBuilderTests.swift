import Testing
@testable import Markup

/// A document built element by element (as the forum's rendered post is read back) is drawn by
/// the same renderers as a parsed one, and a quote keeps the header it was given.
@Suite struct BBCodeDocumentBuilderTests {
    func element(_ role: BBCodeRole, option: String? = nil, header: String? = nil) -> BBCodeElement {
        BBCodeElement(name: role.rawValue, role: role, option: option, openingTag: "", header: header)
    }

    @Test func aBuiltDocumentDrawsLikeTheParsedOne() throws {
        var builder = BBCodeDocument.Builder(dialect: .somethingawful)
        builder.open(element(.bold))
        builder.text("hi")
        builder.close()
        builder.text(" there\nnext")
        builder.open(element(.quote, header: "Lowtax posted:"))
        builder.text("quoted")
        builder.close()
        builder.open(element(.list, option: "a"))
        for item in ["one", "two"] {
            builder.open(element(.listItem))
            builder.text(item)
            builder.close()
        }
        builder.close()
        builder.close()  // one too many: nothing is open, nothing happens
        let built = builder.build()

        let parsed = BBCode.parse("[b]hi[/b] there\nnext[quote=Lowtax]quoted[/quote][list=a][*]one[*]two[/list]", dialect: .somethingawful)
        let renderer = TerminalRenderer(theme: try BundledThemeFixture.theme("default"), depth: .truecolor, width: 40)
        #expect(renderer.render(built, header: "me") == renderer.render(parsed, header: "me"))
        #expect(built.renderText() == parsed.renderText())
        // Text never holds a newline: each is a line break node; adjacent text is one node.
        #expect(built.nodes.allSatisfy { $0.text?.contains("\n") != true })
        #expect(built.nodes.compactMap(\.text) == ["hi", " there", "next", "quoted", "one", "two"])
    }

    @Test func aQuotesOwnHeaderWinsOverTheEnginesWords() {
        var builder = BBCodeDocument.Builder(dialect: .phpbb)
        builder.open(element(.quote, option: "Kyle", header: "Kyle posted:"))
        builder.text("hi")
        let document = builder.build()  // the quote is closed for us
        #expect(document.renderText() == "Kyle posted:\nhi")
        #expect(document.renderHTML().contains("<div class=\"bbc-quote-header\">Kyle posted:</div>"))
        // Without one, the engine words it.
        #expect(BBCode.parse("[quote=Kyle]hi[/quote]", dialect: .phpbb).renderText() == "Kyle wrote:\nhi")
    }

    @Test func anEmptyBuilderIsAnEmptyDocument() {
        let document = BBCodeDocument.Builder(dialect: .xenforo).build()
        #expect(document.isEmpty && document.nodes.count == 1)
    }
}
