import Foundation
import Testing
import Markup

/// The CommonMark spec's 652 examples as a corpus: in --strict mode, what the forum shows of
/// the converter's BBCode must be what a browser shows of cmark's HTML (see VisibleText).
/// The examples are fetched by scripts/fetch-commonmark-spec.sh (`make test` runs it).
@Suite struct CommonMarkSpecTests {
    struct Example: Decodable {
        let markdown: String
        let example: Int
        let section: String
    }

    static let specPath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".cache/commonmark-spec.json")

    static func examples() throws -> [Example] {
        guard let data = FileManager.default.contents(atPath: specPath.path) else {
            throw SpecMissing()
        }
        return try JSONDecoder().decode([Example].self, from: data)
    }

    struct SpecMissing: Error, CustomStringConvertible {
        var description: String {
            "\(CommonMarkSpecTests.specPath.path) is missing: run scripts/fetch-commonmark-spec.sh (make test does)"
        }
    }

    @Test func theCorpusIsThereAndWhole() throws {
        // Fails, never skips, when the corpus was not fetched.
        #expect(try Self.examples().count == 652)
    }

    @Test(arguments: Dialect.bbcodeCases)
    func strictRoundTripAgreesOnEveryExample(dialect: Dialect) throws {
        let examples = try Self.examples()
        var disagreements: [String] = []
        for example in examples {
            let forum = VisibleText.ofForumPost(example.markdown, dialect: dialect, options: .init(strict: true))
            let browser = VisibleText.ofBrowserPage(example.markdown)
            if forum != browser {
                disagreements.append("#\(example.example) (\(example.section)): forum \(forum.debugDescription) browser \(browser.debugDescription)")
            }
        }
        let agreeing = examples.count - disagreements.count
        print("CommonMark spec, \(dialect.rawValue), --strict: \(agreeing) of \(examples.count) agree")
        let report = "\(disagreements.count) disagree:\n" + disagreements.prefix(40).joined(separator: "\n")
        #expect(disagreements.isEmpty, Comment(rawValue: report))
    }
}
