import Foundation
import GRDB
import Testing
@testable import Store

/// A new thread's second tag (migration v8): kept with the draft and each revision, and a store
/// from before v8 is carried forward with its drafts intact.
@Suite struct ThreadTagStoreTests {
    @Test func aVersion7StoreIsUpgradedAndKeepsItsDrafts() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("missive-v7-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent(Store.fileName).path

        // A store as Missive left it before v8, with a new-thread draft written the way that version did.
        do {
            let old = try DatabaseQueue(path: path)
            try Schema.migrator.migrate(old, upTo: "v7 search sent drafts")
            try old.write { db in
                let stamp = "2026-11-20 08:30:00.000"
                try db.execute(sql: """
                    INSERT INTO draft (id, kind, forum, icon, subject, body, format, profile, targetKey, state, revision,
                                       createdAt, updatedAt)
                    VALUES (7, 'thread', 61, 60, 'For sale', 'a lamp', 'markdown', 'sandbox', 'thread/61', 'draft', 1, ?, ?)
                    """, arguments: [stamp, stamp])
                try db.execute(sql: """
                    INSERT INTO revision (draftId, number, kind, forum, icon, subject, body, format, profile, createdAt)
                    VALUES (7, 1, 'thread', 61, 60, 'For sale', 'a lamp', 'markdown', 'sandbox', ?)
                    """, arguments: [stamp])
            }
        }

        let store = try Store(path: path)
        #expect(try store.appliedMigrations() == Store.knownMigrations)
        let draft = try store.draft(7)
        #expect(draft.content.target == DraftTarget(forum: 61, icon: 60))
        #expect(draft.content.body == "a lamp")
        #expect(try store.search("lamp").map(\.id) == [7])

        // The old draft takes a tag like any other: the new revision has it, the first does not.
        var tagged = draft.content
        tagged.target.tag = "selling"
        _ = try store.saveRevision(of: 7, DraftWrite(content: tagged), now: now)
        #expect(try store.draft(7).content.target.tag == "selling")
        #expect(try store.revisions(of: 7).map(\.content.target.tag) == [nil, "selling"])
    }

    @Test func aTagIsKeptWithTheDraftAndRestoredWithItsRevision() throws {
        let temporary = try TemporaryStore()
        defer { temporary.remove() }
        let store = temporary.store
        let content = DraftContent(kind: .thread, target: DraftTarget(forum: 3, tag: "AMA"), subject: "Ask me", body: "hi",
                                   profile: "sandbox")
        let draft = try store.createDraft(DraftWrite(content: content), now: now)
        #expect(try temporary.reopen().draft(draft.id).content.target.tag == "AMA")
        var untagged = content
        untagged.target.tag = nil
        _ = try store.saveRevision(of: draft.id, DraftWrite(content: untagged), now: now)
        #expect(try store.draft(draft.id).content.target.tag == nil)
        _ = try store.restore(draft.id, revision: 1, now: now)
        #expect(try store.draft(draft.id).content.target.tag == "AMA")
    }
}
