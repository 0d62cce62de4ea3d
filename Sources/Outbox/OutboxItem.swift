import Foundation
import Store
import GRDB

/// One queued Command and where it stands: the outbox's unit of work.
public struct OutboxItem: Sendable, Equatable {
    public var id: Int64
    public var command: ForumCommand {
        didSet { encodedCommand = nil }
    }
    public var state: OutboxState
    public var profile: String
    /// The draft and revision it was made from (nil for an item undo made).
    public var draftID: Int64?
    public var draftRevision: Int?
    public var idempotencyKey: String
    /// Transient failures so far, which the backoff counts.
    public var failures: Int
    public var lastError: String?
    /// The item that took this one back.
    public var undoneBy: Int64?
    /// For reconcile: read before a send went out, the newest id on the forum at its place.
    public var marker: Int64?
    /// A handed item's handoff (`queue --via`): its id, and what its box last said of it.
    public var handoff: Handoff?
    public var createdAt: Date
    public var updatedAt: Date
    /// The command as stored, kept from the row so that saving a new state does not encode it again.
    private var encodedCommand: String?

    public static func == (a: OutboxItem, b: OutboxItem) -> Bool {
        a.id == b.id && a.command == b.command && a.state == b.state && a.profile == b.profile && a.draftID == b.draftID
            && a.draftRevision == b.draftRevision && a.idempotencyKey == b.idempotencyKey && a.failures == b.failures
            && a.lastError == b.lastError && a.undoneBy == b.undoneBy && a.marker == b.marker && a.handoff == b.handoff && a.createdAt == b.createdAt
            && a.updatedAt == b.updatedAt
    }

    public init(
        id: Int64 = 0, command: ForumCommand, state: OutboxState, profile: String, draftID: Int64? = nil,
        draftRevision: Int? = nil, idempotencyKey: String, failures: Int = 0, lastError: String? = nil,
        undoneBy: Int64? = nil, marker: Int64? = nil, handoff: Handoff? = nil, createdAt: Date, updatedAt: Date
    ) {
        self.handoff = handoff
        self.id = id
        self.command = command
        self.state = state
        self.profile = profile
        self.draftID = draftID
        self.draftRevision = draftRevision
        self.idempotencyKey = idempotencyKey
        self.failures = failures
        self.lastError = lastError
        self.undoneBy = undoneBy
        self.marker = marker
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// "item 3 (reply to thread 3500001)"
    public var title: String { "item \(id) (\(command.summary))" }
}

// MARK: - Rows

extension OutboxItem {
    init(row: OutboxRow) throws(OutboxError) {
        self.init(
            id: row.id, command: try ForumCommand.decode(row.command, item: row.id),
            state: try Self.state(of: row), profile: row.profile, draftID: row.draftID,
            draftRevision: row.draftRevision, idempotencyKey: row.idempotencyKey, failures: row.failures,
            lastError: row.lastError, undoneBy: row.undoneBy, marker: row.marker,
            handoff: row.handoffID.map { Handoff(id: $0, remoteState: row.remoteState, words: row.detail, checkedAt: row.remoteCheckedAt) },
            createdAt: row.createdAt, updatedAt: row.updatedAt)
        encodedCommand = row.command
    }

    var row: OutboxRow {
        var row = OutboxRow(
            id: id, draftID: draftID, draftRevision: draftRevision, profile: profile, kind: command.kind,
            target: command.summary, targetKey: command.targetKey, channel: command.floodChannel,
            command: encodedCommand ?? (try? command.encoded()) ?? "", idempotencyKey: idempotencyKey, state: state.kind,
            due: state.due, failures: failures, lastError: lastError, undoneBy: undoneBy, marker: marker,
            createdAt: createdAt, updatedAt: updatedAt)
        func keep(_ reason: Reason, words: Bool) {
            row.reason = reason
            if words { row.detail = reason.description }
        }
        switch state {
        case let .sending(owner, _): row.owner = owner
        case let .unknown(reason, _): keep(reason, words: true)
        case let .failed(reason): keep(reason, words: true)
        case let .retrying(_, reason): keep(reason, words: false)
        case let .sent(postID, url):
            row.postID = postID
            row.url = url
        case let .held(because?): keep(because, words: true)
        case let .handed(to, remoteItem):
            row.via = to
            row.remoteItem = remoteItem
        case .pending, .queued, .held, .cancelled: break
        }
        if let handoff {
            row.handoffID = handoff.id
            row.remoteState = handoff.remoteState
            row.remoteCheckedAt = handoff.checkedAt
            // What listings show of a handed item: the box's last word on it.
            if case .handed = state { row.detail = handoff.words }
        }
        return row
    }

