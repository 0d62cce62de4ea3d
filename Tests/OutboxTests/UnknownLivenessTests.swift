import Forum
import Foundation
import Outbox
import Sandbox
import Store
import Testing

/// Issue 31: nothing stuck. An unknown item is checked again on the retry policy's schedule
/// (capped by `retry_cap`) for as long as the forum fails, and given up on only when the forum
/// answers with something that settles nothing; reads before a post are made again at once.
/// Every wait runs on a manual clock: the sender moves it on instead of sleeping.
@Suite struct UnknownLivenessTests {
    /// Waits of exactly the exponential bound (no jitter), capped at `cap`.
    static func policy(base: TimeInterval = 30, cap: TimeInterval = 120, attempts: Int = 2) -> FullJitterBackoff {
        var policy = FullJitterBackoff()
        policy.base = base
        policy.cap = cap
        policy.maxFailures = attempts
        policy.random = { 1 }
        return policy
    }

    /// Sends one item whose answer is lost (stored, the connection dropped) and stops there: a
    /// run that may wait for nothing leaves it unknown, its check due after `settle`.
    static func lostAnswer(_ f: OutboxFixture, _ clock: ManualClock, text: String) async throws -> OutboxItem {
        let item = try f.queue(text, due: clock.now())
        await f.server.failNextPost(with: .drop)
        _ = try await f.sender(maxWait: 0, clock: clock).run(.due(ids: nil))
        let lost = try f.item(item.id)
        guard case .unknown = lost.state else {
            throw TestSetupError(message: "the lost answer should leave it unknown, not \(lost.state): \(f.progress.lines)")
        }
        return lost
    }

    struct TestSetupError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// The forum's database is down for ten checks (thirty requests: each check is made three
    /// times at once) where `retry_attempts` is 2: the item is never given up, its checks come
    /// on the policy's schedule (30, 60, then the cap of 120 s, never the old fixed hour), and
    /// when the forum answers again the check finds the post and the item is sent, once.
    @Test func aForumThatFailsIsCheckedOnTheRetryScheduleAndNeverGivenUp() async throws {
        let clock = ManualClock()
        try await OutboxFixture.with(timeout: .seconds(5), clock: clock) { f in
            let item = try await Self.lostAnswer(f, clock, text: "lost, then the database went down")
            await f.server.outage(.databaseError, requests: 30)
            let summary = try await f.sender(maxWait: 3_600, clock: clock) { $0.policy = Self.policy() }.run(.due(ids: nil))

            let log = f.progress.lines.joined(separator: "\n")
            #expect(summary.sent == [item.id], "\(log)")
            guard case .sent = try f.item(item.id).state else { Issue.record("not sent: \(try f.item(item.id).state)\n\(log)"); return }
            #expect(try await f.copies(of: "lost, then the database went down") == 1)
            let checks = try f.outbox.attempts(of: item.id).filter { $0.action == .reconcile }
            #expect(checks.map(\.outcome) == Array(repeating: "uncheckable", count: 10) + ["landed"], "\(log)")
            let gaps = zip(checks.dropFirst(), checks).map { $0.startedAt.timeIntervalSince($1.startedAt).rounded() }
            #expect(gaps == [30, 60, 120, 120, 120, 120, 120, 120, 120, 120], "\(gaps)")
            #expect(log.contains("the forum failed"), "\(log)")
            #expect(!f.progress.lines.contains { $0.contains("gave up") }, "\(log)")
        }
    }

    /// The forum answers every check with another page than the thread asked for (its index):
    /// that settles nothing, and after `retry_attempts` such answers the item is given up on,
    /// failed saying it may be on the forum and naming `missive queue retry`; the item queued
    /// behind it to the same thread then goes out, and nothing is posted twice.
    @Test func answersThatSettleNothingGiveItUpAndLetTheNextOneGo() async throws {
        let clock = ManualClock()
        try await OutboxFixture.with(timeout: .seconds(5), clock: clock) { f in
            let item = try await Self.lostAnswer(f, clock, text: "lost, then pages that settle nothing")
            let behind = try f.queue("queued behind it", due: clock.now())
            await f.server.outage(.noForm)
            _ = try await f.sender(maxWait: 3_600, clock: clock) { $0.policy = Self.policy(attempts: 3) }.run(.due(ids: [item.id]))
            await f.server.outage(nil)

            let log = f.progress.lines.joined(separator: "\n")
            let state = try f.item(item.id).state
            guard case let .failed(reason) = state, case let .unsettled(answers, last, named) = reason else {
                Issue.record("not given up: \(state)\n\(log)")
                return
            }
            #expect(answers == 3 && named == item.id)
            #expect(last.contains("another page"), "\(last)")
            #expect(reason.description.contains("it may be on the forum") && reason.description.contains("`missive queue retry \(item.id)`"))
            #expect(reason.code == "unsettled")
            let checks = try f.outbox.attempts(of: item.id).filter { $0.action == .reconcile }
            #expect(checks.map(\.outcome) == ["unsettled", "unsettled", "unsettled"], "\(log)")

            let summary = try await f.sender(clock: clock).run(.due(ids: nil))
            #expect(summary.sent == [behind.id], "\(f.progress.lines.joined(separator: "\n"))")
            #expect(try await f.copies(of: "lost, then pages that settle nothing") == 1)
            #expect(try await f.copies(of: "queued behind it") == 1)
        }
    }

