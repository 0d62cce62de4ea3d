import Common
import Foundation
import Store
import Testing
@testable import Compose

/// The editor round trip, driven by small shell scripts as the editor.
@Suite struct EditSessionTests {
    @Test func aNewDraftIsStoredAndOnlyThenItsBufferRemoved() async throws {
        let fixture = try ComposeFixture()
        defer { fixture.remove() }
        // The script records that the buffer is private and named .md while the editor has it.
        let environment = try fixture.environment(editor: """
            stat -c %a "$1" "$(dirname "$1")" > "$1.mode"; mv "$1.mode" "\(fixture.root.path)/mode"
            \(Edits.writeBody("Hello from the editor"))
            """)
        let result = try await EditSession(environment: environment).compose(reply7)
        guard case let .created(draft) = result.outcome else {
            Issue.record("not created: \(result)")
            return
        }
        #expect(try fixture.store.draft(draft.id).content.body == "Hello from the editor")
        #expect(try String(contentsOf: fixture.root.appendingPathComponent("mode"), encoding: .utf8) == "600\n700\n")
        #expect(fixture.bufferFiles.isEmpty)
    }

    @Test func anEmptyBodyDiscardsANewDraft() async throws {
        let fixture = try ComposeFixture()
        defer { fixture.remove() }
        let result = try await EditSession(environment: try fixture.environment(editor: "true")).compose(reply7)
        #expect(result.outcome == .discarded)
        #expect(try fixture.store.list(includeDeleted: true).isEmpty)
        #expect(fixture.bufferFiles.isEmpty)
    }

    @Test func anUnchangedDraftMakesNoRevision() async throws {
        let fixture = try ComposeFixture()
        defer { fixture.remove() }
        var content = reply7
        content.body = "kept"
        let draft = try fixture.store.createDraft(DraftWrite(content: content), now: Date())
        // Editors often add a trailing newline or blank lines; that is not a change.
        let result = try await EditSession(environment: try fixture.environment(editor: "printf '\\n\\n' >> \"$1\""))
            .edit(draft)
        guard case let .unchanged(same) = result.outcome else {
            Issue.record("not unchanged: \(result)")
            return
        }
        #expect(same.id == draft.id)
        #expect(try fixture.store.revisions(of: draft.id).count == 1)
    }

    /// `:cq` in vim: like git, nothing is saved. The text stays on disk, set aside and named, and
    /// no later command turns it into a draft (calling an edit off is not a crash).
    @Test func anEditorThatExitsNonZeroSavesNoNewDraftAndKeepsTheBuffer() async throws {
        let fixture = try ComposeFixture()
        defer { fixture.remove() }
        let environment = try fixture.environment(editor: Edits.writeBody("typed before :cq") + "\nexit 1")
        do {
            let result = try await EditSession(environment: environment).compose(reply7)
            Issue.record("saved anyway: \(result)")
        } catch let ComposeError.editorExited(status, file?, _) {
            #expect(status == 1)
            #expect(try String(contentsOfFile: file, encoding: .utf8).contains("\ntyped before :cq\n"))
            #expect(fixture.bufferFiles == [URL(fileURLWithPath: file).lastPathComponent])
            #expect(URL(fileURLWithPath: file).lastPathComponent.hasPrefix("kept-new-"))
        }
        #expect(try fixture.store.list(includeDeleted: true).isEmpty)
        #expect(ComposeError.editorExited(status: 1, file: "/b/new-1.md", after: "").status == .failure)
        // The next run's recovery leaves it alone: no draft appears, the file stays.
        let reports = Recovery(environment: environment).run()
        #expect(reports.isEmpty, "\(reports)")
        #expect(try fixture.store.list(includeDeleted: true).isEmpty)
        #expect(fixture.bufferFiles.count == 1)
    }

    @Test func anEditorThatExitsNonZeroLeavesAnExistingDraftAtItsLastRevision() async throws {
        let fixture = try ComposeFixture()
        defer { fixture.remove() }
        var content = reply7
        content.body = "the saved text"
        let draft = try fixture.store.createDraft(DraftWrite(content: content), now: Date())
        let environment = try fixture.environment(editor: Edits.writeBody("abandoned words") + "\nexit 2")
        await #expect(throws: ComposeError.self) { try await EditSession(environment: environment).edit(draft) }
        #expect(try fixture.store.revisions(of: draft.id).count == 1)
        #expect(try fixture.store.draft(draft.id).content.body == "the saved text")
        #expect(fixture.bufferFiles.count == 1 && fixture.bufferFiles[0].hasPrefix("kept-draft-\(draft.id)-"))
        #expect(Recovery(environment: environment).run().isEmpty)
        #expect(try fixture.store.revisions(of: draft.id).count == 1)
    }

