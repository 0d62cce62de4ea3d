import Foundation
import Outbox
import Sandbox
import Testing

/// A forum finishes a request whose client gave up waiting: the post can appear seconds after
/// the answer was lost, and after a first check found nothing. Sending again then would post twice.
@Suite struct LateStoreTests {
    /// The forum stores at 8 s; the client gives up at 4 s and checks at about 4.2 s (nothing yet).
    /// With a grace of 12 s the sender asks again at 12 s, finds the post and sends nothing more.
    /// (Seconds, not less: a loaded machine must not turn the login into a timeout too.)
    @Test func aPostStoredAfterTheFirstCheckIsFoundNotSentAgain() async throws {
        try await OutboxFixture.with(faults: FaultPlan(slowDelay: .seconds(8)), timeout: .seconds(4)) { f in
            let item = try f.queue("stored after the first check")
            await f.server.failNextPost(with: .late)
            let started = Date()
            let summary = try await f.sender { $0.grace = 12 }.run(.due(ids: nil))
            #expect(summary.sent == [item.id])
            // Count only once the forum has finished the request it was working on.
            let left = 8.5 - Date().timeIntervalSince(started)
            if left > 0 { try await Task.sleep(for: .milliseconds(Int(left * 1_000))) }
            #expect(try await f.copies(of: "stored after the first check") == 1)
            guard case .sent = try f.item(item.id).state else { Issue.record("not sent: \(try f.item(item.id).state)"); return }
            #expect(f.progress.lines.contains { $0.contains("not on the forum yet; asked again at") }, "\(f.progress.lines.joined(separator: "\n"))")
        }
    }

    /// A post the forum never stored is sent again once the grace is over, and only once.
    @Test func aPostNeverStoredIsSentAgainAfterTheGrace() async throws {
        try await OutboxFixture.with(timeout: .seconds(5)) { f in
            let item = try f.queue("lost before the forum stored it")
            await f.server.failNextPost(with: .serverError)
            let started = Date()
            let summary = try await f.sender { $0.grace = 2 }.run(.due(ids: nil))
            #expect(summary.sent == [item.id])
            #expect(Date().timeIntervalSince(started) >= 2, "nothing is sent again inside the grace")
            #expect(try await f.copies(of: "lost before the forum stored it") == 1)
        }
    }
}
