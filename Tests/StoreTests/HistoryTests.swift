import Foundation
import Testing
import GRDB
import Store

@Suite struct HistoryTests {
    @Test func undoAndRedoAnEditWorkAcrossReopenedStores() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        let draft = try temp.store.createDraft(DraftWrite(content: reply(1, "one")), now: now)
        _ = try temp.store.saveRevision(of: draft.id, DraftWrite(content: reply(1, "two")), now: now)

        let undone = try temp.reopen().undo(now: now)
        #expect(undone.entry.kind == .draftEdit)
        #expect(try temp.reopen().draft(draft.id).content.body == "one")
        _ = try temp.reopen().redo(now: now)
        #expect(try temp.reopen().draft(draft.id).content.body == "two")
        // Revisions are never removed by undo: both texts stay.
        #expect(try temp.store.revisions(of: draft.id).count == 2)
    }

    @Test func deletingAndRestoringAreUndoable() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        let draft = try temp.store.createDraft(DraftWrite(content: reply(1, "one")), now: now)
        _ = try temp.store.saveRevision(of: draft.id, DraftWrite(content: reply(1, "two")), now: now)
        _ = try temp.store.restore(draft.id, revision: 1, now: now)
        _ = try temp.store.deleteDraft(draft.id, now: now)
        #expect(try temp.store.list().isEmpty)

        _ = try temp.store.undo(now: now)
        #expect(try temp.store.draft(draft.id).state == .open)
        #expect(try temp.store.draft(draft.id).content.body == "one")
        _ = try temp.store.undo(now: now)
        #expect(try temp.store.draft(draft.id).content.body == "two")
        _ = try temp.store.undo(now: now)
        _ = try temp.store.undo(now: now)  // the creation: the draft is gone from the list
        #expect(try temp.store.list().isEmpty)
        #expect(throws: StoreError.invalid("nothing to undo")) { try temp.store.undo(now: now) }
    }

    @Test func aNewChangeDropsWhatCouldBeRedone() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        let draft = try temp.store.createDraft(DraftWrite(content: reply(1, "one")), now: now)
        _ = try temp.store.saveRevision(of: draft.id, DraftWrite(content: reply(1, "two")), now: now)
        _ = try temp.store.undo(now: now)
        _ = try temp.store.saveRevision(of: draft.id, DraftWrite(content: reply(1, "three")), now: now)
        #expect(throws: StoreError.invalid("nothing to redo")) { try temp.store.redo(now: now) }
        #expect(try temp.store.draft(draft.id).content.body == "three")
    }

    @Test func undoRefusesWhenTheDraftChangedOutsideTheHistory() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        let draft = try temp.store.createDraft(DraftWrite(content: reply(1, "one")), now: now)
        _ = try temp.store.saveRevision(of: draft.id, DraftWrite(content: reply(1, "two")), now: now)
        _ = try temp.store.undo(now: now)
        // Redo expects revision 1 as the starting point; move the draft elsewhere behind its back.
        try temp.store.write { db in try db.execute(sql: "UPDATE draft SET revision = 2 WHERE id = ?", arguments: [draft.id]) }
        #expect(throws: StoreError.self) { try temp.store.redo(now: now) }
        #expect(try temp.store.history().first?.state == .undone)
    }

    @Test func theHistoryKeepsTheNewestTwoHundredEntries() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        let draft = try temp.store.createDraft(DraftWrite(content: reply(1, "0")), now: now)
        for index in 1...(Store.historyLimit + 10) {
            _ = try temp.store.saveRevision(of: draft.id, DraftWrite(content: reply(1, "\(index)")), now: now)
        }
        let entries = try temp.store.history(limit: 1000)
        #expect(entries.count == Store.historyLimit)
        #expect(entries.first?.summary == "edit draft \(draft.id) (revision \(Store.historyLimit + 11))")
    }

    @Test func outboxEntriesWithoutTheOutboxsHandlerSayTheyCannotBeUndoneHere() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        try temp.store.write { db in
            try Store.record(db, kind: .outboxSend, summary: "send draft 1", payload: ["draft": 1], now: now)
        }
        #expect(throws: StoreError.invalid(
            "'send draft 1' (outbox.send) cannot be undone here: nothing that takes back outbox entries was given")) {
            try temp.store.undo(now: now)
        }
    }
}
