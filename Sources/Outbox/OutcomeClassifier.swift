import Forum
import Foundation
import Store

/// What an outcome means for its item: the event the transition table applies, how the attempt
/// is recorded and reported, and what the rest of the run does about it.
struct Verdict: Sendable {
    enum Block: Sendable, Equatable {
        /// The session is gone: the profile waits for `missive login`.
        case session
        /// A bot check answered: the profile waits for a browser's cookies.
        case botCheck
    }

    var event: OutboxEvent
    /// The attempt's outcome as recorded: sent, rejected, retry, unknown, ...
    var label: String
    var message: String
    /// Whether the rest of the batch may go on.
    var carryOn = true
    var pace: OutboxPace?
    var block: Block?
    /// The forum could not be reached: a single run does not sit out its retries.
    var unreachable = false
    /// The transient failures so far, this one included.
    var failures: Int
    /// A fresher reconcile marker read right before the POST.
    var marker: Int64?
}

/// Turns the adapter's typed outcome into a verdict. It reads no message text: the adapter's
/// page classifier has already named the case.
struct OutcomeClassifier: Sendable {
    let policy: any RetryPolicy
    let settle: TimeInterval
    let pace: FloodPace

    /// `currentPace(channel, fresh)` gives the channel's flood pace as last known, or as stored now.
    func classify(
        _ outcome: PostOutcome, for item: OutboxItem, now: Date, currentPace: (String, Bool) throws -> OutboxPace
    ) rethrows -> Verdict {
        let failures = item.failures
        switch outcome {
        case let .sent(receipt):
            var verdict = Verdict(event: .delivered(postID: receipt.id.map(String.init), url: receipt.url?.absoluteString),
                                  label: "sent", message: "sent: \(receipt)", failures: failures)
            if let channel = item.command.floodChannel { verdict.pace = pace.afterSend(try currentPace(channel, false), now: now) }
            return verdict
        case .rejected(.notLoggedIn):
            // Not the message's fault: it waits for the user to log in again.
            return Verdict(event: .retryAt(now, because: .rejected(.notLoggedIn)), label: "not logged in",
                           message: "waiting: \(OutboxError.notLoggedIn(profile: item.profile))", carryOn: false, block: .session,
                           failures: failures)
        case .rejected(.botCheck):
            // Nothing reached the forum, and nothing will until the user brings a browser's cookies.
            return Verdict(event: .retryAt(now, because: .rejected(.botCheck)), label: "bot check", message: "waiting: \(Rejection.botCheck)",
                           carryOn: false, block: .botCheck, failures: failures)
        case let .rejected(.probation(until?, text)):
            // The end as the reader's clock shows it, date and all (the rejection says it so).
            return Verdict(event: retryEvent(policy.decide(.probation(until: until), failures: failures, now: now),
                                             because: .rejected(.probation(until: until, message: text))),
                           label: "retry", message: "\(Rejection.probation(until: until, message: text)); trying again then",
                           carryOn: false, failures: failures)
        case let .rejected(rejection):
            return Verdict(event: .rejected(Reason(rejection)), label: "rejected", message: "failed: \(rejection)", failures: failures)
        case let .retryLater(after, .floodControl(text, interval)):
            let seconds = after.map { Int($0.components.seconds) }
            var fallback = now.addingTimeInterval(30)
            if case let .retry(at) = policy.decide(.floodControl(seconds: seconds ?? 30), failures: failures, now: now) { fallback = at }
            let updated = pace.afterFlood(try currentPace(item.command.floodChannel ?? "posts", true),
                                          interval: interval, secondsLeft: seconds, now: now, fallback: fallback)
            return Verdict(event: .retryAt(updated.notBefore ?? fallback, because: .retryLater(.floodControl(text, interval: interval))),
                           label: OutboxAttemptRow.floodWait, message: "flood control: \(text)", carryOn: false, pace: updated,
                           failures: failures)
        case let .retryLater(after?, reason):
            let wait = Int(after.components.seconds)
            return Verdict(event: retryEvent(policy.decide(.retryAfter(seconds: wait), failures: failures, now: now),
                                             because: .retryAfter(seconds: wait, because: .retryLater(reason))),
                           label: "retry", message: "\(reason)", carryOn: false, failures: failures)
        case let .retryLater(nil, reason):
            // The rest of the batch waits too: items to the same place keep their order.
            var unreachable = false
            if case .unreachable = reason { unreachable = true }
            return Verdict(event: retryEvent(policy.decide(.transient, failures: failures + 1, now: now), because: .retryLater(reason)),
                           label: "retry", message: "\(reason)", carryOn: false, unreachable: unreachable, failures: failures + 1)
        case let .unknown(evidence):
            return Verdict(event: .lost(.unknownOutcome(evidence: evidence.description), checkAt: now.addingTimeInterval(settle)),
                           label: "unknown", message: "no clear answer (\(evidence)); the forum is asked before any retry",
                           carryOn: false, failures: failures + 1, marker: evidence.reconcileAfter.map(Int64.init))
        }
    }

    func retryEvent(_ decision: RetryDecision, because reason: Reason) -> OutboxEvent {
        switch decision {
        case let .retry(at): .retryAt(at, because: reason)
        case let .giveUp(attempts): .rejected(.gaveUp(attempts: attempts, last: reason))
        }
    }
}
