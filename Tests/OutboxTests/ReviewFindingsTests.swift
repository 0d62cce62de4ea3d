import Foundation
import Forum
import GRDB
import Sandbox
import Store
import Testing
@testable import Outbox

/// Findings of a review of the outbox against rules 1 to 3 of the product, each one a case
/// that failed before its fix.
@Suite(.serialized) struct ReviewFindingsTests {
    static let elsewhere = SenderIdentity(host: "another-host", pid: 4242, started: "7").description

    /// In 0.7 s (while a slow answer is on its way), the item changes hands, as when a sender on
    /// another machine takes over a lease that ran out.
    static func takeOver(_ id: Int64, in f: OutboxFixture) -> Task<Void, any Error> {
        Task {
            try await Task.sleep(for: .milliseconds(700))
            try f.store.outbox { tx in
                var taken = try tx.outboxItem(id)
                taken.state = .sending(owner: elsewhere, leaseUntil: Date().addingTimeInterval(600))
                try tx.save(taken)
            }
        }
    }

    /// A lease runs out on the wall clock, but a send in flight does not stop: a slow forum, a
    /// laptop that slept mid-send, a clock that jumped. While the sender that holds the item
    /// still runs on this machine, its request may yet post, so nobody else may send the item.
    @Test func anExpiredLeaseOfASenderStillRunningHereIsLeftAlone() async throws {
        try await OutboxFixture.with { f in
            let item = try f.queue("still in flight at a running sender")
            // This test process stands for the running sender that claimed it.
            let running = SenderIdentity.current()
            try LeaseTests.claim(item, by: running, in: f)
            try f.store.outbox { tx in
                var expired = try tx.outboxItem(item.id)
                expired.state = .sending(owner: running.description, leaseUntil: Date().addingTimeInterval(-1))
                try tx.save(expired)
            }
            let other = SenderIdentity(host: running.host, pid: running.pid, started: "another run")
            let summary = try await f.sender(identity: other).run(.due(ids: nil))

            #expect(summary.sent.isEmpty)
            #expect(try f.item(item.id).state.name == "sending")
            #expect(try await f.copies(of: "still in flight at a running sender") == 0)
        }
    }

    /// A row whose command cannot be read (a damaged file, a newer Missive's format) used to stop
    /// every `missive send` at the claim, so nothing else in the queue went out, ever. Nothing of
    /// a waiting item went out, so it fails with the reason, and the rest is sent.
    @Test func aDamagedWaitingItemFailsWithItsReasonAndTheRestIsSent() async throws {
        try await OutboxFixture.with { f in
            let damaged = try f.queue("its command is damaged")
            let fine = try f.queue("sent all the same", target: DraftTarget(thread: Int64(Seed.Ids.longThread)))
            let laterHere = try f.queue("queued after the damaged one")
            let database = try DatabaseQueue(path: f.store.path)
            try await database.write { db in
                try db.execute(sql: "UPDATE outbox_item SET command = '{\"reply\":' WHERE id = ?", arguments: [damaged.id])
            }

            let summary = try await f.sender().run(.due(ids: nil))

            #expect(Set(summary.sent) == [fine.id, laterHere.id])
            #expect(summary.failed == [damaged.id])
            guard case let .failed(reason) = try OutboxItem.state(of: try #require(try f.store.outboxRead { try $0.item(damaged.id) }))
            else { Issue.record("the damaged item is not failed"); return }
            #expect(reason.description.contains("outbox item \(damaged.id) is damaged: its command cannot be read"))
            #expect(try await f.copies(of: "sent all the same") == 1)
            #expect(try await f.copies(of: "its command is damaged") == 0)
        }
    }

    /// The later items of a batch are claimed at once, each with a lease that runs out later.
    /// Should one run out while an earlier item is slow (a sender on another machine, which
    /// cannot be seen running, then takes it over), the first sender must not send it anyway.
    @Test func aBatchItemTakenOverMeanwhileIsNotSentByTheFirstSender() async throws {
        try await OutboxFixture.with(faults: FaultPlan(slowDelay: .seconds(2))) { f in
            let first = try f.queue("first of a batch, answered slowly")
            let second = try f.queue("second of a batch, taken over meanwhile")
            await f.server.failNextPost(with: .slow)
            // While the first one's answer is on its way, the second changes hands.
            let takeOver = Self.takeOver(second.id, in: f)
            let summary = try await f.sender().run(.due(ids: nil))
            try await takeOver.value

            #expect(summary.sent == [first.id])
            #expect(try f.item(second.id).state.name == "sending")
            #expect(try await f.copies(of: "first of a batch, answered slowly") == 1)
            #expect(try await f.copies(of: "second of a batch, taken over meanwhile") == 0)
        }
    }

    /// A sender whose lease was taken over while its request was in flight records its attempt
    /// but leaves the item to the new holder, which checks with the forum itself (its own copy of
    /// the item used to overwrite the new holder's claim).
    @Test func anOutcomeAfterATakeOverDoesNotOverwriteTheNewHolder() async throws {
        try await OutboxFixture.with(faults: FaultPlan(slowDelay: .seconds(2))) { f in
            let item = try f.queue("answered after it changed hands")
            await f.server.failNextPost(with: .slow)
            let takeOver = Self.takeOver(item.id, in: f)
            let summary = try await f.sender().run(.due(ids: nil))
            try await takeOver.value

            #expect(summary.sent.isEmpty)
            #expect(try f.item(item.id).state == .sending(owner: Self.elsewhere, leaseUntil: try #require(f.item(item.id).state.due)))
            #expect(try f.outbox.attempts(of: item.id).map(\.outcome) == ["sent"])
            #expect(try await f.copies(of: "answered after it changed hands") == 1)
        }
    }
}
