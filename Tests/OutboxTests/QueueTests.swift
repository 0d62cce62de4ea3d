import Foundation
import Store
import Testing
@testable import Outbox

@Suite struct QueueTests {
    /// A store in a temp dir, with no forum: queueing and the user's actions never touch one.
    static func withStore(_ body: (Store) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("missive-queue-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try body(try Store(path: directory.appendingPathComponent("missive.sqlite").path))
    }

    static func draft(_ store: Store, kind: DraftKind = .reply, target: DraftTarget = DraftTarget(thread: 3_500_001),
                      subject: String = "", body: String = "text") throws -> Draft {
        try store.createDraft(DraftWrite(content: DraftContent(kind: kind, target: target, subject: subject, body: body,
                                                               profile: "sandbox")), now: Date())
    }

    let now = Date()

    @Test func eachKindOfDraftBecomesItsCommandWithTheMarkdownConverted() throws {
        try Self.withStore { store in
            let outbox = Outbox(store: store)
            let cases: [(Draft, ForumCommand)] = [
                (try Self.draft(store, body: "*hi*"), .reply(threadID: 3_500_001, bbcode: "[i]hi[/i]")),
                (try Self.draft(store, kind: .pm, target: DraftTarget(recipient: "Zoë", replyTo: 9), subject: "re", body: "yo"),
                 .privateMessage(to: "Zoë", subject: "re", bbcode: "yo", replyTo: 9)),
                (try Self.draft(store, kind: .thread, target: DraftTarget(forum: 1, icon: 60), subject: "New", body: "b"),
                 .newThread(forumID: 1, subject: "New", bbcode: "b", iconID: "60")),
                (try Self.draft(store, kind: .edit, target: DraftTarget(post: 77), body: "fixed"), .edit(postID: 77, bbcode: "fixed")),
            ]
            for (draft, command) in cases {
                let item = try outbox.queue(draft: draft.id, dialect: .somethingawful, due: now, now: now)
                #expect(item.command == command)
                #expect(item.state == .queued(due: now) && item.draftRevision == 1)
                #expect(try outbox.item(item.id).command == command, "the Command survives the store")
            }
        }
    }

    @Test func draftsTheForumWouldRefuseAreRefusedBeforeTheyAreQueued() throws {
        try Self.withStore { store in
            let outbox = Outbox(store: store)
            let bad: [(Draft, String)] = [
                (try Self.draft(store, body: "  \n "), "body is empty"),
                (try Self.draft(store, kind: .pm, target: DraftTarget(recipient: "Zoë")), "needs a `subject:`"),
                (try Self.draft(store, kind: .thread, target: DraftTarget(forum: 1)), "needs a `subject:`"),
                (try Self.draft(store, kind: .reply, target: DraftTarget()), "needs `thread:`"),
            ]
            for (draft, message) in bad {
                #expect {
                    try outbox.queue(draft: draft.id, dialect: .somethingawful, due: now, now: now)
                } throws: { error in
                    (error as? OutboxError)?.description.contains(message) == true && (error as? OutboxError)?.status == .dataError
                }
            }
            let deleted = try Self.draft(store)
            _ = try store.deleteDraft(deleted.id, now: now)
            #expect(throws: OutboxError.draftNotReady(deleted.id, "it is deleted (`missive undo` may bring it back)")) {
                try outbox.queue(draft: deleted.id, dialect: .somethingawful, due: now, now: now)
            }
            #expect(throws: StoreError.notFound(what: "draft 999")) {
                try outbox.queue(draft: 999, dialect: .somethingawful, due: now, now: now)
            }
            #expect(try store.outboxListing().isEmpty, "nothing half-queued")
        }
    }

    @Test func oneRevisionIsQueuedOnceAndACancelledOneComesBackAsTheSameItem() throws {
        try Self.withStore { store in
            let outbox = Outbox(store: store)
            let draft = try Self.draft(store)
            let item = try outbox.queue(draft: draft.id, dialect: .somethingawful, due: now, now: now)
            #expect(throws: OutboxError.alreadyQueued(draft: draft.id, revision: 1, item: item.id, state: "queued")) {
                try outbox.queue(draft: draft.id, dialect: .somethingawful, due: now, now: now)
            }
            _ = try outbox.cancel([item.id], now: now)
            let again = try outbox.queue(draft: draft.id, dialect: .somethingawful, due: now, now: now)
            #expect(again.id == item.id && again.state == .queued(due: now))
            // A new revision is a new item.
            _ = try store.saveRevision(of: draft.id, DraftWrite(content: DraftContent(
                kind: .reply, target: DraftTarget(thread: 3_500_001), body: "text 2", profile: "sandbox")), now: now)
            #expect(try outbox.queue(draft: draft.id, dialect: .somethingawful, due: now, now: now).id != item.id)
        }
    }

    @Test func holdReleaseRescheduleAndCancelFollowTheStateMachineAllOrNone() throws {
        try Self.withStore { store in
            let outbox = Outbox(store: store)
            let a = try outbox.queue(draft: try Self.draft(store).id, dialect: .somethingawful, due: now, now: now)
            let b = try outbox.queue(draft: try Self.draft(store, body: "b").id, dialect: .somethingawful, due: now, now: now)
            let later = now.addingTimeInterval(3_600)
            #expect(try outbox.hold([a.id], now: now).map(\.state) == [.held(because: nil)])
            #expect(try outbox.release([a.id], due: later, now: now).map(\.state) == [.queued(due: later)])
            #expect(try outbox.reschedule([b.id], due: later, now: now).map(\.state) == [.queued(due: later)])
            // Releasing one that is not held fails, and the other in the same call is left alone.
            _ = try outbox.hold([b.id], now: now)
            #expect(throws: OutboxError.self) { try outbox.release([b.id, a.id], due: now, now: now) }
            #expect(try outbox.item(b.id).state == .held(because: nil))
            #expect(try outbox.cancel([a.id, b.id], now: now).map(\.state) == [.cancelled, .cancelled])
            #expect(throws: OutboxError.self) { try outbox.cancel([a.id], now: now) }
            #expect(try outbox.retry([a.id], due: now, now: now).map(\.state) == [.queued(due: now)])
            #expect(throws: OutboxError.noSuchItem(42)) { try outbox.hold([42], now: now) }
        }
    }

    @Test func startingASendOpensOneWindowForEverythingDueAndLeavesLaterItemsAlone() throws {
        try Self.withStore { store in
            let outbox = Outbox(store: store)
            let due = try outbox.queue(draft: try Self.draft(store).id, dialect: .somethingawful, due: now, now: now)
            let later = try outbox.queue(draft: try Self.draft(store, body: "later").id, dialect: .somethingawful,
                                         due: now.addingTimeInterval(600), now: now)
            let until = now.addingTimeInterval(10)
            #expect(try outbox.startWindows(until: until, now: now).map(\.id) == [due.id])
            #expect(OutboxUndo.same(try outbox.item(due.id).state, .pending(until: until)))
            #expect(try outbox.item(later.id).state.name == "queued")
            #expect(try store.history(limit: 1).first?.kind == .outboxSend)
        }
    }
}
