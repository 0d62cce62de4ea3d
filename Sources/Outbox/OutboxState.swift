import Common
import Foundation

/// Where one outbox item stands. Only `sent` marks its draft sent (rule 2 of the product).
public enum OutboxState: Sendable, Equatable, Codable {
    /// Inside the undo window: `missive undo` can still take it back.
    case pending(until: Date)
    /// Waiting to be sent at `due`.
    case queued(due: Date)
    /// Put aside by the user; not sent until released.
    case held
    /// Claimed by one sender until `leaseUntil`; nobody else may touch it meanwhile.
    case sending(owner: String, leaseUntil: Date)
    /// A transient failure or a wait the forum asked for; tried again at `at`.
    case retrying(at: Date)
    /// We cannot tell whether it landed; it is reconciled with the forum before any retry,
    /// not before `checkAt` (nil: at once): a forum that could not answer the question, or one
    /// that may still be storing a post whose answer we lost, is asked again a little later.
    case unknown(evidence: String, checkAt: Date? = nil)
    case sent(postID: String?, url: String?)
    case failed(reason: String)
    case cancelled

    /// The state's name as stored and shown.
    public var name: String {
        switch self {
        case .pending: "pending"
        case .queued: "queued"
        case .held: "held"
        case .sending: "sending"
        case .retrying: "retrying"
        case .unknown: "unknown"
        case .sent: "sent"
        case .failed: "failed"
        case .cancelled: "cancelled"
        }
    }

    /// Sent, failed and cancelled items are finished: no sender picks them up again.
    public var isFinished: Bool {
        switch self {
        case .sent, .failed, .cancelled: true
        default: false
        }
    }

    /// Whether a sender may claim the item at `now`, and whether it must ask the forum first.
    public func claimable(at now: Date) -> Claim? {
        switch self {
        case .pending(let until): until <= now ? .send : nil
        case .retrying(let at): at <= now ? .send : nil
        case .unknown(_, let checkAt): (checkAt ?? .distantPast) <= now ? .reconcileFirst : nil
        case .sending(_, let leaseUntil):
            // The sender that held it died mid-send: it may have landed, so ask first.
            leaseUntil <= now ? .reconcileFirst : nil
        case .queued, .held, .sent, .failed, .cancelled: nil
        }
    }

    public enum Claim: Sendable, Equatable {
        case send
        case reconcileFirst
    }
}

/// What can happen to an item.
public enum OutboxEvent: Sendable, Equatable {
    /// `missive send` picked it up: the undo window starts.
    case startWindow(until: Date)
    case claim(owner: String, leaseUntil: Date, now: Date)
    case delivered(postID: String?, url: String?)
    case rejected(reason: String)
    case retryAt(Date)
    case lost(evidence: String, checkAt: Date? = nil)
    /// The sender holding the lease is gone (its process ended mid-send): what it was doing may
    /// have reached the forum, so the item is unknown until the forum is asked.
    case abandon(evidence: String, checkAt: Date? = nil)
    case cancel
    case hold
    case release(due: Date)
    case reschedule(due: Date)
    /// `missive queue retry`: a failed item gets another go.
    case requeue(due: Date)
    /// Undo of a user action puts back the state it had before.
    case restore(OutboxState)
}

public struct TransitionError: MissiveError, Equatable {
    public var from: String
    public var event: String
    public var why: String
    public var status: ExitStatus { .dataError }
    public var description: String { "cannot \(event) an item that is \(from): \(why)" }
}

