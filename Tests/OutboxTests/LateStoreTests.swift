import Foundation
import Outbox
import Sandbox
import Testing

/// A forum finishes a request whose client gave up waiting: the post can appear seconds after
/// the answer was lost, and after a first check found nothing. Sending again then would post twice.
@Suite struct LateStoreTests {
    /// The forum loses the answer (the connection drops) and stores the post later; the first
    /// check finds nothing, and the sender decides to ask again once its grace is over. The forum
    /// stores the post inside that wait (the test releases it there, in that order on any
    /// machine), so the second check finds it and nothing is sent again.
    @Test func aPostStoredAfterTheFirstCheckIsFoundNotSentAgain() async throws {
        let clock = SteppedClock()
        try await OutboxFixture.with(clock: clock.manual) { f in
            let item = try f.queue("stored after the first check", due: clock.manual.now())
            let held = await f.server.holdNextPost(answer: .lostAtOnce)
            let sender = f.sender(senderClock: clock.sender) { $0.grace = 8 }
            let run = Task { try await sender.run(.due(ids: nil)) }
            Task { _ = await run.result; clock.finish() }
            var storedInTheWait = false
            for await step in clock.steps {
                if !storedInTheWait, f.progress.lines.contains(where: { $0.contains("not on the forum yet; asked again at") }) {
                    await held.release()
                    storedInTheWait = true
                }
                step.go()
            }
            await held.release()  // never left hanging in the forum, whatever happened
            let summary = try await run.value
            try #require(storedInTheWait, "the first check should have found nothing: \(f.progress.lines.joined(separator: "\n"))")
            #expect(summary.sent == [item.id])
            let copies = try await f.copies(of: "stored after the first check")
            #expect(copies == 1, "copies on the forum: \(copies) (2: sent twice)")
            guard case .sent = try f.item(item.id).state else { Issue.record("not sent: \(try f.item(item.id).state)"); return }
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