    /// Nothing was typed, so there is nothing to keep: the buffer goes, and the message says so.
    @Test func anEditorThatExitsNonZeroWithoutChangesLeavesNoBuffer() async throws {
        let fixture = try ComposeFixture()
        defer { fixture.remove() }
        let environment = try fixture.environment(editor: "exit 1")
        do {
            _ = try await EditSession(environment: environment).compose(reply7)
            Issue.record("no error")
        } catch let error as ComposeError {
            #expect(error == .editorExited(status: 1, file: nil, after: "the text was not changed; no draft was made"))
            #expect(error.description == "editor exited with status 1: nothing saved (the text was not changed; no draft was made)")
        }
        #expect(fixture.bufferFiles.isEmpty)
        #expect(try fixture.store.list(includeDeleted: true).isEmpty)
    }

    /// After a reopen for bad front matter the buffer holds the first round's text, so an abort
    /// in the second round keeps it even when that round changed nothing.
    @Test func anAbortAfterAReopenKeepsTheFirstRoundsText() async throws {
        let fixture = try ComposeFixture()
        defer { fixture.remove() }
        let seen = fixture.root.appendingPathComponent("seen")
        let environment = try fixture.environment(editor: """
            if [ ! -e "\(seen.path)" ]; then
              touch "\(seen.path)"
              sed -i 's/^thread: 7/thread: seven/' "$1"
              \(Edits.writeBody("words from round one"))
            else
              exit 1
            fi
            """)
        do {
            _ = try await EditSession(environment: environment).compose(reply7)
            Issue.record("no error")
        } catch let ComposeError.editorExited(_, file?, _) {
            #expect(try String(contentsOfFile: file, encoding: .utf8).contains("words from round one"))
        }
        #expect(try fixture.store.list(includeDeleted: true).isEmpty)
    }

    @Test func badFrontMatterReopensTheEditorWithTheErrorOnTop() async throws {
        let fixture = try ComposeFixture()
        defer { fixture.remove() }
        let seen = fixture.root.appendingPathComponent("seen")
        let environment = try fixture.environment(editor: """
            if [ ! -e "\(seen.path)" ]; then
              cp "$1" "\(seen.path)"
              sed -i 's/^thread: 7/thread: seven/' "$1"
              \(Edits.writeBody("my text"))
            else
              cp "$1" "\(seen.path).2"
              sed -i 's/^thread: seven/thread: 8/' "$1"
            fi
            """)
        let result = try await EditSession(environment: environment).compose(reply7)
        let second = try String(contentsOf: URL(fileURLWithPath: seen.path + ".2"), encoding: .utf8)
        #expect(second.hasPrefix("<!-- Missive: The front matter has errors"))
        // The notice is 4 lines, so the thread line (3) is now line 7, and the message says so.
        #expect(second.contains("line 7: `thread` must be a number, not `seven`"))
        #expect(second.split(separator: "\n", omittingEmptySubsequences: false)[6] == "thread: seven")
        guard case let .created(draft) = result.outcome else {
            Issue.record("not created: \(result)")
            return
        }
        #expect(draft.content.target.thread == 8)
        #expect(draft.content.body == "my text")
        #expect(draft.raw == nil)
    }

    @Test func frontMatterStillBadAfterTheSecondTryIsKeptFlagged() async throws {
        let fixture = try ComposeFixture()
        defer { fixture.remove() }
        let environment = try fixture.environment(editor: """
            if ! grep -q 'kind: nonsense' "$1"; then
              sed -i 's/^kind: reply.*/kind: nonsense/' "$1"
              \(Edits.writeBody("precious words"))
            fi
            """)
        let result = try await EditSession(environment: environment).compose(reply7)
        #expect(result.problem?.contains("unknown kind `nonsense`") == true)
        guard case let .created(draft) = result.outcome else {
            Issue.record("not created: \(result)")
            return
        }
        #expect(draft.raw?.contains("kind: nonsense") == true)
        #expect(draft.raw?.contains("precious words") == true)
        #expect(draft.content.body == "precious words")
        #expect(draft.content.kind == .reply)
        #expect(try fixture.store.search("precious").map(\.id) == [draft.id])
        #expect(fixture.bufferFiles.isEmpty)
    }

