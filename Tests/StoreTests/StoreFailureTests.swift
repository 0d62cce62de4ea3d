import Common
import Foundation
import GRDB
import Testing
import Store

/// A store that cannot be used as asked: a clear error with its own status, and nothing changed.
@Suite struct StoreFailureTests {
    @Test func aStoreFromANewerSchemaIsRefusedAndLeftByteForByte() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        _ = try temp.store.createDraft(DraftWrite(content: reply(1, "kept")), now: now)
        try temp.store.write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('v99 from the future')")
        }
        // Checkpoint so the main file holds everything, then compare it byte for byte.
        try temp.store.write { _ in }
        _ = try DatabaseQueue(path: temp.path).writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
        }
        let before = fileBytes(temp.path)
        do {
            _ = try temp.reopen()
            Issue.record("a newer store was opened")
        } catch let error as StoreError {
            #expect(error == .newerSchema(path: temp.path, unknown: ["v99 from the future"]))
            #expect(error.status == .config)
            #expect(error.description.contains("upgrade Missive"))
        }
        #expect(fileBytes(temp.path) == before)
    }

    @Test func aReadOnlyStoreReadsButRefusesWritesWithNoPermission() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        let draft = try temp.store.createDraft(DraftWrite(content: reply(1, "kept")), now: now)
        try FileManager.default.setAttributes([.posixPermissions: 0o400], ofItemAtPath: temp.path)
        let readOnly = try temp.reopen()
        #expect(readOnly.isReadOnly)
        #expect(try readOnly.draft(draft.id).content.body == "kept")
        do {
            _ = try readOnly.saveRevision(of: draft.id, DraftWrite(content: reply(1, "new")), now: now)
            Issue.record("a read-only store took a write")
        } catch let error as StoreError {
            #expect(error == .readOnly(path: temp.path))
            #expect(error.status == .noPermission)
        }
        #expect(try readOnly.revisions(of: draft.id).count == 1)
    }

    @Test func aLockedStoreFailsWithTryAgainLaterAndLosesNothing() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        let draft = try temp.store.createDraft(DraftWrite(content: reply(1, "kept")), now: now)
        let other = try DatabaseQueue(path: temp.path)
        let impatient = try temp.reopen(busyTimeout: 0.2)
        try other.inTransaction(.exclusive) { _ in
            do {
                _ = try impatient.saveRevision(of: draft.id, DraftWrite(content: reply(1, "new")), now: now)
                Issue.record("a locked store took a write")
            } catch let error as StoreError {
                #expect(error == .locked(path: temp.path))
                #expect(error.status == .tempFailure)
            }
            return .rollback
        }
        #expect(try impatient.revisions(of: draft.id).count == 1)
        _ = try impatient.saveRevision(of: draft.id, DraftWrite(content: reply(1, "new")), now: now)
        #expect(try impatient.revisions(of: draft.id).count == 2)
    }

    @Test func aFileThatIsNotADatabaseIsADataError() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        let garbage = temp.directory.appendingPathComponent("garbage.sqlite").path
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: garbage))
        #expect(throws: StoreError.self) { try Store(path: garbage) }
        do {
            _ = try Store(path: garbage)
        } catch let error as StoreError {
            #expect(error.status == .dataError)
        }
        #expect(fileBytes(garbage) == Data(repeating: 0x41, count: 4096))
    }

    @Test func twoConnectionsSavingTheSameDraftGetDistinctRevisions() async throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        let draft = try temp.store.createDraft(DraftWrite(content: reply(1, "start")), now: now)
        let path = temp.path
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<2 {
                group.addTask {
                    let store = try Store(path: path)
                    for index in 0..<25 {
                        _ = try store.saveRevision(of: draft.id, DraftWrite(content: reply(1, "w\(writer)-\(index)")), now: now)
                    }
                }
            }
            try await group.waitForAll()
        }
        let numbers = try temp.store.revisions(of: draft.id).map(\.number)
        #expect(numbers == Array(1...51))
        #expect(try temp.store.report().healthy)
    }
}
