import Testing
@testable import Markup

/// The escape table of docs/bbcode-parsers.md, proved: what a reader sees for each way of
/// keeping a bracket literal, per dialect.
@Suite struct BBCodeEscapingTests {
    private func seen(_ source: String, _ dialect: Dialect) -> String {
        BBCode.parse(source, dialect: dialect).renderText()
    }

    private func elements(_ source: String, _ dialect: Dialect) -> [String] {
        BBCode.parse(source, dialect: dialect).nodes.compactMap { $0.element?.name }
    }

    @Test(arguments: [Dialect.somethingawful, .vbulletin])
    func decimalReferencesEscapeEverywhereOnVBulletinEngines(dialect: Dialect) {
        #expect(seen("&#91;b]x&#91;/b]", dialect) == "[b]x[/b]")
        #expect(elements("&#91;b]x&#91;/b]", dialect).isEmpty)
        let code = "[code]&#91;b]x&#91;/b] &#91;/code] y[/code]"
        #expect(elements(code, dialect) == ["code"])
        #expect(seen(code, dialect) == "[b]x[/b] [/code] y")
        #expect(seen("&#38;#91;", dialect) == "&#91;")
    }

    @Test func vBulletinNoparseEscapesProse() {
        #expect(seen("[noparse][b]x[/b][/noparse]", .vbulletin) == "[b]x[/b]")
        #expect(elements("[noparse][b]x[/b][/noparse]", .vbulletin) == ["noparse"])
    }

    @Test func phpBBBreaksTagsWithAnEmptyElement() {
        #expect(seen("[[b][/b]b]x[[b][/b]/b]", .phpbb) == "[b]x[/b]")
        #expect(seen("[code][b]x[/b][/code]", .phpbb) == "[b]x[/b]")
        // Nothing keeps a [/code] inside a code block: it ends the block.
        #expect(elements("[code]a [/code] b[/code]", .phpbb) == ["code"])
        #expect(seen("[code]a [/code] b[/code]", .phpbb) == "a\nb[/code]")
    }

    @Test func xenForoPlainEscapesProse() {
        #expect(seen("[plain][b]x[/b][/plain]", .xenforo) == "[b]x[/b]")
        #expect(seen("[code][b]x[/b][/code]", .xenforo) == "[b]x[/b]")
        #expect(seen("[code][plain][/code][/plain][/code]", .xenforo) == "[plain]\n[/plain][/code]")
    }

    @Test(arguments: [Dialect.phpbb, .xenforo])
    func referencesDoNotEscapeWhereTheEngineEscapesAmpersands(dialect: Dialect) {
        #expect(seen("&#91;b]x", dialect) == "&#91;b]x")
    }

    @Test(arguments: Dialect.bbcodeCases)
    func aQuotedLinkTargetKeepsItsBracket(dialect: Dialect) throws {
        let document = BBCode.parse(#"[url="http://a.example/x]y"]t[/url]"#, dialect: dialect)
        #expect(document.nodes[1].element?.option == "http://a.example/x]y")
        #expect(document.renderHTML().contains(#"href="http://a.example/x]y""#))
    }

    @Test(arguments: [Dialect.somethingawful, .vbulletin])
    func aQuoteBracketInsideAQuotedTargetStillEndsIt(dialect: Dialect) {
        #expect(outline(#"[url="http://a.example/"]y"]t[/url]"#, dialect) == #"url=http://a.example/("y"]t")"#)
    }
}