    /// Reads before the post (the marker, the form) that the forum fails are made again at once:
    /// two failed requests cost the item nothing (sent at the first attempt, no failure counted).
    @Test func readsBeforeThePostAreMadeAgainAtOnce() async throws {
        let clock = ManualClock()
        try await OutboxFixture.with(timeout: .seconds(5), clock: clock) { f in
            let item = try f.queue("through two failed reads", due: clock.now())
            await f.server.outage(.databaseError, requests: 2)
            let summary = try await f.sender(maxWait: 0, clock: clock).run(.due(ids: nil))
            #expect(summary.sent == [item.id], "\(f.progress.lines.joined(separator: "\n"))")
            #expect(try f.item(item.id).failures == 0)
            #expect(try f.outbox.attempts(of: item.id).map(\.outcome) == ["sent"])
        }
    }

    /// Three failed reads in a row are a failure of the item: it is retried later, once counted.
    @Test func readsThatKeepFailingCountOneFailure() async throws {
        let clock = ManualClock()
        try await OutboxFixture.with(timeout: .seconds(5), clock: clock) { f in
            let item = try f.queue("through three failed reads", due: clock.now())
            await f.server.outage(.databaseError, requests: ReadAgain.tries)
            _ = try await f.sender(maxWait: 0, clock: clock) { $0.policy = Self.policy() }.run(.due(ids: nil))
            let after = try f.item(item.id)
            guard case .retrying = after.state else { Issue.record("not retrying: \(after.state)"); return }
            #expect(after.failures == 1)
            #expect(try await f.copies(of: "through three failed reads") == 0)
        }
    }

    /// An outage: the two items to the welcome thread wait out the forum's failure (the first
    /// for 30 s), and so does the check of an unknown reply to another thread. Once the forum
    /// answers, a reply to a third thread goes through, and the rest are due at once: everything
    /// goes out (the unknown one found on the forum) in a run that may wait for nothing.
    @Test func whenTheForumAnswersAgainItemsWaitingOutItsFailureAreDueAtOnce() async throws {
        let clock = ManualClock()
        try await OutboxFixture.with(timeout: .seconds(5), clock: clock) { f in
            let lost = try await Self.lostAnswer(f, clock, text: "lost before the outage")
            clock.advance(by: .seconds(1))
            let first = try f.queue("queued in the outage, first", target: DraftTarget(thread: Seed.Ids.askThread), due: clock.now())
            let second = try f.queue("queued in the outage, second", target: DraftTarget(thread: Seed.Ids.askThread), due: clock.now())
            await f.server.outage(.databaseError)
            _ = try await f.sender(maxWait: 0, clock: clock) { $0.policy = Self.policy() }.run(.due(ids: nil))
            await f.server.outage(nil)
            guard case let .unknown(.uncheckable, checkAt?) = try f.item(lost.id).state, checkAt > clock.now() else {
                Issue.record("the check should have failed in the outage: \(try f.item(lost.id).state)")
                return
            }
            guard case let .retrying(next, reason) = try f.item(first.id).state else {
                Issue.record("not retrying: \(try f.item(first.id).state)")
                return
            }
            #expect(next.timeIntervalSince(clock.now()) >= 29 && reason.isForumFailure, "\(next) \(reason)")

            let elsewhere = try f.queue("after the outage, elsewhere", target: DraftTarget(thread: Seed.Ids.longThread), due: clock.now())
            let before = clock.now()
            let summary = try await f.sender(maxWait: 0, clock: clock) { $0.policy = Self.policy() }.run(.due(ids: nil))
            let log = f.progress.lines.joined(separator: "\n")
            #expect(Set(summary.sent) == [lost.id, first.id, second.id, elsewhere.id], "\(log)")
            #expect(log.contains("the forum answers again: checked with it now"), "\(log)")
            #expect(try await f.copies(of: "lost before the outage") == 1)
            #expect(clock.now().timeIntervalSince(before) < 1, "nothing waited out its backoff")
            #expect(log.contains("the forum answers again: due now"), "\(log)")
            for text in ["queued in the outage, first", "queued in the outage, second", "after the outage, elsewhere"] {
                #expect(try await f.copies(of: text) == 1)
            }
        }
    }

    /// The schedule itself: capped by `retry_cap`, whatever the number of checks, never a give-up.
    @Test func rechecksAreCappedAndNeverGiveUp() {
        let now = Date(timeIntervalSinceReferenceDate: 0)
        var policy = Self.policy(base: 30, cap: 600, attempts: 8)
        #expect([1, 2, 3, 5, 6, 1_000].map { policy.recheck(checks: $0, now: now).timeIntervalSince(now) } == [30, 60, 120, 480, 600, 600])
        policy.random = { 0.25 }
        #expect(policy.recheck(checks: 1_000, now: now).timeIntervalSince(now) == 150)
    }
}
