import Foundation
import Testing

/// The forum is asked before the editor opens: a target it refuses ends the command with the
/// refusal's own status, before any editor or draft; a session in doubt or a forum that cannot
/// be asked is one comment line in the buffer, and the editor opens anyway, quickly.
@Suite(.serialized) struct ComposeCheckBeforeEditorTests {
    /// The history's entries as `history --json` lists them.
    static func history(_ world: OutboxWorld) async throws -> String {
        let history = try await world.run(["history", "--json"])
        #expect(history.status == 0, "\(history.errorOutput)")
        return history.output
    }

    /// No draft (deleted ones too), no buffer left, and the history as it was before (`history`).
    static func nothingMade(_ world: OutboxWorld, history: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        #expect(try await world.allDrafts().isEmpty, sourceLocation: sourceLocation)
        #expect(try await Self.history(world) == history, sourceLocation: sourceLocation)
        let buffers = world.home.appendingPathComponent("state/buffers")
        let left = (try? FileManager.default.contentsOfDirectory(atPath: buffers.path)) ?? []
        #expect(left.filter { $0.hasSuffix(".md") }.isEmpty, "\(left)", sourceLocation: sourceLocation)
    }

    @Test(arguments: [
        (thread: 3_500_002, status: Int32(77), words: "closed"),
        (thread: 9_999_999, status: Int32(66), words: "check the thread id"),
    ])
    func aRefusedThreadEndsTheCommandBeforeTheEditorWithItsOwnStatus(thread: Int, status: Int32, words: String) async throws {
        let world = try await OutboxWorld()
        let editor = try ScriptedEditor(in: world.home, body: "should never be typed")
        let history = try await Self.history(world)
        let reply = try await world.run(["reply", String(thread)], editor: editor.path)
        #expect(reply.status == status, "\(reply.errorOutput)")
        #expect(!editor.ran, "the editor was started")
        #expect(reply.errorOutput.contains("cannot reply to thread \(thread)"), "\(reply.errorOutput)")
        #expect(reply.errorOutput.contains(words), "\(reply.errorOutput)")
        #expect(reply.errorOutput.contains("The editor did not open and no draft was made"), "\(reply.errorOutput)")
        #expect(!reply.errorOutput.contains("queue retry"))
        #expect(reply.output.isEmpty)
        try await Self.nothingMade(world, history: history)
        // Nothing was posted either.
        #expect(try await world.requests().allPosts == 0)
    }

    @Test func theTwoRefusalsHaveDistinctStatuses() async throws {
        let world = try await OutboxWorld()
        let closed = try await world.run(["reply", "3500002"], editor: "false")
        let missing = try await world.run(["reply", "9999999"], editor: "false")
        #expect(closed.status == 77 && missing.status == 66, "\(closed.status) \(missing.status)")
        #expect(closed.errorOutput != missing.errorOutput)
    }

    @Test func notLoggedInTheEditorOpensWithALineNamingMissiveLogin() throws {
        let sandbox = try SandboxProcess()
        let editor = try ScriptedEditor(in: sandbox.home, body: "written while logged out")
        let reply = try sandbox.run(["reply", "3500001"], editor: editor.path)
        #expect(reply.status == 0, "\(reply.errorOutput)")
        let shown = ShownBuffer(text: try editor.buffer())
        #expect(shown.topComment.contains("not logged in"), "\(shown.text)")
        #expect(shown.topComment.contains("`missive login`"), "\(shown.topComment)")
        // The front matter follows the comment at once, and there is no context to show.
        #expect(shown.cutIndex == nil)
        #expect(try sandbox.draft(reply.draftID)["body"] as? String == "written while logged out")
        // And the line is said again once the editor has closed.
        #expect(reply.errorOutput.contains("`missive login`"), "\(reply.errorOutput)")
    }

    /// Nothing listens (the sandbox stopped), or something accepts and never answers: either
    /// way the editor opens within 2 s, with the line saying the forum could not be asked.
    @Test(arguments: ["refusing", "silent"])
    func aForumThatCannotBeAskedStillOpensTheEditorWithinTwoSeconds(kind: String) throws {
        let sandbox = try SandboxProcess()
        try sandbox.logIn()
        sandbox.stop()
        let refusing = try SandboxProcess.refusingPort()
        let silent = try SilentListener()
        let port = kind == "refusing" ? refusing.port : silent.port
        #expect(try sandbox.run(["profiles", "add", "sandbox", "--base-url", "http://127.0.0.1:\(port)/"]).status == 0)

        let editor = try ScriptedEditor(in: sandbox.home, body: "written without the forum")
        let start = Date().timeIntervalSince1970
        let reply = try sandbox.run(["reply", "3500001"], editor: editor.path)
        #expect(reply.status == 0, "\(reply.errorOutput)")
        let waited = try editor.startTime() - start
        // The 2 s of the issue is bench-compose's figure (1.3 s); here the bound is what a busy,
        // parallel test run still meets, and far below the 30 s a fetch of the forum may take.
        #expect(waited < 5, "the editor opened after \(waited) s")
        let shown = ShownBuffer(text: try editor.buffer())
        #expect(shown.topComment.contains("Could not ask the forum about thread 3500001"), "\(shown.text)")
        #expect(shown.cutIndex == nil)
        #expect(try sandbox.draft(reply.draftID)["body"] as? String == "written without the forum")
        _ = refusing.socket
    }

    @Test func offlineOpensTheEditorWithoutAskingTheForum() async throws {
        let world = try await OutboxWorld()
        try await world.control("reset-requests")
        let editor = try ScriptedEditor(in: world.home, body: "offline words")
        let reply = try await world.run(["reply", "3500001", "--offline"], editor: editor.path)
        #expect(reply.status == 0, "\(reply.errorOutput)")
        #expect(try await world.requests().requests == 0)
        let shown = ShownBuffer(text: try editor.buffer())
        #expect(shown.cutIndex == nil && shown.topComment.isEmpty, "\(shown.text)")

        // Offline it does not refuse either: the closed thread's check is the send's.
        let closed = try await world.run(["reply", "3500002", "--offline"], editor: editor.path)
        #expect(closed.status == 0, "\(closed.errorOutput)")
        #expect(try await world.requests().requests == 0)

        // The same command online asks once: the request count is how the test above can fail.
        _ = try await world.run(["reply", "3500001", "--new"], editor: editor.path)
        #expect(try await world.requests().requests > 0)
    }
}