    /// The state a row's columns describe; a row that describes none is damaged, not guessed at.
    static func state(of row: OutboxRow) throws(OutboxError) -> OutboxState {
        /// A row from before typed reasons, or with values this Missive cannot read, keeps its words.
        func reason(words: String?) -> Reason {
            if let reason = row.reason, reason != .unreadable { return reason }
            return .legacy(words ?? "")
        }
        func needDue() throws(OutboxError) -> Date {
            guard let due = row.due else { throw .corruptItem(row.id, "it is \(row.state) without a time") }
            return due
        }
        switch row.state {
        case .pending: return .pending(until: try needDue())
        case .queued: return .queued(due: try needDue())
        // A hold without a stored reason is the user's own.
        case .held: return .held(because: row.reason.map { _ in reason(words: row.detail) })
        case .sending:
            guard let owner = row.owner else { throw .corruptItem(row.id, "it is being sent by nobody") }
            return .sending(owner: owner, leaseUntil: try needDue())
        case .retrying: return .retrying(next: try needDue(), because: reason(words: row.lastError))
        case .unknown: return .unknown(reason(words: row.detail), checkAt: row.due)
        case .sent: return .sent(postID: row.postID, url: row.url)
        case .failed: return .failed(reason(words: row.detail))
        case .cancelled: return .cancelled
        case .handed:
            guard let via = row.via else { throw .corruptItem(row.id, "it was handed to no box") }
            return .handed(to: via, remoteItem: row.remoteItem)
        }
    }

    /// Moves the item through the state machine (the one place that decides), stamping the time.
    mutating func apply(_ event: OutboxEvent, now: Date, by sender: String? = nil) throws(OutboxError) {
        do throws(TransitionError) {
            if let sender {
                state = try state.applying(event, by: sender)
            } else {
                state = try state.applying(event)
            }
        } catch {
            throw .transition(item: id, error)
        }
        updatedAt = now
    }
}

/// A handed item's handoff: the id this machine made for it (the box queues each id at most
/// once), and what the box last said of its item there.
public struct Handoff: Sendable, Equatable {
    public var id: String
    /// The box's item's state, as `queue list --refresh` last read it; nil before the box has answered.
    public var remoteState: RemoteState?
    /// Those words for people: "handed to box as item 7", "on box: sent https://...".
    public var words: String?
    public var checkedAt: Date?

    public init(id: String, remoteState: RemoteState? = nil, words: String? = nil, checkedAt: Date? = nil) {
        self.id = id
        self.remoteState = remoteState
        self.words = words
        self.checkedAt = checkedAt
    }
}

/// What a box says of a handed item: its item's state there, or `missing` when it has none.
public enum RemoteState: String, Sendable, Codable, DatabaseValueConvertible {
    case pending, queued, held, sending, retrying, unknown, sent, failed, cancelled, handed, missing

    /// Nothing more will happen to it there.
    public var isFinished: Bool { self == .sent || self == .cancelled || self == .failed || self == .missing }
}

/// A waiting item failed because its row cannot be read.
public struct Damaged: Sendable, Equatable {
    public var id: Int64
    public var reason: String
}

extension OutboxTransaction {
    func outboxItem(_ id: Int64) throws -> OutboxItem {
        guard let row = try item(id) else { throw OutboxError.noSuchItem(id) }
        return try OutboxItem(row: row)
    }

    func save(_ item: OutboxItem) throws {
        try update(item.row)
    }

    /// The item a row describes, for a sender about to send it. A waiting row that cannot be read
    /// (a damaged file, a newer Missive's format) is failed with the reason, since none of it went
    /// out: one damaged row must not stop every send, nor hold up its place. Nil for a row that
    /// cannot be read (any other is left as it is: an unknown one may have landed); the failed ones
    /// are added to `damaged`, for the sender to report once the transaction is in.
    func sendable(_ row: OutboxRow, now: Date, damaged: inout [Damaged]) throws -> OutboxItem? {
        do {
            return try OutboxItem(row: row)
        } catch {
            guard (OutboxStates.scheduled + OutboxStates.waiting).contains(row.state) else { return nil }
            var failed = row
            let reason = Reason.damaged(error.description)
            failed.state = .failed
            failed.detail = reason.description
            failed.reason = reason
            failed.due = nil
            failed.owner = nil
            failed.updatedAt = now
            try update(failed)
            damaged.append(Damaged(id: row.id, reason: error.description))
            return nil
        }
    }
}
