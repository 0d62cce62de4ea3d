import Foundation
import Testing
import Store

@Suite struct DraftStoreTests {
    @Test func theStoreIsAPrivateWALFileWithEveryMigrationApplied() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        let attributes = try FileManager.default.attributesOfItem(atPath: temp.path)
        #expect(attributes[.posixPermissions] as? Int == 0o600)
        let report = try temp.store.report()
        #expect(report.journalMode == "wal")
        #expect(report.appliedMigrations == Store.knownMigrations)
        #expect(report.healthy)
    }

    @Test func everyChangingSaveIsARevisionAndAnIdenticalOneIsNot() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        let draft = try temp.store.createDraft(DraftWrite(content: reply(7, "first")), now: now)
        #expect(draft.revision == 1)

        let same = try temp.store.saveRevision(of: draft.id, DraftWrite(content: reply(7, "first")), now: now)
        #expect(same == .unchanged(draft))

        let changed = try temp.store.saveRevision(of: draft.id, DraftWrite(content: reply(7, "second")), now: now)
        #expect(changed.draft.revision == 2)
        let revisions = try temp.store.revisions(of: draft.id)
        #expect(revisions.map(\.number) == [1, 2])
        #expect(revisions.map(\.content.body) == ["first", "second"])
    }

    @Test func aSaveStartedFromAnOlderRevisionIsFlaggedAsConcurrent() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        let draft = try temp.store.createDraft(DraftWrite(content: reply(7, "a")), now: now)
        _ = try temp.store.saveRevision(of: draft.id, DraftWrite(content: reply(7, "b")), basedOn: 1, now: now)
        let late = try temp.store.saveRevision(of: draft.id, DraftWrite(content: reply(7, "c")), basedOn: 1, now: now)
        #expect(late == .saved(try temp.store.draft(draft.id), concurrent: true))
        #expect(try temp.store.revisions(of: draft.id).map(\.content.body) == ["a", "b", "c"])
    }

    @Test func theOpenDraftForATargetIsFoundPerProfileAndNotOnceDeleted() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        let draft = try temp.store.createDraft(DraftWrite(content: reply(3507451, "x")), now: now)
        #expect(try temp.store.openDraft(for: reply(3507451, ""))?.id == draft.id)
        #expect(try temp.store.openDraft(for: reply(3507451, "", profile: "sa")) == nil)
        #expect(try temp.store.openDraft(for: reply(1, "")) == nil)
        _ = try temp.store.deleteDraft(draft.id, now: now)
        #expect(try temp.store.openDraft(for: reply(3507451, "")) == nil)
    }

    @Test func pmTargetsAreKeyedByTheMessageAnsweredOrElseTheRecipient() {
        let to = DraftTarget(recipient: "Some Goon")
        let answering = DraftTarget(recipient: "Some Goon", replyTo: 99)
        #expect(to.key(for: .pm) == DraftTarget(recipient: "some goon").key(for: .pm))
        #expect(answering.key(for: .pm) != to.key(for: .pm))
        #expect(DraftTarget(thread: 5).key(for: .reply) != DraftTarget(post: 5).key(for: .edit))
    }

    @Test func searchRanksSubjectAndBodyMatchesAndMatchesPrefixes() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        let pm = DraftContent(kind: .pm, target: DraftTarget(recipient: "a"), subject: "flood control again",
                              body: "nothing here", profile: "sandbox")
        let strong = try temp.store.createDraft(DraftWrite(content: pm), now: now)
        let weak = try temp.store.createDraft(DraftWrite(content: reply(1, "a long post that mentions flood control once among many other words that dilute it")), now: now)
        _ = try temp.store.createDraft(DraftWrite(content: reply(2, "unrelated")), now: now)

        let hits = try temp.store.search("flood contr")
        #expect(hits.map(\.id) == [strong.id, weak.id])
        #expect(hits[1].excerpt.contains("[flood]"))
        #expect(try temp.store.search("unrelated").count == 1)
        #expect(try temp.store.search("missing").isEmpty)
        #expect(throws: StoreError.self) { try temp.store.search("  \"  ") }
    }

    @Test func searchFollowsEditsAndLeavesDeletedDraftsOut() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        let draft = try temp.store.createDraft(DraftWrite(content: reply(1, "apples")), now: now)
        _ = try temp.store.saveRevision(of: draft.id, DraftWrite(content: reply(1, "oranges")), now: now)
        #expect(try temp.store.search("apples").isEmpty)
        #expect(try temp.store.search("oranges").map(\.id) == [draft.id])
        _ = try temp.store.deleteDraft(draft.id, now: now)
        #expect(try temp.store.search("oranges").isEmpty)
        _ = try temp.store.undo(now: now)
        #expect(try temp.store.search("oranges").map(\.id) == [draft.id])
    }

    @Test func listShowsOpenDraftsNewestFirstWithRevisionCounts() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        let old = try temp.store.createDraft(DraftWrite(content: reply(1, "old\nsecond line")), now: now)
        let new = try temp.store.createDraft(DraftWrite(content: reply(2, "new")), now: now.addingTimeInterval(60))
        _ = try temp.store.saveRevision(of: new.id, DraftWrite(content: reply(2, "newer")), now: now.addingTimeInterval(120))
        let gone = try temp.store.createDraft(DraftWrite(content: reply(3, "gone")), now: now)
        _ = try temp.store.deleteDraft(gone.id, now: now.addingTimeInterval(180))

        let rows = try temp.store.list()
        #expect(rows.map(\.id) == [new.id, old.id])
        #expect(rows.map(\.revisions) == [2, 1])
        #expect(rows[1].excerpt == "old second line")
        #expect(try temp.store.list(includeDeleted: true).count == 3)
        #expect(try temp.store.list(limit: 1).count == 1)
    }

    @Test func restoreMakesANewRevisionFromAnOldOne() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        let draft = try temp.store.createDraft(DraftWrite(content: reply(1, "one")), now: now)
        _ = try temp.store.saveRevision(of: draft.id, DraftWrite(content: reply(1, "two")), now: now)
        let restored = try temp.store.restore(draft.id, revision: 1, now: now)
        #expect(restored.draft.revision == 3)
        #expect(restored.draft.content.body == "one")
        #expect(try temp.store.revision(of: draft.id, number: 3).note == "restored from revision 1")
        #expect(throws: StoreError.notFound(what: "revision 9 of draft \(draft.id)")) {
            try temp.store.restore(draft.id, revision: 9, now: now)
        }
    }

    @Test func importIsAllOrNothing() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        let drafts = try temp.store.importDrafts([DraftWrite(content: reply(1, "a")), DraftWrite(content: reply(2, "b"))], now: now)
        #expect(drafts.count == 2)
        #expect(try temp.store.list().count == 2)
    }

    @Test func missingDraftsAreNoInputErrors() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        #expect(throws: StoreError.notFound(what: "draft 42")) { try temp.store.draft(42) }
        #expect(StoreError.notFound(what: "draft 42").status == .noInput)
    }
}
