import Foundation
import Outbox
import Sandbox
import Testing

/// A forum finishes a request whose client gave up waiting: the post can appear seconds after
/// the answer was lost, and after a first check found nothing. Sending again then would post twice.
@Suite struct LateStoreTests {
    /// The forum stores at 5 s; the client gives up at 3 s and checks at about 3.2 s (nothing yet).
    /// With a grace of 8 s the sender asks again at 8 s, finds the post and sends nothing more.
    /// (Seconds, not less: a loaded machine must not turn the login into a timeout too.) The
    /// forum's late store takes real time, so this test stays on the real clock.
    @Test func aPostStoredAfterTheFirstCheckIsFoundNotSentAgain() async throws {
        try await OutboxFixture.with(faults: FaultPlan(slowDelay: .seconds(5)), timeout: .seconds(3)) { f in
            let item = try f.queue("stored after the first check")
            await f.server.failNextPost(with: .late)
            let started = Date()
            let summary = try await f.sender { $0.grace = 8 }.run(.due(ids: nil))
            #expect(summary.sent == [item.id])
            // Count only once the forum has finished the request it was working on.
            let left = 5.5 - Date().timeIntervalSince(started)
            if left > 0 { try await Task.sleep(for: .milliseconds(Int(left * 1_000))) }
            let copies = try await f.copies(of: "stored after the first check")
            #expect(copies == 1, "copies on the forum: \(copies) (2: sent twice; 0: the forum had not finished storing it)")
            guard case .sent = try f.item(item.id).state else { Issue.record("not sent: \(try f.item(item.id).state)"); return }
            #expect(f.progress.lines.contains { $0.contains("not on the forum yet; asked again at") }, "\(f.progress.lines.joined(separator: "\n"))")
        }
    }

    /// A post the forum never stored is sent again once the grace is over, and only once.
    @Test func aPostNeverStoredIsSentAgainAfterTheGrace() async throws {
        // The grace passes on a manual clock: the sender waits it out without sleeping.
        let clock = ManualClock()
        try await OutboxFixture.with(timeout: .seconds(5), clock: clock) { f in
            let item = try f.queue("lost before the forum stored it", due: clock.now())
            await f.server.failNextPost(with: .serverError)
            let summary = try await f.sender(clock: clock) { $0.grace = 2 }.run(.due(ids: nil))
            #expect(summary.sent == [item.id])
            let attempts = try f.outbox.attempts(of: item.id).filter { $0.action == .send }
            // Required, not expected: the next line reads the second attempt.
            try #require(attempts.count == 2, "\(attempts.map(\.outcome)): \(f.progress.lines.joined(separator: "\n"))")
            #expect(attempts[1].startedAt.timeIntervalSince(attempts[0].startedAt) >= 2, "nothing is sent again inside the grace")
            #expect(clock.elapsed >= 2)
            #expect(try await f.copies(of: "lost before the forum stored it") == 1)
        }
    }
}
