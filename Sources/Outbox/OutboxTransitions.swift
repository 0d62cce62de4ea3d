import Common
import Foundation

/// What can happen to an item.
public enum OutboxEvent: Sendable, Equatable {
    /// `missive send` picked it up: the undo window starts.
    case startWindow(until: Date)
    case claim(owner: String, leaseUntil: Date, now: Date)
    case delivered(postID: String?, url: String?)
    /// The forum refused, or the sender gave up: it is not sent again unless a person asks.
    case rejected(Reason)
    case retryAt(Date, because: Reason)
    case lost(Reason, checkAt: Date? = nil)
    /// The sender holding the lease is gone (its process ended mid-send): what it was doing may
    /// have reached the forum, so the item is unknown until the forum is asked.
    case abandon(Reason, checkAt: Date? = nil)
    case cancel
    case hold
    /// A scheduled item whose time passed longer ago than its late limit: the sender holds it
    /// for the user instead of sending it (`reason` says why).
    case holdLate(Reason)
    case release(due: Date)
    case reschedule(due: Date)
    /// `missive queue retry`: a failed item gets another go.
    case requeue(due: Date)
    /// Undo of a user action puts back the state it had before.
    case restore(OutboxState)
    /// The box an item was handed to answered for it: its item there is `remoteItem`.
    case handedAs(remoteItem: Int64)
    /// The forum answers again: an unknown item waiting to be checked is checked by `at` at the
    /// latest (a check only reads, so sooner is always safe).
    case checkSooner(at: Date)
}

public struct TransitionError: MissiveError, Equatable {
    public var from: String
    public var event: String
    public var why: String
    public var status: ExitStatus { .dataError }
    public var description: String { "cannot \(event) an item that is \(from): \(why)" }
}

