import Store
import Testing
@testable import Compose

/// `Buffer.bodyLine`: the line the editor's cursor opens on is the body's first, counted as the
/// editor counts, whatever Missive put above it.
@Suite struct BodyLineTests {
    /// The 1-based line of `text` that `bodyLine` names, as the editor shows it.
    func line(_ number: Int?, of text: String) -> String? {
        guard let number else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return number >= 1 && number <= lines.count ? String(lines[number - 1]) : nil
    }

    let content = DraftContent(kind: .reply, target: DraftTarget(thread: 7), body: "the first body line\nthe second",
                               profile: "sandbox")

    @Test func aPlainBufferOpensOnTheLineAfterTheClosingDelimiter() {
        let text = Buffer.render(content)
        // ---, kind, thread, profile, format, ---: the body starts on line 7.
        #expect(Buffer.bodyLine(in: text) == 7)
        #expect(line(Buffer.bodyLine(in: text), of: text) == "the first body line")
    }

    /// Quotes from the forum open a reply's body in ```bbcode fences: the cursor goes below them,
    /// where the reply is written, never onto a fence line.
    @Test(arguments: [1, 2, 3])
    func quotesAtTheTopOfTheBodyPutTheCursorBelowThem(quotes: Int) {
        let fenced = (1...quotes).map { "```bbcode\n[quote=\"Zoë\" post=\"\($0)\"]\nquoted \($0)\n[/quote]\n```" }
        var quoting = content
        quoting.body = fenced.joined(separator: "\n\n") + "\n"
        let text = Buffer.render(quoting)
        let number = Buffer.bodyLine(in: text)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(number.map { lines[$0 - 2] } == "```", "the line above the cursor closes the last quote's fence")
        #expect(line(number, of: text) == "", "\(text)")
        // A fence that never closes is left as it is: the cursor stays on the body's first line.
        quoting.body = "```bbcode\n[quote]no end"
        #expect(Buffer.bodyLine(in: Buffer.render(quoting)) == 7)
    }

    /// `reply --quote` into an open draft adds the quotes after the user's text: the cursor goes
    /// below the last of them, on the blank line left for the answer, notices and context counted.
    @Test(arguments: [1, 2])
    func quotesAddedAfterTheTextPutTheCursorBelowTheLast(quotes: Int) {
        let fenced = (1...quotes).map { "```bbcode\n[quote=\"Zoë\" post=\"\($0)\"]\nquoted \($0)\n[/quote]\n```" }
        var quoting = content
        quoting.body = "my first thoughts\n\n" + fenced.joined(separator: "\n\n") + "\n\n"
        let text = Buffer.render(quoting, notice: ["added a quote"], context: BufferContext(heading: "h", entries: []),
                                 cut: CutLine(token: "aaaaaaaaaaaa"))
        let number = Buffer.bodyLine(in: text)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(number.map { lines[$0 - 2] } == "```", "the line above the cursor closes the last quote: \(text)")
        #expect(line(number, of: text) == "")
        // Text after the quotes is the user's answer already: the cursor stays on the body's first line.
        quoting.body += "my answer\n"
        let answered = Buffer.render(quoting)
        #expect(line(Buffer.bodyLine(in: answered), of: answered) == "my first thoughts")
    }

    @Test(arguments: [1, 2, 5])
    func noticesOnTopMoveTheBodyLineDownByTheirLength(count: Int) {
        let notices = (1...count).map { "notice \($0)" }
        let text = Buffer.render(content, notice: notices, context: BufferContext(heading: "h", entries: []),
                                 cut: CutLine(token: "aaaaaaaaaaaa"))
        // The notice block is its lines plus the closing `-->`.
        #expect(Buffer.bodyLine(in: text) == 7 + count + 1)
        #expect(line(Buffer.bodyLine(in: text), of: text) == "the first body line")
    }

    @Test func aFlaggedDraftsRawTextOpensOnItsBodyBelowTheErrorNotice() throws {
        let raw = "---\nkind: reply\nthread: seven\n---\nwords kept flagged\n"
        let error = try #require(parseError(raw))
        let shown = EditLoop.annotated(raw, error)
        #expect(shown.hasPrefix("<!-- Missive: The front matter has errors"))
        #expect(line(Buffer.bodyLine(in: shown), of: shown) == "words kept flagged")
    }

    @Test func anEmptyBodyOpensOnTheLineAfterTheDelimiterAndNeverPastTheEnd() {
        let bare = "---\nkind: reply\nthread: 7\n---"
        #expect(Buffer.bodyLine(in: bare) == 4)
        let text = "---\nkind: reply\nthread: 7\n---\n"
        #expect(Buffer.bodyLine(in: text) == 5)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(Buffer.bodyLine(in: text)! <= lines)
    }

    @Test func aBufferWithoutClosedFrontMatterHasNoBodyLine() {
        #expect(Buffer.bodyLine(in: "just text\n") == nil)
        #expect(Buffer.bodyLine(in: "---\nkind: reply\nthread: 7\n\nbody\n") == nil)
    }

    @Test func dashesInsideAMissiveCommentAreNotTheFrontMatter() {
        let text = "<!-- Missive: a notice\n---\n---\n-->\n---\nkind: reply\nthread: 7\n---\nbody\n"
        #expect(line(Buffer.bodyLine(in: text), of: text) == "body")
    }

    private func parseError(_ raw: String) -> BufferError? {
        do {
            _ = try Buffer.parse(raw, source: "b", defaultProfile: "sandbox")
            return nil
        } catch {
            return error
        }
    }
}
