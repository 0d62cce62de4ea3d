import Common
import Foundation
import GRDB
import Testing
@testable import Store

/// Issue 12, point 10: reading commands open the store read-only and touch nothing on disk; a
/// full disk is named as such.
@Suite struct ReadOnlyAndFullStoreTests {
    private func paths() -> (MissivePaths, URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("missive-ro-\(UUID().uuidString)")
        return (MissivePaths.resolve(environment: ["MISSIVE_HOME": root.path]), root)
    }

    @Test func aReadOnlyOpenUsesSQLitesReadOnlyModeEvenOnAWritableFile() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        let draft = try temp.store.createDraft(DraftWrite(content: reply(1, "kept")), now: now)

        let reader = try Store(path: temp.path, access: .readOnly)

        #expect(reader.isReadOnly)
        #expect(try reader.draft(draft.id).content.body == "kept")
        // SQLite itself refuses: the connection was opened with SQLITE_OPEN_READONLY.
        do {
            try reader.queue.inDatabase { db in try db.execute(sql: "CREATE TABLE intruder(x)") }
            Issue.record("a read-only connection wrote")
        } catch let error as DatabaseError {
            #expect(error.resultCode == .SQLITE_READONLY)
        }
        #expect(throws: StoreError.readOnly(path: temp.path)) {
            try reader.saveRevision(of: draft.id, DraftWrite(content: reply(1, "new")), now: now)
        }
    }

    @Test func openingToReadLeavesTheFoldersModesAsTheyAre() throws {
        let (paths, root) = paths()
        defer { try? FileManager.default.removeItem(at: root) }
        _ = try Store.open(paths: paths).createDraft(DraftWrite(content: reply(1, "kept")), now: now)
        for directory in [paths.config, paths.data, paths.state] {
            try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: directory.path)
        }
        defer {
            for directory in [paths.config, paths.data, paths.state] {
                try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory.path)
            }
        }
        let store = try Store.open(paths: paths, access: .readOnly)
        #expect(try store.list().map(\.excerpt) == ["kept"])
        for directory in [paths.config, paths.data, paths.state] {
            #expect(try FileManager.default.attributesOfItem(atPath: directory.path)[.posixPermissions] as? Int == 0o500, "\(directory.path)")
        }
    }

    @Test func aFolderThatCannotBeWrittenIsReadWithoutMakingFilesInIt() throws {
        let (paths, root) = paths()
        defer { try? FileManager.default.removeItem(at: root) }
        do {
            // Closed again at the end of this block, which removes its -wal and -shm.
            _ = try Store.open(paths: paths).createDraft(DraftWrite(content: reply(1, "kept")), now: now)
        }
        let path = paths.data.appendingPathComponent(Store.fileName).path
        #expect(try FileManager.default.contentsOfDirectory(atPath: paths.data.path) == [Store.fileName])

        // As a user other than root sees a 0500 folder (root may write anywhere, so say it).
        let store = try Store(path: path, busyTimeout: 5, access: .readOnly, folderWritable: false)

        #expect(try store.list().map(\.excerpt) == ["kept"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: paths.data.path) == [Store.fileName])
    }

    /// SQLite's own limit makes the database full for real: the same SQLITE_FULL a full disk gives.
    @Test func aFullDiskIsNamedWithTheStoresPath() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        try temp.store.queue.inDatabase { db in
            let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
            try db.execute(sql: "PRAGMA max_page_count = \(pages)")
        }
        do {
            _ = try temp.store.createDraft(DraftWrite(content: reply(1, String(repeating: "long text ", count: 20_000))), now: now)
            Issue.record("a full store took the draft")
        } catch let error as StoreError {
            #expect(error == .diskFull(path: temp.path))
            #expect(error.description == "the disk is full (\(temp.path)): free some space")
            #expect(error.status == .ioError)
        }
        #expect(try temp.store.list().isEmpty)
    }

    @Test func aBareIOErrorOnADiskWithNoRoomLeftIsAFullDisk() {
        let error = DatabaseError(resultCode: .SQLITE_IOERR_SHMSIZE, message: "disk I/O error")
        #expect(StoreError.from(error, path: "/data/missive.sqlite", freeBytes: { _ in 4_096 }) as? StoreError
                == .diskFull(path: "/data/missive.sqlite"))
        #expect(StoreError.from(error, path: "/data/missive.sqlite", freeBytes: { _ in 50 << 30 }) as? StoreError
                == .database("disk I/O error"))
    }
}