/// The transition table: the one place that says which event moves which state where. Everything
/// that moves an item goes through here (the store only keeps what this decides), so an item can
/// never, say, go from `unknown` straight back to `queued` (which could post it twice).
extension OutboxState {
    public func applying(_ event: OutboxEvent) throws(TransitionError) -> OutboxState {
        func refuse(_ verb: String, _ why: String) -> TransitionError {
            TransitionError(from: name, event: verb, why: why)
        }
        switch (self, event) {
        // The undo window: `missive send` opens it on a queued item; a retry keeps its own time.
        case (.queued(let due), .startWindow(let until)): return .pending(until: max(due, until))
        case (.retrying, .startWindow): return self
        case (_, .startWindow): throw refuse("start sending", "only queued items are sent")

        // A handed item lives on its box: what happens to it is asked of the box, never done here.
        case (.handed(let to, nil), .handedAs(let remoteItem)): return .handed(to: to, remoteItem: remoteItem)
        case (.handed(_, let known?), .handedAs(let remoteItem)) where known == remoteItem: return self
        case (_, .handedAs): throw refuse("record a handoff of", "only an item being handed to a box has one")
        case (.handed(let to, _), _):
            throw refuse(event.verb, "it was handed to \(to), whose queue sends it: the change is made there (`missive queue` does so for cancel, hold, release and reschedule)")

        // Claiming: whatever is due (see `claimable`), by one sender under a lease.
        case (_, .claim(let owner, let leaseUntil, let now)):
            guard claimable(at: now) != nil else { throw refuse("claim", "it is not due, or another sender holds it") }
            return .sending(owner: owner, leaseUntil: leaseUntil)

        // Outcomes: only an item being sent has one.
        case (.sending, .delivered(let postID, let url)): return .sent(postID: postID, url: url)
        case (.sending, .rejected(let reason)): return .failed(reason)
        case (.sending, .retryAt(let next, let reason)): return .retrying(next: next, because: reason)
        case (.sending, .lost(let reason, let checkAt)): return .unknown(reason, checkAt: checkAt)
        case (_, .delivered), (_, .rejected), (_, .retryAt), (_, .lost):
            throw refuse("record an outcome for", "only an item being sent has an outcome")

        // A sender that died mid-send.
        case (.sending, .abandon(let reason, let checkAt)): return .unknown(reason, checkAt: checkAt)
        case (_, .abandon): throw refuse("abandon", "only an item being sent has a sender")

        // People: cancel, hold, release, reschedule, retry.
        case (.pending, .cancel), (.queued, .cancel), (.held, .cancel), (.retrying, .cancel), (.failed, .cancel):
            return .cancelled
        case (.unknown, .cancel): throw refuse("cancel", "it may already be on the forum; `missive send` will check first")
        case (_, .cancel): throw refuse("cancel", settled ?? "it is already cancelled")

        case (.pending, .hold), (.queued, .hold), (.retrying, .hold): return .held(because: nil)
        case (_, .hold): throw refuse("hold", "only waiting items can be held")
        case (.queued, .holdLate(let reason)): return .held(because: reason)
        case (_, .holdLate): throw refuse("hold", "only a queued item can have missed its time")

        case (.held, .release(let due)): return .queued(due: due)
        case (_, .release): throw refuse("release", "it is not held")

        case (.queued, .reschedule(let due)), (.held, .reschedule(let due)), (.retrying, .reschedule(let due)),
             (.pending, .reschedule(let due)):
            return .queued(due: due)
        case (_, .reschedule): throw refuse("reschedule", settled ?? "only a waiting, held or retrying item has a time to change")

        case (.failed, .requeue(let due)), (.cancelled, .requeue(let due)): return .queued(due: due)
        // "Try now": it stays a retry (no new undo window: the user already let it go), due at once.
        case (.retrying(_, let reason), .requeue(let due)): return .retrying(next: due, because: reason)
        case (_, .requeue): throw refuse("retry", "only failed, cancelled or retrying items are tried again")

        case (.unknown(let reason, let checkAt), .checkSooner(let at)): return .unknown(reason, checkAt: min(checkAt ?? at, at))
        case (_, .checkSooner): throw refuse("check sooner", "only an unknown item waits for a check with the forum")

        // Undo: back to what it was, unless it went out (or may have), or that would fake a send.
        case (.sending, .restore), (.sent, .restore), (.unknown, .restore):
            throw refuse("undo the last change to", "it is \(name) now")
        case (_, .restore(let previous)):
            switch previous {
            case .sending, .sent, .unknown: throw refuse("restore", "it would fake a send")
            case .handed: throw refuse("restore", "it would fake a handoff to a box")
            default: return previous
            }
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

    /// Whether a sender may claim the item at `now`, and whether it must ask the forum first.
    public func claimable(at now: Date) -> Claim? {
        switch self {
        case .pending(let until): until <= now ? .send : nil
        case .retrying(let next, _): next <= now ? .send : nil
        case .unknown(_, let checkAt): (checkAt ?? .distantPast) <= now ? .reconcileFirst : nil
        case .sending(_, let leaseUntil):
            // The sender that held it died mid-send: it may have landed, so ask first.
            leaseUntil <= now ? .reconcileFirst : nil
        case .queued, .held, .sent, .failed, .cancelled, .handed: nil
        }
    }

    /// Why an item that has gone out, or is going out, cannot be changed any more.
    var settled: String? {
        switch self {
        case .sending: "it is being sent right now"
        case .sent: "it was delivered (a post can still be edited: `missive edit-post POST`)"
        default: nil
        }
    }
}

extension OutboxEvent {
    /// The verb for a refusal's message.
    var verb: String {
        switch self {
        case .startWindow: "start sending"
        case .claim: "claim"
        case .delivered, .rejected, .retryAt, .lost: "record an outcome for"
        case .abandon: "abandon"
        case .cancel: "cancel"
        case .hold, .holdLate: "hold"
        case .release: "release"
        case .reschedule: "reschedule"
        case .requeue: "retry"
        case .restore: "undo the last change to"
        case .handedAs: "record a handoff of"
        case .checkSooner: "check sooner"
        }
    }
}

/// The states by what the sender and the store's queries ask of them: the table's rules as
/// sets of names, so the store's WHERE clauses select what this file decides.
public enum OutboxStates {
    /// Waiting in line at their place: only the first of a place may be sent next.
    public static let waiting: [OutboxState.Name] = [.pending, .retrying]
    /// Claimed by a sender, or possibly on the forum: nothing else goes to their place meanwhile.
    public static let mayHaveLanded: [OutboxState.Name] = [.unknown, .sending]
    /// Scheduled, not yet in an undo window.
    public static let scheduled: [OutboxState.Name] = [.queued]
    /// Put aside by the user until released.
    public static let held: [OutboxState.Name] = [.held]
    /// Everything a run may still be waiting for.
    public static let unfinished = waiting + mayHaveLanded
}
