import Foundation
import Testing
@testable import Compose

/// Every front matter error in one round, a missing closing `---` included, each pointing at a
/// line the reopened editor really shows.
@Suite struct FrontMatterAllErrorsTests {
    /// The problems of `text`, as `Buffer.parse` reports them.
    func problems(_ text: String) -> [BufferProblem] {
        do {
            _ = try Buffer.parse(text, source: "b", defaultProfile: "sandbox")
            return []
        } catch {
            return error.problems
        }
    }

    /// Line `number` (1-based) of `text`; nil past its end.
    func line(_ number: Int, of text: String) -> String? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return number >= 1 && number <= lines.count ? String(lines[number - 1]) : nil
    }

    /// The line numbers a notice names ("line 9: ...").
    func namedLines(_ text: String) -> [Int] {
        text.split(separator: "\n").compactMap { line in
            guard let range = line.range(of: #"line (\d+):"#, options: .regularExpression) else { return nil }
            return Int(line[range].dropFirst(5).dropLast())
        }
    }

    /// A stray word above the `---`, a mistyped kind and `format: md`: three problems, one round,
    /// each on the line the editor shows it on.
    @Test func aStrayLineAboveTheFrontMatterDoesNotHideTheRest() {
        let text = "oops\n---\nkind: replyy\nthread: 7\nformat: md\n---\nbody\n"
        let found = problems(text)
        #expect(found.map(\.line) == [1, 3, 5], "\(found)")
        #expect(found[0].message.contains("text above the front matter"))
        #expect(found[1].message.contains("unknown kind `replyy` (did you mean `reply`?)"))
        #expect(found[2].message.contains("unknown format `md` (did you mean `markdown`?)"))
        #expect(line(3, of: text) == "kind: replyy" && line(5, of: text) == "format: md")
    }

    /// A body without any front matter whose text has a `---` rule is not read as stray lines
    /// over a front matter: the one problem is the missing front matter.
    @Test func aRuleInABodyWithoutFrontMatterIsNotAFrontMatter() {
        let found = problems("hello\n\n---\n\nmore words\n")
        #expect(found.count == 1 && found[0].line == 1 && found[0].message.contains("must start with a `---` line"), "\(found)")
    }

    @Test func anUnknownKeyAndAMissingClosingDelimiterAreBothReported() {
        let text = "---\nkind: reply\nthread: 7\nthred: 2\n\nmy body\n"
        let found = problems(text)
        #expect(found.contains { $0.message.contains("unknown key `thred`") && $0.line == 4 }, "\(found)")
        #expect(found.contains { $0.message.contains("no closing `---` line") && $0.line == 4 }, "\(found)")
    }

    @Test func aMissingClosingDelimiterDoesNotHideSchemaErrors() {
        let text = "---\nkind: reply\nthread: seven\nto: bob\nformat: html\nmy body\n"
        let messages = problems(text).map(\.message)
        #expect(messages.contains { $0.contains("`thread` must be a number, not `seven`") }, "\(messages)")
        #expect(messages.contains { $0.contains("`to` does not apply to a reply") }, "\(messages)")
        #expect(messages.contains { $0.contains("unknown format `html`") }, "\(messages)")
        #expect(messages.contains { $0.contains("no closing `---` line") }, "\(messages)")
    }

    @Test func theProblemsAreInLineOrder() {
        let lines = problems("---\nkind: reply\nthread: seven\nthred: 2\nformat: html\n").compactMap(\.line)
        #expect(lines == lines.sorted())
        #expect(lines.count >= 4)
    }

    /// The reopened buffer as the edit loop writes it (old notice removed, new one on top): each
    /// line the notice names is one the editor shows, and it holds what the problem is about.
    @Test(arguments: [
        // No old notice, the closing line missing at the end of the file.
        ("---\nkind: reply\nthread: 7\nthred: 2\n", [] as [String]),
        // The same under a two-line notice from before the editor opened.
        ("---\nkind: reply\nthread: 7\nthred: 2\n\nmy body\n", ["draft 3 is open: continuing it", "another"]),
        // A file with no final newline.
        ("---\nkind: reply\nthread: 7\nthred: 2", ["one"]),
    ])
    func theReopenedBufferNamesLinesItReallyHas(text: String, notice: [String]) throws {
        let typed = notice.isEmpty ? text : Buffer.withNotice(notice, over: text)
        let stripped = Buffer.withNotice([], over: typed)
        let error = BufferError(source: "b", problems: problems(stripped))
        #expect(error.problems.count == 2, "\(error.problems)")
        let shown = EditLoop.annotated(stripped, error)
        let named = namedLines(shown)
        #expect(named.count == 2, "\(shown)")
        let count = shown.split(separator: "\n", omittingEmptySubsequences: false).count
        for number in named {
            #expect(number <= count && line(number, of: shown) == "thred: 2", "line \(number) of\n\(shown)")
        }
    }
}
