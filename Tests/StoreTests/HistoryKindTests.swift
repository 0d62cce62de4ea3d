import Foundation
import GRDB
import Testing
import Store

/// The kinds as earlier Missives stored them in `command.kind`. Written out, not derived from the
/// enum: renaming a raw value would leave old rows unreadable, and must fail here.
private let storedWords: [HistoryKind: String] = [
    .draftNew: "draft.new", .draftImport: "draft.import", .draftEdit: "draft.edit",
    .draftRecover: "draft.recover", .draftRestore: "draft.restore", .draftDelete: "draft.rm",
    .templateNew: "template.new", .templateEdit: "template.edit", .templateImport: "template.import",
    .templateDelete: "template.rm",
    .outboxQueue: "outbox.queue", .outboxSend: "outbox.send", .outboxCancel: "outbox.cancel",
    .outboxHold: "outbox.hold", .outboxRelease: "outbox.release", .outboxReschedule: "outbox.reschedule",
    .outboxRetry: "outbox.retry",
    .outboxHandoff: "outbox.handoff",
]

@Suite struct HistoryKindTests {
    @Test func everyKindHasItsStoredWord() {
        #expect(Set(HistoryKind.allCases) == Set(storedWords.keys))
    }

    @Test(arguments: HistoryKind.allCases)
    func aKindIsStoredAsItsOldWordAndReadBackFromTheFile(_ kind: HistoryKind) throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        try temp.store.write { db in
            try Store.record(db, kind: kind, summary: "a \(kind)", payload: ["n": 1], now: now)
        }
        let reopened = try temp.reopen()
        let word = try reopened.read { db in try String.fetchOne(db, sql: "SELECT kind FROM command") }
        #expect(word == storedWords[kind])
        let entry = try #require(try reopened.history().first)
        #expect(entry.kind == kind)
        #expect(entry.storedKind == storedWords[kind])
    }

    @Test func aRowWrittenByAnEarlierMissiveIsReadAndUndone() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        let draft = try temp.store.createDraft(DraftWrite(content: reply(1, "one")), now: now)
        _ = try temp.store.saveRevision(of: draft.id, DraftWrite(content: reply(1, "two")), now: now)
        // Earlier versions wrote the word itself, as SQL text.
        try temp.store.write { db in
            try db.execute(sql: "UPDATE command SET kind = 'draft.edit' WHERE id = (SELECT max(id) FROM command)")
        }
        let undone = try temp.reopen().undo(now: now)
        #expect(undone.entry.kind == .draftEdit)
        #expect(try temp.store.draft(draft.id).content.body == "one")
    }

    /// A newer Missive may add kinds; an older one lists them as stored but never acts on them,
    /// even when the word looks like one of its own ("draft.merge" once matched the prefix "draft.").
    @Test(arguments: ["draft.merge", "draft.", "Draft.Edit", "draft.edit ", "outbox.unsend", ""])
    func aKindThisMissiveDoesNotKnowIsListedButNeverUndone(_ word: String) throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        let draft = try temp.store.createDraft(DraftWrite(content: reply(1, "one")), now: now)
        _ = try temp.store.saveRevision(of: draft.id, DraftWrite(content: reply(1, "two")), now: now)
        // The payload stays a valid local change: only the kind is unknown.
        try temp.store.write { db in
            try db.execute(sql: "UPDATE command SET kind = ? WHERE id = (SELECT max(id) FROM command)", arguments: [word])
        }
        let entry = try #require(try temp.reopen().history().first)
        #expect(entry.kind == nil)
        #expect(entry.storedKind == word)
        #expect(throws: StoreError.invalid(
            "'\(entry.summary)' (\(word)) was recorded by a newer version of Missive and cannot be undone by this one")) {
            try temp.store.undo(now: now)
        }
        #expect(try temp.store.draft(draft.id).content.body == "two")
        #expect(try temp.store.history().first?.state == .done)
    }

    @Test func recoveringSaysSoInItsSummaryAndEditingSaysEdit() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        let draft = try temp.store.createDraft(DraftWrite(content: reply(1, "one")), now: now)
        _ = try temp.store.saveRevision(of: draft.id, DraftWrite(content: reply(1, "two")), now: now, kind: .draftRecover)
        _ = try temp.store.saveRevision(of: draft.id, DraftWrite(content: reply(1, "three")), now: now)
        let entries = try temp.reopen().history(limit: 2)
        #expect(entries.map(\.kind) == [.draftEdit, .draftRecover])
        #expect(entries.map(\.summary) == ["edit draft \(draft.id) (revision 3)", "recover draft \(draft.id) (revision 2)"])
    }
}
