import Foundation
import GRDB
import Store
import Testing

/// Issue 31: a draft on a damaged page of the store is "damaged", never "does not exist", and
/// `doctor`'s report names it. The damage is real: 256 bytes overwritten in the middle of the
/// `draft` table's page of a real SQLite file, as a failing disk would leave it.
@Suite struct DamagedDraftTests {
    /// Twenty drafts in one page of the `draft` table, the file checkpointed and closed, then
    /// 256 bytes in the middle of that page overwritten.
    static func damagedStore() throws -> (TemporaryStore, [Int64]) {
        let temp = try TemporaryStore()
        var ids: [Int64] = []
        for number in 1...20 {
            ids.append(try temp.store.createDraft(DraftWrite(content: reply(3_500_001, "draft number \(number)")), now: now).id)
        }
        let (page, size) = try DatabaseQueue(path: temp.path).inDatabase { db in
            try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
            let page = try Int.fetchOne(db, sql: "SELECT rootpage FROM sqlite_master WHERE name = 'draft'") ?? 0
            let size = try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 4096
            // All twenty rows on that one page: the root is a leaf (type 13).
            let kind = try Int.fetchOne(db, sql: "SELECT count(*) FROM draft") ?? 0
            #expect(kind == 20)
            return (page, size)
        }
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: temp.path))
        try handle.seek(toOffset: UInt64((page - 1) * size))
        let original = try handle.read(upToCount: size) ?? Data()
        #expect(original.first == 13, "the draft table's root page is a leaf holding every row")
        try handle.seek(toOffset: UInt64((page - 1) * size + size / 2 - 128))
        try handle.write(contentsOf: Data(repeating: 0xA5, count: 256))
        try handle.close()
        return (temp, ids)
    }

    @Test func aDraftOnADamagedPageIsDamagedWithWhatToDoAndDoctorNamesIt() throws {
        let (temp, ids) = try Self.damagedStore()
        defer { temp.remove() }
        let store = try temp.reopen()
        let report = try store.report()
        #expect(!report.healthy)
        try #require(!report.unreadableDrafts.isEmpty, "the damage hides some drafts")
        #expect(Set(report.unreadableDrafts).isSubset(of: Set(ids)))
        for id in report.unreadableDrafts {
            do {
                _ = try store.draft(id)
                Issue.record("draft \(id) read from a damaged page")
            } catch let error as StoreError {
                guard case let .damaged(what, path, found) = error else { Issue.record("draft \(id): \(error)"); continue }
                #expect(what == "draft \(id)" && path == temp.path && !found.isEmpty)
                #expect(error.status == .dataError)
                for remedy in ["is damaged", "missive doctor", "from a backup", "missive drafts export", ".recover"] {
                    #expect(error.description.contains(remedy), "\(error.description)")
                }
                #expect(!error.description.contains("does not exist"))
            }
            // Its history and its deletion meet the same damage, and say so.
            #expect(throws: StoreError.self) { _ = try store.revisions(of: id) }
            do { _ = try store.revisions(of: id) } catch let error as StoreError { #expect(error.status == .dataError, "\(error)") }
            do { _ = try store.deleteDraft(id, now: now) } catch let error as StoreError { #expect(error.status == .dataError, "\(error)") }
        }
        for id in ids where !report.unreadableDrafts.contains(id) {
            #expect(try store.draft(id).id == id)
        }
        // A search that matches them names them instead of leaving them out.
        let (found, damaged) = try store.searchFindingDamage("draft number")
        #expect(damaged == report.unreadableDrafts)
        #expect(Set(found.map(\.id)) == Set(ids).subtracting(report.unreadableDrafts))
        let error = try #require(try store.damagedError(damaged))
        #expect(error.status == .dataError && error.description.contains("damaged"))
    }

    /// Bad input stays what it was: an id the store never handed out does not exist (66).
    @Test func anIdNeverMadeStillDoesNotExist() throws {
        let (temp, _) = try Self.damagedStore()
        defer { temp.remove() }
        let store = try temp.reopen()
        for id: Int64 in [0, -3, 21, 999] {
            #expect(throws: StoreError.notFound(what: "draft \(id)")) { _ = try store.draft(id) }
        }
        // And in a healthy store nothing is unreadable.
        let healthy = try TemporaryStore()
        defer { healthy.remove() }
        _ = try healthy.store.createDraft(DraftWrite(content: reply(1, "fine")), now: now)
        #expect(try healthy.store.report().unreadableDrafts.isEmpty)
        #expect(throws: StoreError.notFound(what: "draft 2")) { _ = try healthy.store.draft(2) }
    }
}
