import Application
import Common
import Compose
import Foundation
import Store
import Testing

@Suite("The draft use cases over a real store")
struct DraftUseCaseTests {
    /// A reply draft with this body, saved straight into the fixture's store.
    private func draft(_ fixture: ApplicationFixture, _ body: String) throws -> Draft {
        try fixture.store.createDraft(
            DraftWrite(content: DraftContent(kind: .reply, target: DraftTarget(thread: 42), body: body, profile: "sandbox")), now: Date())
    }

    @Test("editing from a file saves a revision; the same text again is unchanged; a missing draft is not found")
    func editFromFile() async throws {
        try await ApplicationFixture.with { fixture in
            let saved = try draft(fixture, "one")
            let edit = EditDraft(fixture.local())
            let file = try fixture.file("two.md", "two\n")
            try await edit.run(saved.id, bodyFile: file, noEdit: true)
            try await edit.run(saved.id, bodyFile: file, noEdit: true)
            #expect(try fixture.store.draft(saved.id).content.body == "two")
            #expect(fixture.console.notes == ["saved draft \(saved.id) as revision 2", "draft \(saved.id) is unchanged"])
            #expect(fixture.console.printed == [String(saved.id), String(saved.id)])
            await #expect(throws: StoreError.self) { try await edit.run(saved.id + 100, bodyFile: file, noEdit: true) }
        }
    }

    @Test("delete goes one by one and stops at an unknown id; restore makes an old revision current")
    func deleteAndRestore() async throws {
        try await ApplicationFixture.with { fixture in
            let first = try draft(fixture, "first"), second = try draft(fixture, "second")
            let delete = DeleteDrafts(fixture.local())
            #expect(throws: StoreError.self) { try delete.run([first.id, 999, second.id]) }
            #expect(try fixture.store.list().map(\.id) == [second.id])
            #expect(fixture.console.notes == ["deleted draft \(first.id) (`missive undo` brings it back)"])

            _ = try fixture.store.saveRevision(of: second.id, DraftWrite(content: DraftContent(
                kind: .reply, target: DraftTarget(thread: 42), body: "changed", profile: "sandbox")), now: Date())
            let restore = RestoreRevision(fixture.local())
            try restore.run(second.id, revision: 1)
            #expect(try fixture.store.draft(second.id).content.body == "second")
            #expect(fixture.console.notes.last == "draft \(second.id) now reads as revision 1 (saved as revision 3)")
            #expect(throws: StoreError.self) { try restore.run(second.id, revision: 9) }
        }
    }

    @Test("show gives a revision's text; diff compares it with the current one")
    func showAndDiff() async throws {
        try await ApplicationFixture.with { fixture in
            let saved = try draft(fixture, "old line")
            #expect(try DiffDraft(store: fixture.store).run(saved.id, revision: nil) == DiffDraft.Result(old: nil, new: 1, diff: nil))
            var content = saved.content
            content.body = "new line"
            _ = try fixture.store.saveRevision(of: saved.id, DraftWrite(content: content), now: Date())

            #expect(try ShowDraft(store: fixture.store).run(saved.id, revision: 1).content.body == "old line")
            #expect(try ShowDraft(store: fixture.store).run(saved.id, revision: nil).content.body == "new line")
            let result = try DiffDraft(store: fixture.store).run(saved.id, revision: nil)
            #expect(result.old == 1 && result.new == 2)
            #expect(result.diff?.contains("-old line\n+new line") == true)
            #expect(try DiffDraft(store: fixture.store).run(saved.id, revision: 2).diff == "")
            #expect(throws: StoreError.self) { try ShowDraft(store: fixture.store).run(saved.id, revision: 7) }
            let (current, revisions) = try DraftRevisions(store: fixture.store).run(saved.id)
            #expect(current == 2 && revisions.map(\.number) == [1, 2])
        }
    }

    @Test("export writes buffer files that import reads back; a bad file imports nothing")
    func exportThenImport() async throws {
        try await ApplicationFixture.with { fixture in
            let saved = try draft(fixture, "Round trip.")
            let directory = fixture.directory.appendingPathComponent("export").path
            try ExportDrafts(fixture.local()).run([], to: directory)
            #expect(fixture.console.notes == ["wrote 1 draft to \(directory)"])

            let bad = try fixture.file("bad.md", "---\nkind: nonsense\n---\nbody\n")
            let importer = ImportDrafts(fixture.local())
            #expect(throws: (any Error).self) { try importer.run([directory, bad]) }
            #expect(try fixture.store.list().count == 1)

            try importer.run([directory])
            let imported = try #require(fixture.console.printed.last.flatMap { Int64($0) })
            #expect(imported != saved.id)
            #expect(try fixture.store.draft(imported).content.body == "Round trip.")
        }
    }

    @Test("export without a directory prints the one draft; into a file's place it is refused")
    func exportBadPlaces() async throws {
        try await ApplicationFixture.with { fixture in
            let saved = try draft(fixture, "Printed.")
            let export = ExportDrafts(fixture.local())
            try export.run([saved.id], to: nil)
            let printed = try #require(fixture.console.printed.first)
            // The buffer as an editor would show it: front matter, the body, the comment that explains it.
            #expect(printed.hasPrefix("---\n") && printed.contains("\n---\nPrinted.\n") && !printed.hasSuffix("\n"))
            let file = try fixture.file("in-the-way", "x")
            let error = #expect(throws: UseCaseError.self) { try export.run([saved.id], to: file) }
            #expect(error?.status == .cantCreate)
        }
    }

    @Test("buffer file lists: a missing path and a directory without .md files are errors")
    func bufferFileList() async throws {
        try await ApplicationFixture.with { fixture in
            let missing = #expect(throws: UseCaseError.self) { try BufferFileList.expand([fixture.directory.appendingPathComponent("nope").path]) }
            #expect(missing?.status == .noInput)
            let empty = fixture.directory.appendingPathComponent("empty")
            try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
            _ = try fixture.file("empty/notes.txt", "not a buffer")
            #expect(throws: UseCaseError.self) { try BufferFileList.expand([empty.path]) }
            _ = try fixture.file("empty/b.md", "b")
            _ = try fixture.file("empty/a.md", "a")
            #expect(try BufferFileList.expand([empty.path]).map { URL(fileURLWithPath: $0).lastPathComponent } == ["a.md", "b.md"])
        }
    }

    @Test("list says when it is cut, and search finds words by their start")
    func listAndSearch() async throws {
        try await ApplicationFixture.with { fixture in
            for body in ["flood control again", "something else", "a third one"] { _ = try draft(fixture, body) }
            let list = ListDrafts(fixture.local(), includeDeleted: false, limit: 2)
            var scanned = 0
            try list.scan { _ in scanned += 1 }
            #expect(scanned == 2)
            try list.tellIfCut(shown: scanned)
            #expect(fixture.console.notes == ["showing the 2 most recent of 3 drafts; --limit 0 shows all"])
            try ListDrafts(fixture.local(), includeDeleted: false, limit: nil).tellIfCut(shown: 3)
            #expect(fixture.console.notes.count == 1)
            let found = try SearchDrafts(store: fixture.store).run(["flood", "contr"], includeClosed: false, limit: 10)
            #expect(found.found.count == 1 && found.damaged == nil)
            #expect(try SearchDrafts(store: fixture.store).run(["nowhere"], includeClosed: false, limit: 10).found.isEmpty)
        }
    }
}
