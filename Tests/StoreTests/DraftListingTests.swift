import Foundation
import GRDB
import Testing
@testable import Store

/// The listing of drafts (migration v6): what `drafts list` shows comes from one index kept right
/// by triggers, and a store from before v6 is carried forward with its drafts intact.
@Suite struct DraftListingTests {
    @Test func aVersion5StoreIsUpgradedAndListsAndFindsItsDrafts() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("missive-v5-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent(Store.fileName).path

        // A store as Missive left it before v6, filled the way that version wrote rows.
        do {
            let old = try DatabaseQueue(path: path)
            try Schema.migrator.migrate(old, upTo: "v5 outbox")
            try old.write { db in
                let long = "a first line\r\nthen " + String(repeating: "ü", count: 100)
                for (id, body, state, raw, revisions) in [
                    (4, long, "draft", nil, 3), (9, "broken", "draft", "---\nkind: ?\n---\nbroken", 1),
                    (12, "gone", "deleted", nil, 2),
                ] as [(Int64, String, String, String?, Int)] {
                    let stamp = "2026-11-\(10 + id) 08:30:00.000"
                    try db.execute(sql: """
                        INSERT INTO draft (id, kind, thread, subject, body, format, profile, targetKey, state, revision,
                                           raw, createdAt, updatedAt)
                        VALUES (?, 'reply', ?, 'old subject', ?, 'markdown', 'sandbox', ?, ?, ?, ?, ?, ?)
                        """, arguments: [id, id, body, "reply/\(id)", state, revisions, raw, stamp, stamp])
                    for number in 1...revisions {
                        try db.execute(sql: """
                            INSERT INTO revision (draftId, number, kind, thread, body, format, profile, createdAt)
                            VALUES (?, ?, 'reply', ?, ?, 'markdown', 'sandbox', ?)
                            """, arguments: [id, number, id, body, stamp])
                    }
                }
            }
        }

        let store = try Store(path: path)
        #expect(try store.appliedMigrations() == Store.knownMigrations)
        let rows = try store.list()
        #expect(rows.map(\.id) == [9, 4])
        #expect(rows.map(\.revisions) == [1, 3])
        #expect(rows.map(\.flagged) == [true, false])
        #expect(rows[1].excerpt == "a first line then " + String(repeating: "ü", count: 61))
        #expect(rows[1].updatedAt == Date(timeIntervalSince1970: 1_794_645_000))
        #expect(try store.list(includeDeleted: true).map(\.id) == [12, 9, 4])
        #expect(try store.search("first").map(\.id) == [4])
        #expect(try store.search("gone").isEmpty)
        #expect(try store.search("gone", includeClosed: true).map(\.id) == [12], "v7 indexes closed drafts too")

        // And it goes on working: a save moves the draft up with one more revision.
        _ = try store.saveRevision(of: 4, DraftWrite(content: reply(4, "fresh words")), now: now)
        #expect(try store.list().map(\.id) == [4, 9])
        #expect(try store.list().first?.revisions == 4)
        #expect(try store.list().first?.excerpt == "fresh words")
    }

    @Test func theListingFollowsSavesRestoresDeletionsAndUndo() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        let draft = try temp.store.createDraft(DraftWrite(content: reply(1, "one")), now: now)
        func shown() throws -> (revisions: Int, excerpt: String, flagged: Bool)? {
            try temp.store.list().first { $0.id == draft.id }.map { ($0.revisions, $0.excerpt, $0.flagged) }
        }
        #expect(try shown()! == (1, "one", false))

        let broken = DraftWrite(content: reply(1, "two\nlines"), raw: "---\nkind: nope\n---\ntwo", problem: "bad kind")
        _ = try temp.store.saveRevision(of: draft.id, broken, now: now)
        #expect(try shown()! == (2, "two lines", true))

        _ = try temp.store.restore(draft.id, revision: 1, now: now)
        #expect(try shown()! == (3, "one", false))

        _ = try temp.store.undo(now: now)
        #expect(try shown()! == (3, "two lines", true))

