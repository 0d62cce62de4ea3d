import Forum
import Foundation
import Store

/// Asks the forum whether an item whose outcome is unknown landed, and decides what follows:
/// only a receipt makes it sent; "not there" is believed only after the grace period, and then
/// it is sent again (now, or after the backoff when lost answers keep coming).
struct Reconciler: Sendable {
    enum Step: Sendable, Equatable {
        case landed(Receipt)
        /// Not there yet, but the forum may still be storing it: ask again at `checkAt`.
        case tooEarly(checkAt: Date)
        /// Not there: send it now.
        case sendAgain
        /// Not there: the retry policy says when (or gives up).
        case retry(RetryDecision, because: Reason)
        case undetermined(ForumError)
    }

    let store: Store
    let policy: any RetryPolicy
    let grace: TimeInterval

    func check(_ claimed: Claimed, on adapter: any ForumAdapter, now: @Sendable () -> Date) async throws -> Step {
        let item = claimed.item
        // A reply or PM is marked before it is posted, so one without a marker never went out.
        let neverSent = item.command.needsMarker && item.marker == nil
        switch neverSent ? .absent : await adapter.reconcile(item.command.attempt(after: item.marker)) {
        case let .landed(receipt): return .landed(receipt)
        case let .undetermined(error): return .undetermined(error)
        case .absent:
            let now = now()
            if !neverSent, let lostAt = try lastSendStart(of: item.id), now < lostAt.addingTimeInterval(grace) {
                return .tooEarly(checkAt: lostAt.addingTimeInterval(grace))
            }
            // Lost answers count as failures, so a forum that always loses them is not hammered forever.
            switch policy.decide(.transient, failures: item.failures, now: now) {
            case let .retry(at) where at <= now: return .sendAgain
            case let decision: return .retry(decision, because: .notArrived(after: claimed.lostBecause))
            }
        }
    }

    /// The checks of an item made since its last send that settled nothing (`checks`), and of
    /// those the ones the forum answered (`unsettled`): the schedule of the next check and the
    /// strikes towards giving up. The check in hand (its attempt not finished yet) is not counted.
    func checksSinceSend(of item: Int64) throws -> (checks: Int, unsettled: Int) {
        let since = try store.outboxRead { tx in try tx.attempts(of: item) }.reversed().prefix { $0.action == .reconcile }
        let failed = since.compactMap { $0.outcome.flatMap(CheckFailure.init(outcome:)) }
        return (failed.count, failed.filter { $0 == .unsettled }.count)
    }

    /// When the last send of an item began: the forum may store it up to `grace` after that.
    private func lastSendStart(of item: Int64) throws -> Date? {
        try store.outboxRead { tx in try tx.attempts(of: item).last { $0.action == .send }?.startedAt }
    }
}

/// Why a check with the forum settled nothing; the raw value is the attempt's recorded outcome.
enum CheckFailure: String, Sendable, Equatable {
    /// The forum failed (it could not be reached, an HTTP 5xx, its database-error page): asked
    /// again on the retry schedule, and never a step towards giving up.
    case forumFailed = "uncheckable"
    /// The forum answered, and its answer settles nothing (another page than the one asked for,
    /// a thread that no longer reaches back to the marker, a refusal): a strike; `retry_attempts`
    /// of them since the last send and the item is given up on (`Reason.unsettled`).
    case unsettled
    /// Recorded before issue 31 told the two apart: counted as a check, not as a strike.
    case undetermined

    init(_ error: ForumError) {
        self = error.forumFailed ? .forumFailed : .unsettled
    }

    init?(outcome: String) {
        self.init(rawValue: outcome)
    }
}
