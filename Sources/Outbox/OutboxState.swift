import Common
import Foundation
import GRDB

/// Where one outbox item stands. Only `sent` marks its draft sent (rule 2 of the product).
public enum OutboxState: Sendable, Equatable {
    /// Inside the undo window: `missive undo` can still take it back.
    case pending(until: Date)
    /// Waiting to be sent at `due`.
    case queued(due: Date)
    /// Put aside by the user (`because` nil), or by the sender for a reason (a scheduled time
    /// missed by more than the late limit); not sent until released.
    case held(because: Reason?)
    /// Claimed by one sender until `leaseUntil`; nobody else may touch it meanwhile.
    case sending(owner: String, leaseUntil: Date)
    /// A transient failure or a wait the forum asked for; tried again at `next`.
    case retrying(next: Date, because: Reason)
    /// We cannot tell whether it landed; it is reconciled with the forum before any retry,
    /// not before `checkAt` (nil: at once): a forum that could not answer the question, or one
    /// that may still be storing a post whose answer we lost, is asked again a little later.
    case unknown(Reason, checkAt: Date? = nil)
    case sent(postID: String?, url: String?)
    case failed(Reason)
    case cancelled
    /// Handed over ssh to the always-on box `to` (`queue DRAFT --via`), whose queue sends it: this
    /// machine's senders never touch it. `remoteItem` is the box's item id, nil until the box's
    /// answer is in (a handoff whose answer was lost is asked about again before anything else).
    case handed(to: String, remoteItem: Int64?)

    /// The state's name as stored and shown.
    public var name: String { kind.rawValue }

    /// Which of the states it is, without its values: the stored `state` column.
    public var kind: Name {
        switch self {
        case .pending: .pending
        case .queued: .queued
        case .held: .held
        case .sending: .sending
        case .retrying: .retrying
        case .unknown: .unknown
        case .sent: .sent
        case .failed: .failed
        case .cancelled: .cancelled
        case .handed: .handed
        }
    }

    /// The states' names: the one list of them (in their order in a run, as `queue list --state`
    /// shows it), stored as text in the `state` column.
    public enum Name: String, Sendable, Codable, CaseIterable, DatabaseValueConvertible {
        case pending, queued, held, sending, retrying, unknown, sent, failed, cancelled, handed
    }

    /// The box a handed item went to; nil for any other state.
    public var handedTo: String? {
        if case let .handed(to, _) = self { to } else { nil }
    }

    /// Why the sender held it (nil: not held, or held by the user).
    public var heldReason: Reason? {
        if case let .held(because) = self { because } else { nil }
    }

    /// Sent, failed and cancelled items are finished: no sender picks them up again.
    public var isFinished: Bool {
        switch self {
        case .sent, .failed, .cancelled: true
        default: false
        }
    }

    public enum Claim: Sendable, Equatable {
        case send
        case reconcileFirst
    }
}

extension OutboxState {
    /// The time this state turns on (the end of the window, the schedule, the retry, the lease,
    /// the next check): what a sender sleeps until.
    public var due: Date? {
        switch self {
        case .pending(let until): until
        case .queued(let due): due
        case .sending(_, let leaseUntil): leaseUntil
        case .retrying(let next, _): next
        case .unknown(_, let checkAt): checkAt
        case .held, .sent, .failed, .cancelled, .handed: nil
        }
    }
}

/// The state as `missive undo`'s history keeps it. Written by hand so that entries written before
/// reasons were typed (`retrying.at`, `unknown.evidence`, `failed.reason` as words) still read.
extension OutboxState: Codable {
    private enum Field: String, CodingKey {
        case until, due, owner, leaseUntil, next, at, because, reason, evidence, checkAt, postID, url, to, remoteItem
    }

    public func encode(to encoder: any Encoder) throws {
        var outer = encoder.container(keyedBy: Name.self)
        var fields = outer.nestedContainer(keyedBy: Field.self, forKey: kind)
        switch self {
        case let .pending(until): try fields.encode(until, forKey: .until)
        case let .queued(due): try fields.encode(due, forKey: .due)
        case let .sending(owner, leaseUntil):
            try fields.encode(owner, forKey: .owner)
            try fields.encode(leaseUntil, forKey: .leaseUntil)
        case let .retrying(next, because):
            try fields.encode(next, forKey: .next)
            try fields.encode(because, forKey: .because)
        case let .unknown(reason, checkAt):
            try fields.encode(reason, forKey: .reason)
            try fields.encodeIfPresent(checkAt, forKey: .checkAt)
        case let .sent(postID, url):
            try fields.encodeIfPresent(postID, forKey: .postID)
            try fields.encodeIfPresent(url, forKey: .url)
        case let .failed(reason): try fields.encode(reason, forKey: .reason)
        case let .held(because): try fields.encodeIfPresent(because, forKey: .because)
        case .cancelled: break
        case let .handed(to, remoteItem):
            try fields.encode(to, forKey: .to)
            try fields.encodeIfPresent(remoteItem, forKey: .remoteItem)
        }
    }

    public init(from decoder: any Decoder) throws {
        let outer = try decoder.container(keyedBy: Name.self)
        guard let key = outer.allKeys.first else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "no outbox state"))
        }
        let fields = try outer.nestedContainer(keyedBy: Field.self, forKey: key)
        /// A typed reason, or the words an older Missive kept under `legacy`.
        func reason(_ typed: Field, legacy: Field) throws -> Reason {
            if let reason = try? fields.decode(Reason.self, forKey: typed) { return reason }
            return .legacy(try fields.decodeIfPresent(String.self, forKey: legacy) ?? "")
        }
        switch key {
        case .pending: self = .pending(until: try fields.decode(Date.self, forKey: .until))
        case .queued: self = .queued(due: try fields.decode(Date.self, forKey: .due))
        case .held: self = .held(because: try fields.decodeIfPresent(Reason.self, forKey: .because))
        case .sending:
            self = .sending(owner: try fields.decode(String.self, forKey: .owner),
                            leaseUntil: try fields.decode(Date.self, forKey: .leaseUntil))
        case .retrying:
            let next = try fields.decodeIfPresent(Date.self, forKey: .next) ?? fields.decode(Date.self, forKey: .at)
            self = .retrying(next: next, because: (try? fields.decode(Reason.self, forKey: .because)) ?? .legacy(""))
        case .unknown:
            self = .unknown(try reason(.reason, legacy: .evidence), checkAt: try fields.decodeIfPresent(Date.self, forKey: .checkAt))
        case .sent:
            self = .sent(postID: try fields.decodeIfPresent(String.self, forKey: .postID),
                         url: try fields.decodeIfPresent(String.self, forKey: .url))
        case .failed: self = .failed(try reason(.reason, legacy: .reason))
        case .cancelled: self = .cancelled
        case .handed:
            self = .handed(to: try fields.decode(String.self, forKey: .to), remoteItem: try fields.decodeIfPresent(Int64.self, forKey: .remoteItem))
        }
    }
}

/// The history's state entries are keyed by the state's name.
extension OutboxState.Name: CodingKey {}
