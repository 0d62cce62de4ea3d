import Foundation
import Testing

/// What a full-screen editor would hide: notices made before it opens are in the buffer's top
/// comment and said again after it closes; and a refusal at send time names what would help,
/// never `queue retry`.
@Suite(.serialized) struct ComposeNoticesTests {
    static func occurrences(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    @Test func continuingAnOpenDraftIsSaidInTheBufferAndAgainAfterTheEditor() async throws {
        let world = try await OutboxWorld()
        let first = try await world.run(["reply", "3500001"], editor: try ScriptedEditor(in: world.home, body: "first words").path)
        #expect(first.status == 0, "\(first.errorOutput)")
        let id = first.draftID

        let editor = try ScriptedEditor(in: world.home, body: "more words")
        let again = try await world.run(["reply", "3500001"], editor: editor.path)
        #expect(again.status == 0, "\(again.errorOutput)")
        let notice = "draft \(id) for thread 3500001 is open: continuing it"
        let shown = ShownBuffer(text: try editor.buffer())
        #expect(shown.topComment.contains(notice), "\(shown.text)")
        // In Missive's comment, so it is not read as text: the draft's body has none of it.
        #expect(shown.lines.first?.hasPrefix("<!-- Missive: ") == true)
        // Said before the editor opened and again after it closed.
        #expect(Self.occurrences(notice, in: again.errorOutput) == 2, "\(again.errorOutput)")
        let body = (try await world.run(["drafts", "show", id, "--json"])).output
        #expect(!body.contains("continuing it"))
        #expect(body.contains("more words"))
    }

    @Test func addingAQuoteToAnOpenDraftIsSaidInTheBufferToo() async throws {
        let world = try await OutboxWorld()
        let first = try await world.run(["reply", "3500001"], editor: try ScriptedEditor(in: world.home, body: "my start").path)
        #expect(first.status == 0, "\(first.errorOutput)")
        let editor = try ScriptedEditor(in: world.home)
        let quoted = try await world.run(["reply", "3500001", "--quote", "500000001"], editor: editor.path)
        #expect(quoted.status == 0, "\(quoted.errorOutput)")
        let shown = ShownBuffer(text: try editor.buffer())
        let added = "added 1 quote at the end of draft \(first.draftID)"
        #expect(shown.topComment.contains(added), "\(shown.topComment)")
        #expect(Self.occurrences(added, in: quoted.errorOutput) == 2, "\(quoted.errorOutput)")
    }

    /// No blank line inside the quote's ```bbcode fence, where typed text would go out raw.
    @Test func aQuoteFenceHoldsNoBlankLines() async throws {
        let world = try await OutboxWorld()
        let editor = try ScriptedEditor(in: world.home)
        let quoted = try await world.run(["reply", "3500001", "--quote", "500000001"], editor: editor.path)
        #expect(quoted.status == 0, "\(quoted.errorOutput)")
        let lines = ShownBuffer(text: try editor.buffer()).lines
        let open = try #require(lines.firstIndex { $0.hasPrefix("```") && $0.hasSuffix("bbcode") })
        let close = try #require(lines[(open + 1)...].firstIndex { $0.hasPrefix("```") && !$0.hasSuffix("bbcode") })
        #expect(!lines[(open + 1)..<close].contains { $0.trimmingCharacters(in: .whitespaces).isEmpty }, "\(lines[open...close])")
    }

    /// Queued while the thread was open, closed before the send: the failure names the draft and
    /// what would help, and does not offer `queue retry`, which cannot help.
    @Test func aReplyToAThreadClosedAfterQueueingFailsWithoutSuggestingQueueRetry() async throws {
        let world = try await OutboxWorld()
        let editor = try ScriptedEditor(in: world.home, body: "queued while open")
        let queued = try await world.run(["reply", "3500001", "--queue"], editor: editor.path)
        #expect(queued.status == 0, "\(queued.errorOutput)")
        let draft = try #require(try await world.allDrafts().first?["id"] as? Int)
        try await world.control("thread?threadid=3500001&closed=on")
        let send = try await world.run(["send"])
        #expect(send.status == 1, "\(send.errorOutput)")
        #expect(send.errorOutput.contains("the thread is closed"), "\(send.errorOutput)")
        #expect(!send.errorOutput.contains("queue retry"), "\(send.errorOutput)")
        #expect(send.errorOutput.contains("draft \(draft)"), "\(send.errorOutput)")
        #expect(send.errorOutput.contains("moderator"), "\(send.errorOutput)")
        #expect(!(try await world.posts(in: 3_500_001)).contains("queued while open"))
    }
}
