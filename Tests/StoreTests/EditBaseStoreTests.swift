import Foundation
import GRDB
import Testing
@testable import Store

/// An edit draft's base (migration "v13 edit base"): set with the first revision, inherited by
/// every save, moved with the text by undo and restore, replaced by the sender's own revision;
/// and edit drafts from before v13 get theirs from their first revision.
@Suite struct EditBaseStoreTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func edit(_ body: String, format: DraftFormat = .bbcode) -> DraftContent {
        DraftContent(kind: .edit, target: DraftTarget(post: 42), body: body, format: format, profile: "sandbox")
    }

    @Test func theBaseSurvivesRevisionsUndoAndRestore() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        let store = temp.store
        let draft = try store.createDraft(DraftWrite(content: Self.edit("the post"), note: "the post as it was on the forum",
                                                     base: "the post"), now: now)
        #expect(draft.base == "the post")
        _ = try store.saveRevision(of: draft.id, DraftWrite(content: Self.edit("the post, edited")), now: now)
        #expect(try store.draft(draft.id).base == "the post", "a save keeps the base")

        // The sender's conflict revision brings a new base (the forum's text it met); the user's
        // next save keeps that one; restoring revision 2 takes revision 2's base back with it.
        let added = try store.write { db in
            try Store.addDraftRevision(draft.id, DraftWrite(content: Self.edit("<<<<<<< your edit"), note: "edit conflict",
                                                            base: "the post, moderated"), ifShowing: 2, now: now, db)
        }
        #expect(added == 3)
        #expect(try store.draft(draft.id).base == "the post, moderated")
        #expect(try store.write { db in try Store.addDraftRevision(draft.id, DraftWrite(content: Self.edit("x")), ifShowing: 2, now: now, db) }
            == nil, "only while the draft shows the revision the item was queued from")
        _ = try store.saveRevision(of: draft.id, DraftWrite(content: Self.edit("settled")), now: now)
        #expect(try store.revisions(of: draft.id).map(\.base) == ["the post", "the post", "the post, moderated", "the post, moderated"])

        _ = try store.restore(draft.id, revision: 2, now: now)
        #expect(try store.draft(draft.id).base == "the post")
        _ = try store.undo(now: now)
        #expect(try store.draft(draft.id).content.body == "settled")
        #expect(try store.draft(draft.id).base == "the post, moderated", "undo moves the base with the text")
    }

    @Test func editDraftsFromBeforeV13TakeTheirFirstRevisionAsTheirBase() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("missive-v12-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent(Store.fileName).path
        do {
            let old = try DatabaseQueue(path: path)
            try Schema.migrator.migrate(old, upTo: "v12 outbox images")
            try old.write { db in
                let stamp = "2026-11-20 08:30:00.000"
                // 1: BBCode, 2: Markdown in one fence, 3: Markdown of the user's own (no base), 4: a reply.
                let drafts: [(Int, String, String, String, String?)] = [
                    (1, "edit", "bbcode", "[b]old[/b]\nsecond", "the post as it was on the forum"),
                    (2, "edit", "markdown", "````bbcode\n[i]fenced[/i]\n````", "the post as it was on the forum"),
                    (3, "edit", "markdown", "typed *by hand*", nil),
                    (4, "reply", "bbcode", "a reply", nil),
                ]
                for (id, kind, format, body, note) in drafts {
                    try db.execute(sql: """
                        INSERT INTO draft (id, kind, post, body, format, profile, targetKey, state, revision, createdAt, updatedAt)
                        VALUES (?, ?, 42, ?, ?, 'sandbox', 'edit/42', 'draft', 2, ?, ?)
                        """, arguments: [id, kind, body + " (edited)", format, stamp, stamp])
                    for number in [1, 2] {
                        try db.execute(sql: """
                            INSERT INTO revision (draftId, number, kind, post, body, format, profile, note, createdAt)
                            VALUES (?, ?, ?, 42, ?, ?, 'sandbox', ?, ?)
                            """, arguments: [id, number, kind, number == 1 ? body : body + " (edited)", format,
                                             number == 1 ? note : nil, stamp])
                    }
                }
            }
        }
        let store = try Store(path: path)
        #expect(try store.appliedMigrations() == Store.knownMigrations)
        #expect(try (1...4).map { try store.draft($0).base } == ["[b]old[/b]\nsecond", "[i]fenced[/i]", nil, nil])
        #expect(try store.revisions(of: 2).map(\.base) == ["[i]fenced[/i]", "[i]fenced[/i]"])
    }
}
