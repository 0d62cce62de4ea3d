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
}
