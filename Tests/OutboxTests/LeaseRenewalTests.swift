import Foundation
import Outbox
import Sandbox
import Testing

/// A send in flight keeps its lease: a sender on another machine, which cannot tell whether the
/// first one still runs, takes over only a lease that ran out.
@Suite struct LeaseRenewalTests {
    /// Sender A (lease 0.6 s, renewed every 0.2 s) posts to a forum that holds the post. Two
    /// leases after A's request reached the forum, sender B, on another host, looks for work.
    /// Were A's lease left to run out, B would take the item over, find nothing on the forum yet
    /// and post it again. The forum stores A's post only after B has looked.
    @Test func aSendInFlightLongerThanItsLeaseIsNotTakenOver() async throws {
        try await OutboxFixture.with { f in
            let item = try f.queue("one send that outlasts its lease")
            let held = await f.server.holdNextPost()
            let a = f.sender(identity: SenderIdentity(host: "host-a", pid: 11, started: "1")) { $0.lease = 0.6 }
            let b = f.sender(identity: SenderIdentity(host: "host-b", pid: 22, started: "2")) { $0.lease = 0.6 }
            let first = Task { try await a.run(.due(ids: nil)) }
            guard await held.arrival(within: 60) else {
                await held.release()
                Issue.record("A's post never reached the forum: \(f.progress.lines.joined(separator: "\n"))")
                _ = try? await first.value
                return
            }
            try await Task.sleep(for: .milliseconds(1_400))
            guard case let .sending(owner, until) = try f.item(item.id).state else {
                await held.release()
                Issue.record("not in flight two leases on: \(try f.item(item.id).state)")
                return
            }
            #expect(owner.hasPrefix("host-a/") && until > Date(), "the lease was renewed while the request ran")
            let second = try await b.run(.due(ids: nil))
            await held.release()
            let firstSummary = try await first.value

            #expect(second.sent.isEmpty)
            let owners = try f.outbox.attempts(of: item.id).map(\.owner)
            #expect(owners.allSatisfy { $0.hasPrefix("host-a/") }, "B never took the item over: \(owners)")
            #expect(firstSummary.sent == [item.id])
            #expect(try await f.copies(of: "one send that outlasts its lease") == 1)
        }
    }
}
