import Foundation
import Sandbox
import Store
import Testing
@testable import Outbox

/// `missive undo` and `redo` over the outbox's history entries, on a real store (and, for what
/// was delivered, a real forum).
@Suite(.serialized) struct UndoTests {
    let now = Date()

    func undo(_ store: Store, _ handler: OutboxUndo = OutboxUndo(undoWindow: 10)) throws -> String {
        try store.undo(handlers: [handler], now: Date()).message
    }

    func redo(_ store: Store, _ handler: OutboxUndo = OutboxUndo(undoWindow: 10)) throws -> String {
        try store.redo(handlers: [handler], now: Date()).message
    }

    @Test func undoInsideTheWindowCancelsTheSendAndLeavesTheDraftAsItWas() throws {
        try QueueTests.withStore { store in
            let outbox = Outbox(store: store)
            let draft = try QueueTests.draft(store)
            let item = try outbox.queue(draft: draft.id, dialect: .somethingawful, due: now, now: now)
            try outbox.startWindows(until: now.addingTimeInterval(10), now: now)

            #expect(try undo(store).contains("undid: send \(item.title)"))
            #expect(try outbox.item(item.id).state == .cancelled)
            let after = try store.draft(draft.id)
            #expect(after.state == .open && after.revision == draft.revision && after.content == draft.content)

            // Redo opens a whole new window.
            let redoneAt = Date()
            _ = try redo(store)
            guard case let .pending(until) = try outbox.item(item.id).state else { Issue.record("not pending"); return }
            #expect(until >= redoneAt.addingTimeInterval(9.9))
        }
    }

