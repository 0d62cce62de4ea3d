import Foundation
import GRDB
import Testing
import Store

/// Drafts, revisions and history entries are GRDB records read and written by their Codable keys;
/// the tables keep their flat columns (a draft's target is no JSON column).
@Suite struct RecordColumnsTests {
    @Test func everyFieldOfADraftIsItsOwnColumnAndReadsBack() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        let content = DraftContent(
            kind: .pm, target: DraftTarget(recipient: "SomeGoon", replyTo: 99, tag: "ama"), subject: "hi", body: "text",
            format: .bbcode, profile: "sa")
        let created = try temp.store.createDraft(DraftWrite(content: content, raw: "---\nbroken", problem: "bad front matter"),
                                                 now: now)
        let row = try #require(try temp.store.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM draft WHERE id = ?", arguments: [created.id])
        })
        #expect(row["kind"] as String? == "pm" && row["format"] as String? == "bbcode" && row["state"] as String? == "draft")
        #expect(row["recipient"] as String? == "SomeGoon" && row["replyTo"] as Int64? == 99 && row["tag"] as String? == "ama")
        #expect(row["thread"] as Int64? == nil)
        #expect(row["targetKey"] as String? == "pm/replying/99")
        #expect(row["raw"] as String? == "---\nbroken" && row["problem"] as String? == "bad front matter")
        let read = try temp.store.draft(created.id)
        #expect(read == created)
        #expect(read.content == content)
        #expect(try temp.store.revision(of: created.id, number: 1).content == content)
    }

    @Test func aValueThatBecomesNilIsWrittenAsNull() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        var content = DraftContent(kind: .thread, target: DraftTarget(forum: 26, icon: 3, tag: "ama"), subject: "s", profile: "sa")
        let draft = try temp.store.createDraft(DraftWrite(content: content, raw: "raw", problem: "p"), now: now)
        content.target.tag = nil
        content.target.icon = nil
        _ = try temp.store.saveRevision(of: draft.id, DraftWrite(content: content), now: now)
        let row = try #require(try temp.store.read { db in
            try Row.fetchOne(db, sql: "SELECT icon, tag, raw, problem FROM draft WHERE id = ?", arguments: [draft.id])
        })
        #expect(row["icon"] as Int64? == nil && row["tag"] as String? == nil)
        #expect(row["raw"] as String? == nil && row["problem"] as String? == nil)
        #expect(try temp.store.draft(draft.id).content == content)
    }

    @Test func aStateThisMissiveDoesNotKnowIsADataErrorNamingTheColumn() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        let draft = try temp.store.createDraft(DraftWrite(content: reply(7, "a")), now: now)
        try temp.store.write { db in try db.execute(sql: "UPDATE draft SET state = 'lost' WHERE id = ?", arguments: [draft.id]) }
        do {
            _ = try temp.store.draft(draft.id)
            Issue.record("read a draft in state 'lost'")
        } catch let error as StoreError {
            #expect(error.status == .dataError)
            #expect(error.description.contains("state") && error.description.contains("lost"), "\(error.description)")
        }
    }

    @Test func aHistoryEntryInAStateThisMissiveDoesNotKnowIsADataError() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        _ = try temp.store.createDraft(DraftWrite(content: reply(7, "a")), now: now)
        #expect(try temp.store.history().map(\.state) == [.done])
        try temp.store.write { db in try db.execute(sql: "UPDATE command SET state = 'half'") }
        #expect(throws: StoreError.self) { try temp.store.history() }
        do { _ = try temp.store.history() } catch let error as StoreError {
            #expect(error.status == .dataError && error.description.contains("half"), "\(error.description)")
        }
    }
}