        _ = try temp.store.deleteDraft(draft.id, now: now)
        #expect(try shown() == nil)
        #expect(try temp.store.list(includeDeleted: true).first?.state == .deleted)
        _ = try temp.store.undo(now: now)
        #expect(try shown()! == (3, "two lines", true))
    }

    @Test func aLimitedSearchKeepsTheBestMatchesInOrderEachWithItsSnippet() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        // The more often "flood" comes up in a body of the same length, the better the match.
        var ids: [Int: Int64] = [:]
        for times in [1, 4, 2, 5, 3] {
            let words = Array(repeating: "flood", count: times) + Array(repeating: "filler", count: 8 - times)
            ids[times] = try temp.store.createDraft(DraftWrite(content: reply(Int64(times), words.joined(separator: " "))), now: now).id
        }
        let best = try temp.store.search("flo", limit: 3)
        #expect(best.map(\.id) == [ids[5], ids[4], ids[3]].compactMap { $0 })
        #expect(best.map { $0.excerpt.components(separatedBy: "[flood]").count - 1 } == [5, 4, 3])
        #expect(try temp.store.search("flo").count == 5)
    }

    /// Open drafts are searched by default; sent and deleted ones only when asked, and the index
    /// follows a draft through sending, deleting and undo.
    @Test func sentAndDeletedDraftsAreSearchedOnlyWhenAsked() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        let posted = try temp.store.createDraft(DraftWrite(content: reply(1, "what I said about flood control")), now: now)
        let open = try temp.store.createDraft(DraftWrite(content: reply(2, "flood control, still a draft")), now: now)
        #expect(try temp.store.write { db in try Store.markDraftSent(posted.id, revision: posted.revision, now: now, db) })

        #expect(try temp.store.search("flood").map(\.id) == [open.id])
        let all = try temp.store.search("flood", includeClosed: true)
        #expect(Set(all.map(\.id)) == [posted.id, open.id])
        #expect(all.first { $0.id == posted.id }?.state == .sent)
        #expect(all.first { $0.id == posted.id }?.excerpt.contains("[flood]") == true)

        _ = try temp.store.deleteDraft(open.id, now: now)
        #expect(try temp.store.search("flood").isEmpty)
        #expect(try temp.store.search("still", includeClosed: true).first?.state == .deleted)
        _ = try temp.store.undo(now: now)
        #expect(try temp.store.search("flood").map(\.id) == [open.id])

        // An edit of the sent text is searched as it is now, not as it was.
        try temp.store.write { db in try db.execute(sql: "UPDATE draft SET body = 'other words' WHERE id = ?", arguments: [posted.id]) }
        #expect(try temp.store.search("said", includeClosed: true).isEmpty)
        #expect(try temp.store.search("other", includeClosed: true).map(\.id) == [posted.id])
    }

    @Test func theListReadsItsIndexAndNoDraftRow() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        let plan = try temp.store.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + Store.listQuery(includeDeleted: false), arguments: [-1])
                .map { $0["detail"] as String? ?? "" }
        }
        #expect(plan == ["SEARCH draft USING COVERING INDEX draft_listing (state=?)"])
    }

    @Test func aSearchRanksInItsIndexesAndReadsNoDraftRow() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        func plan(_ includeClosed: Bool) throws -> [String] {
            try temp.store.read { db in
                try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + Store.rankQuery(includeClosed: includeClosed), arguments: ["\"x\"*", -1])
                    .map { $0["detail"] as String? ?? "" }
            }
        }
        let open = try plan(false)
        #expect(open.contains { $0.hasPrefix("SCAN draft_fts VIRTUAL TABLE") })
        #expect(open.contains("SEARCH draft USING COVERING INDEX draft_by_update (state=?)"), "\(open)")
        #expect(!open.contains { $0.contains("draft USING INTEGER PRIMARY KEY") })
        let all = try plan(true)
        #expect(all.allSatisfy { !$0.contains(" draft ") && !$0.hasSuffix(" draft") }, "\(all)")
    }

    @Test func aDraftOfAnUnknownKindIsAnErrorNotACrash() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        let draft = try temp.store.createDraft(DraftWrite(content: reply(1, "text")), now: now)
        try temp.store.write { db in try db.execute(sql: "UPDATE draft SET kind = 'letter' WHERE id = ?", arguments: [draft.id]) }
        #expect(throws: StoreError.invalid("draft \(draft.id) has an unknown kind or state")) { try temp.store.list() }
        #expect(throws: StoreError.self) { try temp.store.search("text") }
    }

    /// (Foundation's calendar turns Julian before 1582, so older dates would differ: Missive writes none.)
    @Test func storedDatesAreReadAsGRDBReadsThem() throws {
        for text in ["2026-11-22 00:00:00.000", "1969-12-31 23:59:59.999", "2000-02-29 12:34:56", "2024-03-01T00:00:00.500",
                     "1900-03-01 00:00:00.000", "1600-02-29 00:00:00.000", "9999-12-31 23:59:59.999"] {
            let grdb = try #require(Date.fromDatabaseValue(text.databaseValue))
            let ours = try #require(parse(text))
            #expect(abs(ours.timeIntervalSince(grdb)) < 0.000_001, "\(text)")
        }
        for bad in ["2026-13-01 00:00:00", "2026-11-22", "2026-11-22 00:00:00.0000", "2026/11/22 00:00:00",
                    "abcd-11-22 00:00:00", "2026-11-22 24:00:00", "2026-11-22 00:00:00+01", ""] {
            #expect(parse(bad) == nil, "\(bad)")
        }
    }

    @Test func aDateStoredInAnotherFormIsStillRead() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        let draft = try temp.store.createDraft(DraftWrite(content: reply(1, "text")), now: now)
        // A number of seconds, and a day alone: not GRDB's own form, so GRDB reads them.
        for (stored, expected) in [(1_800_000_123.databaseValue, 1_800_000_123.0), ("2027-01-15".databaseValue, 1_799_971_200)] {
            try temp.store.write { db in
                try db.execute(sql: "UPDATE draft SET updatedAt = ? WHERE id = ?", arguments: [stored, draft.id])
            }
            #expect(try temp.store.list().first?.updatedAt == Date(timeIntervalSince1970: expected))
        }
    }

    private func parse(_ text: String) -> Date? {
        Array(text.utf8).withUnsafeBufferPointer { StoredDate.parse($0) }
    }
}