    @Test func undoInsideTheWindowTakesBackOnlyTheLastItemQueuedThenTheOneBefore() throws {
        // Issue 13: one undo called off the whole batch, whatever its message named.
        try QueueTests.withStore { store in
            let outbox = Outbox(store: store)
            let first = try outbox.queue(draft: try QueueTests.draft(store).id, dialect: .somethingawful, due: now, now: now)
            let secondDraft = try QueueTests.draft(store)
            let second = try outbox.queue(draft: secondDraft.id, dialect: .somethingawful, due: now, now: now)
            try outbox.startWindows(until: now.addingTimeInterval(10), now: now)

            let message = try undo(store)
            #expect(message.contains("undid: send \(second.title)"), "\(message)")
            #expect(message.contains("\(second.command.summary) (item \(second.id)) will not be sent; draft \(secondDraft.id) is a draft again"),
                    "\(message)")
            #expect(try outbox.item(second.id).state == .cancelled)
            guard case .pending = try outbox.item(first.id).state else { Issue.record("the first item was taken back too"); return }

            _ = try undo(store)
            #expect(try outbox.item(first.id).state == .cancelled)
        }
    }

    @Test func queueHoldAndRescheduleAreTakenBackStepByStep() throws {
        try QueueTests.withStore { store in
            let outbox = Outbox(store: store)
            let later = now.addingTimeInterval(7_200)
            let item = try outbox.queue(draft: try QueueTests.draft(store).id, dialect: .somethingawful, due: now, now: now)
            _ = try outbox.reschedule([item.id], due: later, now: now)
            _ = try outbox.hold([item.id], now: now)

            _ = try undo(store)
            #expect(OutboxUndo.same(try outbox.item(item.id).state, .queued(due: later)))
            // An undone reschedule says for when the item is queued now.
            let message = try undo(store)
            #expect(OutboxUndo.same(try outbox.item(item.id).state, .queued(due: now)))
            // (The words of the time are LocalClock's; here only that it is named, and as future.)
            #expect(message.contains("is queued again, for "), "\(message)")
            let redone = try redo(store)
            #expect(redone.contains("is queued again, for ") && redone.contains("(in "), "\(redone)")
            _ = try undo(store)
            _ = try undo(store)
            #expect(try outbox.item(item.id).state == .cancelled, "undoing the queue calls the item off")
            _ = try redo(store)
            #expect(OutboxUndo.same(try outbox.item(item.id).state, .queued(due: now)))
        }
    }

    @Test func undoRefusesWhenTheItemMovedOnSinceAndChangesNothing() throws {
        try QueueTests.withStore { store in
            let outbox = Outbox(store: store)
            let item = try outbox.queue(draft: try QueueTests.draft(store).id, dialect: .somethingawful, due: now, now: now)
            _ = try outbox.hold([item.id], now: now)
            // A sender (which writes no history) moved it meanwhile.
            try store.outbox { tx in
                var moved = try tx.outboxItem(item.id)
                moved.state = .retrying(next: now, because: .givenBack)
                try tx.save(moved)
            }
            #expect(throws: OutboxError.changedSince(item: item.id, state: "retrying")) { try undo(store) }
            #expect(try outbox.item(item.id).state.name == "retrying")
            #expect(try store.history(limit: 1).first?.state == .done)
        }
    }

    @Test func aDeliveredReplyCannotBeUndoneAndTheErrorSaysWhereItIsAndHowToEditIt() async throws {
        try await OutboxFixture.with { f in
            let item = try f.queue("delivered for good")
            _ = try f.outbox.startWindows(until: Date(), now: Date())
            _ = try await f.sender().run(.due(ids: nil))
            guard case let .sent(postID?, url?) = try f.item(item.id).state else { Issue.record("not sent"); return }

            #expect {
                try undo(f.store)
            } throws: { error in
                guard let error = error as? OutboxError, case .delivered = error else { return false }
                return error.description.contains("missive edit-post \(postID)") && error.description.contains(url)
                    && error.description.contains("thread \(OutboxFixture.thread)") && error.status == .noPermission
            }
            #expect(try f.store.history(limit: 1).first?.state == .done, "nothing was marked undone")
            #expect(try await f.copies(of: "delivered for good") == 1)
        }
    }

    @Test func aDeliveredPrivateMessageSaysItCannotBeEditedOrUnsent() async throws {
        try await OutboxFixture.with { f in
            _ = try f.queue("a PM for good", kind: .pm, target: DraftTarget(recipient: Seed.Account.other.username), subject: "hi")
            _ = try f.outbox.startWindows(until: Date(), now: Date())
            #expect(try await f.sender().run(.due(ids: nil)).sent.count == 1)
            #expect {
                try undo(f.store)
            } throws: { error in
                "\(error)".contains("reached \(Seed.Account.other.username)") && "\(error)".contains("cannot be edited or unsent")
            }
        }
    }

    @Test func undoingADeliveredEditEditsThePostBackAndRedoEditsItAgain() async throws {
        try await OutboxFixture.with { f in
            // A post of our own to edit.
            let reply = try f.queue("the original text")
            _ = try await f.sender().run(.due(ids: nil))
            guard case let .sent(postID?, _) = try f.item(reply.id).state, let post = Int64(postID) else {
                Issue.record("the reply was not sent"); return
            }
            func postText() async throws -> String? { try await f.forum().posts.first { $0.id == post }?.text }

            let edit = try f.queue("the edited text", kind: .edit, target: DraftTarget(post: post))
            _ = try f.outbox.startWindows(until: Date(), now: Date())
            _ = try await f.sender().run(.due(ids: nil))
            #expect(try await postText() == "the edited text")
            #expect(try f.item(edit.id).command == .edit(postID: Int(post), bbcode: "the edited text", previous: "the original text"))

            let undoing = OutboxUndo(undoWindow: 10)
            #expect(try undo(f.store, undoing).contains("edited back to its previous text"))
            #expect(undoing.followUps.count == 1)
            _ = try await f.sender().run(.due(ids: undoing.followUps))
            #expect(try await postText() == "the original text")
            #expect(try f.item(edit.id).undoneBy == undoing.followUps.first)

            let redoing = OutboxUndo(undoWindow: 10)
            #expect(try redo(f.store, redoing).contains("edited again"))
            _ = try await f.sender().run(.due(ids: redoing.followUps))
            #expect(try await postText() == "the edited text")
        }
    }
}
