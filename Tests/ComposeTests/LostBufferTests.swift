import Common
import Foundation
import GRDB
import Testing
@testable import Compose
@testable import Store

/// Issue 12, point 10: an editor that deletes its buffer, and a disk that fills up during a save.
@Suite struct LostBufferTests {
    @Test func anEditorThatDeletesTheBufferIsSaidToHaveDoneSoAndTheDraftKeepsItsRevision() async throws {
        let fixture = try ComposeFixture()
        defer { fixture.remove() }
        var content = reply7
        content.body = "v1"
        let draft = try fixture.store.createDraft(DraftWrite(content: content), now: Date())
        let environment = try fixture.environment(editor: "rm \"$1\"")
        do {
            _ = try await EditSession(environment: environment).edit(draft)
            Issue.record("a session without a buffer ended normally")
        } catch let error as ComposeError {
            guard case let .bufferRemoved(file, _) = error else { Issue.record("\(error)"); return }
            #expect(error.description == "the editor removed \(file) before Missive could read it back, so nothing from this "
                    + "session was saved; draft \(draft.id) keeps its last saved revision")
            #expect(!error.description.contains("kept in"))
            #expect(error.status == .noInput)
        }
        #expect(try fixture.store.draft(draft.id).revision == 1)
        #expect(try fixture.store.draft(draft.id).content.body == "v1")
        let buffers = (try? FileManager.default.contentsOfDirectory(atPath: BufferDirectory(paths: fixture.paths).url.path)) ?? []
        #expect(buffers.isEmpty, "no lock file is left for a buffer that is gone: \(buffers)")
    }

    @Test func anEditorThatDeletesTheReopenedBufferKeepsTheTextItSavedBefore() async throws {
        let fixture = try ComposeFixture()
        defer { fixture.remove() }
        let mark = fixture.root.appendingPathComponent("opened-once")
        // First round: broken front matter and a body; the reopened round deletes the buffer.
        let environment = try fixture.environment(editor: """
            if [ -e '\(mark.path)' ]; then rm "$1"; exit 0; fi
            touch '\(mark.path)'
            printf -- '---\\nkind: nonsense\\n---\\nwhat I wrote\\n' > "$1"
            """)
        let result = try await EditSession(environment: environment).compose(reply7)
        guard case let .created(draft) = result.outcome else { Issue.record("\(result)"); return }
        #expect(draft.content.body == "what I wrote")
        #expect(result.problem?.contains("the editor removed the buffer when it was reopened") == true, "\(String(describing: result.problem))")
        #expect(fixture.bufferFiles.isEmpty)
    }

    /// SQLite's own page limit fills the database for real: SQLITE_FULL, as from a full disk.
    @Test func aFullDiskNamesTheStoreAndTheFileThatKeepsTheText() async throws {
        let fixture = try ComposeFixture()
        defer { fixture.remove() }
        try fixture.store.queue.inDatabase { db in
            let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
            try db.execute(sql: "PRAGMA max_page_count = \(pages)")
        }
        let body = String(repeating: "a long reply ", count: 10_000)
        let environment = try fixture.environment(editor: Edits.writeBody(body))
        do {
            _ = try await EditSession(environment: environment).compose(reply7)
            Issue.record("a full store took the draft")
        } catch let error as ComposeError {
            guard case let .kept(file, _, status) = error else { Issue.record("\(error)"); return }
            #expect(error.description == "the disk is full (\(fixture.store.path)): free some space; your text is kept in \(file) "
                    + "and will be recovered by the next missive command")
            #expect(status == .ioError)
            #expect(try String(contentsOfFile: file, encoding: .utf8).contains(body))
        }
    }
}
