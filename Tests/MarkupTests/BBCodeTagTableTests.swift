import Testing
@testable import Markup

/// Every tag in every engine's table, one by one: it parses as that element, in any case, and
/// renders; and each engine's list matches its documentation.
@Suite struct BBCodeTagTableTests {
    /// A valid option for tags that require one.
    static let options: [String: String] = [
        "color": "red", "size": "3", "font": "Arial", "h": "2", "media": "youtube", "user": "1",
        "flash": "1,1", "attachment": "0",
    ]

    /// `[name]x[/name]` (with an option where required), inside the parents it needs.
    static func sample(_ rule: BBCodeTagRule, upperCase: Bool = false) -> String {
        let name = upperCase ? rule.name.uppercased() : rule.name
        let open = rule.option == .required ? "[\(name)=\(options[rule.name] ?? "1")]" : "[\(name)]"
        let content = rule.role == .image ? "http://i.example/a.png" : "x"
        let tag = rule.name == "*" ? "\(open)\(content)" : "\(open)\(content)[/\(name)]"
        switch rule.name {
        case "*": return "[list]\(tag)[/list]"
        case "tr": return "[table]\(tag)[/table]"
        case "td", "th": return "[table][tr]\(tag)[/tr][/table]"
        default: return tag
        }
    }

    @Test(arguments: Dialect.allCases)
    func everyTagParsesAsItsElement(dialect: Dialect) {
        let engine = dialect.bbcodeEngine
        for rule in engine.tags.values {
            for upperCase in [false, true] {
                let source = Self.sample(rule, upperCase: upperCase)
                let document = BBCode.parse(source, dialect: dialect)
                let element = document.nodes.lazy.compactMap(\.element).first { $0.name == rule.name }
                #expect(element?.role == rule.role, "\(dialect) \(source): \(outline(document))")
                #expect(!document.renderHTML().isEmpty, "\(dialect) \(source)")
            }
        }
    }

    @Test func tagListsMatchTheDocumentation() {
        func names(_ dialect: Dialect) -> Set<String> { Set(dialect.bbcodeEngine.tags.keys) }
        #expect(names(.somethingawful) == [
            "b", "i", "u", "s", "sub", "super", "spoiler", "fixed", "pre", "code", "quote", "url", "img", "timg",
            "video", "list", "*",
        ])
        #expect(names(.phpbb) == [
            "b", "i", "u", "color", "size", "quote", "code", "list", "*", "url", "email", "img", "flash", "attachment",
        ])
        #expect(names(.vbulletin).isSuperset(of: ["noparse", "php", "html", "code", "quote", "color", "highlight"]))
        #expect(names(.vbulletin).isDisjoint(with: ["s", "spoiler", "fixed", "plain"]))
        #expect(names(.xenforo).isSuperset(of: ["plain", "icode", "ispoiler", "spoiler", "media", "user", "s"]))
        #expect(names(.xenforo).isDisjoint(with: ["noparse", "fixed", "timg"]))
    }

    @Test func engineFactsTheConverterReliesOn() {
        // Each engine is its own dialect's: a table copied from another keeps its `dialect:` line.
        #expect(Dialect.allCases.filter { $0.bbcodeEngine.dialect != $0 } == [])
        #expect(Dialect.somethingawful.bbcodeEngine.noParseTag == nil)
        #expect(Dialect.vbulletin.bbcodeEngine.noParseTag == "noparse")
        #expect(Dialect.phpbb.bbcodeEngine.noParseTag == nil)
        #expect(Dialect.xenforo.bbcodeEngine.noParseTag == "plain")
        #expect(Dialect.allCases.filter { $0.bbcodeEngine.decodesNumericCharacterReferences } == [.somethingawful, .vbulletin])
        #expect(Dialect.allCases.filter { $0.bbcodeEngine.unclosedTags == .literal } == [.somethingawful, .vbulletin])
        #expect(Dialect.somethingawful.bbcodeEngine.rule(for: "CODE")?.isVerbatim(option: nil) == false)
        #expect(Dialect.xenforo.bbcodeEngine.rule(for: "code")?.isVerbatim(option: nil) == true)
        #expect(Dialect.xenforo.bbcodeEngine.rule(for: "code")?.isVerbatim(option: "RICH") == false)
    }
}