    /// A newcomer fixes one thing per round: the editor reopens each time something changed,
    /// with the problems still left on top, until the front matter reads; only a round that
    /// changes nothing keeps the text flagged.
    @Test func theEditorReopensWhileEachRoundChangesSomething() async throws {
        let fixture = try ComposeFixture()
        defer { fixture.remove() }
        let rounds = fixture.root.appendingPathComponent("rounds")
        let environment = try fixture.environment(editor: """
            n=$(cat "\(rounds.path)" 2>/dev/null || echo 0); n=$((n + 1)); echo $n > "\(rounds.path)"
            cp "$1" "\(rounds.path).$n"
            if [ $n = 1 ]; then
              sed -i 's/^kind: reply.*/kind: replyy/; s/^thread: 7/thread: seven/' "$1"
              \(Edits.writeBody("kept words"))
            fi
            [ $n = 2 ] && sed -i 's/^kind: replyy/kind: reply/' "$1"
            [ $n = 3 ] && sed -i 's/^thread: seven/thread: 9/' "$1"
            exit 0
            """)
        let result = try await EditSession(environment: environment).compose(reply7)
        #expect(try String(contentsOf: rounds, encoding: .utf8) == "3\n")
        let second = try String(contentsOf: URL(fileURLWithPath: rounds.path + ".2"), encoding: .utf8)
        #expect(second.contains("unknown kind `replyy` (did you mean `reply`?)") && second.contains("`thread` must be a number"))
        let third = try String(contentsOf: URL(fileURLWithPath: rounds.path + ".3"), encoding: .utf8)
        #expect(!third.contains("replyy") && third.contains("`thread` must be a number, not `seven`"))
        guard case let .created(draft) = result.outcome else {
            Issue.record("not created: \(result)")
            return
        }
        #expect(draft.raw == nil)
        #expect(draft.content.target.thread == 9 && draft.content.body == "kept words")
    }

    @Test(arguments: [
        ("printf '\\377\\376 not utf-8' >> \"$1\"", "not valid UTF-8"),
        ("printf 'nul \\000 byte' >> \"$1\"", "NUL byte"),
        ("head -c 10485760 /dev/zero | tr '\\0' 'a' >> \"$1\"", "-byte limit"),
    ])
    func unreadableTextIsRefusedButKeptOnDisk(script: String, words: String) async throws {
        let fixture = try ComposeFixture()
        defer { fixture.remove() }
        do {
            _ = try await EditSession(environment: try fixture.environment(editor: script)).compose(reply7)
            Issue.record("accepted")
        } catch let error as ComposeError {
            #expect(error.status == .dataError)
            #expect(error.description.contains(words), "\(error.description)")
            #expect(error.description.contains("your text is kept in"))
        }
        #expect(fixture.bufferFiles.count == 1)
        #expect(try fixture.store.list(includeDeleted: true).isEmpty)
        #expect(try fixture.store.history().isEmpty)
    }

    @Test func aStoreThatRefusesTheSaveLeavesTheBufferForRecovery() async throws {
        let fixture = try ComposeFixture()
        defer { fixture.remove() }
        var content = reply7
        content.body = "v1"
        let draft = try fixture.store.createDraft(DraftWrite(content: content), now: Date())
        try FileManager.default.setAttributes([.posixPermissions: 0o400], ofItemAtPath: fixture.store.path)
        let readOnly = try Store(path: fixture.store.path)
        var environment = try fixture.environment(editor: "sed -i 's/^v1$/v2 written while read-only/' \"$1\"")
        environment.store = readOnly
        do {
            _ = try await EditSession(environment: environment).edit(draft)
            Issue.record("a read-only store took the save")
        } catch let error as ComposeError {
            #expect(error.status == .noPermission)
        }
        #expect(fixture.bufferFiles.count == 1)
        #expect(try readOnly.revisions(of: draft.id).count == 1)

        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: fixture.store.path)
        environment.store = try Store(path: fixture.store.path)
        let reports = Recovery(environment: environment).run()
        #expect(reports.map(\.recovered) == [true])
        #expect(try environment.store.draft(draft.id).content.body == "v2 written while read-only")
        #expect(try environment.store.revision(of: draft.id, number: 2).note == "recovered from an editor session that did not finish")
        #expect(fixture.bufferFiles.isEmpty)
    }

    @Test func aBufferALiveSessionHoldsIsNotRecovered() throws {
        let fixture = try ComposeFixture()
        defer { fixture.remove() }
        let environment = try fixture.environment(editor: "true")
        var content = reply7
        content.body = "in progress"
        let live = try environment.buffers.create(for: .new, text: Buffer.render(content), origin: reply7)
        #expect(Recovery(environment: environment).run().isEmpty)
        #expect(try fixture.store.list().isEmpty)
        live.release()  // as if the process died
        let reports = Recovery(environment: environment).run()
        #expect(reports.count == 1)
        #expect(try fixture.store.list().map(\.excerpt) == ["in progress"])
    }

    @Test func aLeftoverNewBufferWithBrokenFrontMatterIsRecoveredFlaggedFromItsOrigin() throws {
        let fixture = try ComposeFixture()
        defer { fixture.remove() }
        let environment = try fixture.environment(editor: "true")
        let file = try environment.buffers.create(for: .new, text: "---\nkind: ???\n---\nsalvage me\n", origin: reply7)
        file.release()
        let reports = Recovery(environment: environment).run()
        let drafts = try fixture.store.list()
        #expect(drafts.count == 1, "\(reports)")
        let draft = try fixture.store.draft(try #require(drafts.first).id)
        #expect(draft.content.target.thread == 7)
        #expect(draft.content.body == "salvage me")
        #expect(draft.problem?.contains("unknown kind") == true)
    }
}