extension OutboxState {
    /// The one place that says which changes are allowed. Everything that moves an item goes
    /// through here, so an item can never, say, go from `unknown` straight back to `queued`
    /// (which could post it twice).
    public func applying(_ event: OutboxEvent) throws(TransitionError) -> OutboxState {
        func refuse(_ verb: String, _ why: String) -> TransitionError {
            TransitionError(from: name, event: verb, why: why)
        }
        switch (self, event) {
        case (.queued(let due), .startWindow(let until)):
            return .pending(until: max(due, until))
        case (.retrying, .startWindow):
            return self  // a retry does not open a new window: the user already let it go
        case (_, .startWindow):
            throw refuse("start sending", "only queued items are sent")

        case (_, .claim(let owner, let leaseUntil, let now)):
            guard claimable(at: now) != nil else { throw refuse("claim", "it is not due, or another sender holds it") }
            return .sending(owner: owner, leaseUntil: leaseUntil)

        case (.sending, .delivered(let postID, let url)): return .sent(postID: postID, url: url)
        case (.sending, .rejected(let reason)): return .failed(reason: reason)
        case (.sending, .retryAt(let at)): return .retrying(at: at)
        case (.sending, .lost(let evidence, let checkAt)): return .unknown(evidence: evidence, checkAt: checkAt)
        case (_, .delivered), (_, .rejected), (_, .retryAt), (_, .lost):
            throw refuse("record an outcome for", "only an item being sent has an outcome")

        case (.sending, .abandon(let evidence, let checkAt)): return .unknown(evidence: evidence, checkAt: checkAt)
        case (_, .abandon): throw refuse("abandon", "only an item being sent has a sender")

        case (.pending, .cancel), (.queued, .cancel), (.held, .cancel), (.retrying, .cancel), (.failed, .cancel):
            return .cancelled
        case (.unknown, .cancel):
            throw refuse("cancel", "it may already be on the forum; `missive send` will check first")
        case (_, .cancel):
            throw refuse("cancel", settled ?? "it is already cancelled")

        case (.pending, .hold), (.queued, .hold), (.retrying, .hold): return .held
        case (_, .hold): throw refuse("hold", "only waiting items can be held")

        case (.held, .release(let due)): return .queued(due: due)
        case (_, .release): throw refuse("release", "it is not held")

        case (.queued, .reschedule(let due)), (.held, .reschedule(let due)), (.retrying, .reschedule(let due)),
             (.pending, .reschedule(let due)):
            return .queued(due: due)
        case (_, .reschedule): throw refuse("reschedule", settled ?? "only a waiting, held or retrying item has a time to change")

        case (.failed, .requeue(let due)), (.cancelled, .requeue(let due)): return .queued(due: due)
        // "Try now": it stays a retry (no new undo window: the user already let it go), due at once.
        case (.retrying, .requeue(let due)): return .retrying(at: due)
        case (_, .requeue): throw refuse("retry", "only failed, cancelled or retrying items are tried again")

        case (.sending, .restore), (.sent, .restore), (.unknown, .restore):
            throw refuse("undo the last change to", "it is \(name) now")
        case (_, .restore(let previous)):
            switch previous {
            case .sending, .sent, .unknown: throw refuse("restore", "it would fake a send")
            default: return previous
            }
        }
    }
}

extension OutboxState {
    /// Why an item that has gone out, or is going out, cannot be changed any more.
    var settled: String? {
        switch self {
        case .sending: "it is being sent right now"
        case .sent: "it was delivered (a post can still be edited: `missive edit-post POST`)"
        default: nil
        }
    }

    /// `applying(_:)` for a sender: an outcome counts only from the sender that holds the lease,
    /// so a sender that lost its lease (it was too slow, another took over) cannot overwrite what
    /// the new holder found.
    public func applying(_ event: OutboxEvent, by sender: String) throws(TransitionError) -> OutboxState {
        switch event {
        case .delivered, .rejected, .retryAt, .lost:
            guard case .sending(let owner, _) = self, owner == sender else {
                throw TransitionError(from: name, event: "record an outcome for", why: "this sender no longer holds its lease")
            }
        default: break
        }
        return try applying(event)
    }

    /// The time this state turns on (the end of the window, the schedule, the retry, the lease,
    /// the next check): what a sender sleeps until.
    public var due: Date? {
        switch self {
        case .pending(let until): until
        case .queued(let due): due
        case .sending(_, let leaseUntil): leaseUntil
        case .retrying(let at): at
        case .unknown(_, let checkAt): checkAt
        case .held, .sent, .failed, .cancelled: nil
        }
    }
}
