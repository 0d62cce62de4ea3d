import Foundation
import Store
import Testing
@testable import Outbox

/// A draft queued, edited, and queued again: the outbox holds one version of it, so one post goes
/// out, not both. The earlier revision's item is cancelled in the newer one's place while it has
/// not gone out; one that may be on the forum already (sending, unknown) or on a box refuses the
/// newer one; undo puts both back as they were.
@Suite struct EarlierRevisionTests {
    /// Whole seconds: the store keeps times to the millisecond.
    let now = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))

    func edit(_ store: Store, _ draft: Draft, body: String) throws {
        _ = try store.saveRevision(of: draft.id, DraftWrite(content: DraftContent(
            kind: .reply, target: DraftTarget(thread: 3_500_001), body: body, profile: "sandbox")), now: now)
    }

    /// A draft queued, its item put in `state`, then the draft edited: (the draft, its first item).
    func queuedThenEdited(_ store: Store, _ state: OutboxState) throws -> (Draft, OutboxItem) {
        let draft = try QueueTests.draft(store, body: "typo answr")
        let first = try Outbox(store: store).queue(draft: draft.id, dialect: .somethingawful, due: now, now: now)
        try put(store, first.id, state)
        try edit(store, draft, body: "fixed answer")
        return (draft, first)
    }

    /// Puts item `id` in `state`, as a sender would have left it (set directly: no event of the
    /// state machine leads a person's action there).
    func put(_ store: Store, _ id: Int64, _ state: OutboxState) throws {
        try store.outbox { tx in
            var item = try tx.outboxItem(id)
            item.state = state
            try tx.save(item)
        }
    }

    @Test(arguments: [
        OutboxState.queued(due: Date(timeIntervalSince1970: 2_000_000_000)),
        .held(because: nil),
        .pending(until: Date(timeIntervalSince1970: 2_000_000_000)),
        .retrying(next: Date(timeIntervalSince1970: 2_000_000_000), because: .unknownOutcome(evidence: "proven not stored")),
    ])
    func aNewerRevisionReplacesTheItemOfOneThatHasNotGoneOut(earlierState: OutboxState) throws {
        try QueueTests.withStore { store in
            let outbox = Outbox(store: store)
            let (draft, first) = try queuedThenEdited(store, earlierState)
            let queueing = try outbox.queueing(drafts: [draft.id], dialect: { _ in .somethingawful }, due: now, now: now)
            #expect(queueing.replaced.map(\.id) == [first.id])
            #expect(try outbox.item(first.id).state == .cancelled)
            let second = try #require(queueing.items.first)
            #expect(second.draftRevision == 2 && second.command == .reply(threadID: 3_500_001, bbcode: "fixed answer"))
            // What the sender would send: one item of the draft.
            let waiting = try store.outboxListing().filter { !["cancelled", "failed", "sent"].contains($0.state) }
            #expect(waiting.map(\.id) == [second.id])

            // One undo puts both back as they were, and redo replaces again.
            let undone = try UndoTests().undo(store)
            #expect(undone.contains("in place of item \(first.id)"), "\(undone)")
            #expect(OutboxUndo.same(try outbox.item(first.id).state, earlierState))
            #expect(try outbox.item(second.id).state == .cancelled)
            _ = try UndoTests().redo(store)
            #expect(try outbox.item(first.id).state == .cancelled)
            #expect(try outbox.item(second.id).state.name == "queued")
        }
    }

    @Test func aSendStraightAwayReplacesTooAndItsUndoQueuesTheEarlierOneAgain() throws {
        try QueueTests.withStore { store in
            let outbox = Outbox(store: store)
            let draft = try QueueTests.draft(store, body: "for later")
            let later = now.addingTimeInterval(3_600)
            let first = try outbox.queue(draft: draft.id, dialect: .somethingawful, due: later, now: now)
            try edit(store, draft, body: "now, and better")
            let queueing = try outbox.queueing(drafts: [draft.id], dialect: { _ in .somethingawful }, due: now,
                                               windowUntil: now.addingTimeInterval(10), now: now)
            #expect(queueing.replaced.map(\.id) == [first.id])
            _ = try UndoTests().undo(store)
            // The send is called off; the item it replaced waits for its time again.
            #expect(try outbox.item(queueing.items[0].id).state == .cancelled)
            #expect(try outbox.item(first.id).state == .queued(due: later))
        }
    }

    @Test(arguments: [
        OutboxState.sending(owner: "another sender", leaseUntil: Date(timeIntervalSince1970: 2_000_000_000)),
        .unknown(.unknownOutcome(evidence: "the answer was lost")),
    ])
    func anEarlierRevisionThatMayBeOnTheForumRefusesTheNewerOne(earlierState: OutboxState) throws {
        try QueueTests.withStore { store in
            let outbox = Outbox(store: store)
            let (draft, first) = try queuedThenEdited(store, earlierState)
            #expect(throws: OutboxError.earlierRevisionOut(draft: draft.id, revision: 1, item: first.id, state: earlierState.name, box: nil)) {
                try outbox.queue(draft: draft.id, dialect: .somethingawful, due: now, now: now)
            }
            #expect(try store.outboxListing().count == 1, "nothing queued beside it")
            #expect(OutboxUndo.same(try outbox.item(first.id).state, earlierState), "and it is left as it was")
            let error = OutboxError.earlierRevisionOut(draft: draft.id, revision: 1, item: first.id, state: "unknown", box: nil)
            #expect(error.status == .tempFailure && error.description.contains("`missive send` settles it"))
        }
    }

    @Test func anEarlierRevisionSentOrCancelledIsLeftAlone() throws {
        try QueueTests.withStore { store in
            let outbox = Outbox(store: store)
            let (draft, first) = try queuedThenEdited(store, .sent(postID: "500000051", url: nil))
            let queueing = try outbox.queueing(drafts: [draft.id], dialect: { _ in .somethingawful }, due: now, now: now)
            #expect(queueing.replaced.isEmpty)
            #expect(try outbox.item(first.id).state == .sent(postID: "500000051", url: nil))
        }
    }

    @Test func handingANewerRevisionToABoxWhileAnEarlierWaitsHereIsRefused() throws {
        try QueueTests.withStore { store in
            let outbox = Outbox(store: store)
            let draft = try QueueTests.draft(store, body: "first")
            let first = try outbox.queue(draft: draft.id, dialect: .somethingawful, due: now, now: now)
            try edit(store, draft, body: "second")
            #expect(throws: OutboxError.earlierRevisionWaiting(draft: draft.id, revision: 1, item: first.id, state: "queued")) {
                try outbox.beginHandoff(draft: draft.id, to: "box", dialect: .somethingawful, again: false, now: now) { _, _ in "document" }
            }
            #expect(try store.outboxListing().count == 1, "no handed item was left behind")
            #expect(try outbox.item(first.id).state == .queued(due: now))
        }
    }
}
