import Foundation
import GRDB

/// One outbox item as stored: what a row holds before its command and state are read into an
/// `OutboxItem` (a row that cannot be, a damaged one, is still read, to be failed or shown).
public struct OutboxRow: Equatable, Sendable {
    /// 0 until inserted.
    public var id: Int64 {
        get { rowID ?? 0 }
        set { rowID = newValue == 0 ? nil : newValue }
    }
    /// Nil until inserted, so that SQLite picks the id.
    private var rowID: Int64?
    /// The draft the Command was made from, and the revision that was queued.
    public var draftID: Int64?
    public var draftRevision: Int?
    public var profile: String
    /// reply, pm, thread or edit.
    public var kind: String
    /// For people: "thread 3500001", "PM to Zoë".
    public var target: String
    /// Items with one key land in one place on the forum (a thread, Sent Items): an unknown one
    /// is checked before another is sent there.
    public var targetKey: String
    /// The flood-control channel (posts, private messages), nil when the forum does not limit it.
    public var channel: String?
    /// The Command, as JSON.
    public var command: String
    /// Unique: the same revision of the same draft to the same place is one item, never two.
    public var idempotencyKey: String
    public var state: OutboxState.Name
    public var due: Date?
    public var owner: String?
    /// The reason of a failed item, the evidence of an unknown one, in words (what listings show).
    public var detail: String?
    /// Why it is retrying, failed, unknown or held by the sender (stored as JSON); nil otherwise.
    public var reason: Reason? {
        didSet { reasonCode = reason?.code }
    }
    /// The reason's stable code, stored beside it for scripts and SQL to match on.
    public private(set) var reasonCode: String?
    public var postID: String?
    public var url: String?
    /// Transient failures so far (what the backoff counts).
    public var failures: Int
    public var lastError: String?
    /// The item that took this one back (an edit undone by editing the post back).
    public var undoneBy: Int64?
    /// For reconcile: an id on the forum read before the send went out (the thread's last post,
    /// the newest message in Sent Items); only what is newer can be this item.
    public var marker: Int64?
    /// Handed to a box (issue 33): the remote's name, the handoff's id, the box's item, and the
    /// box's last word on it (its state's name) and when that was.
    public var via: String?
    public var handoffID: String?
    public var remoteItem: Int64?
    public var remoteState: RemoteState?
    public var remoteCheckedAt: Date?
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        id: Int64 = 0, draftID: Int64?, draftRevision: Int?, profile: String, kind: String, target: String,
        targetKey: String, channel: String?, command: String, idempotencyKey: String, state: OutboxState.Name,
        due: Date?, owner: String? = nil, detail: String? = nil, reason: Reason? = nil, postID: String? = nil, url: String? = nil,
        failures: Int = 0, lastError: String? = nil, undoneBy: Int64? = nil, marker: Int64? = nil, createdAt: Date,
        updatedAt: Date
    ) {
        self.rowID = id == 0 ? nil : id
        self.draftID = draftID
        self.draftRevision = draftRevision
        self.profile = profile
        self.kind = kind
        self.target = target
        self.targetKey = targetKey
        self.channel = channel
        self.command = command
        self.idempotencyKey = idempotencyKey
        self.state = state
        self.due = due
        self.owner = owner
        self.detail = detail
        self.reason = reason
        self.reasonCode = reason?.code
        self.postID = postID
        self.url = url
        self.failures = failures
        self.lastError = lastError
        self.undoneBy = undoneBy
        self.marker = marker
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// One try at an item: sending it, or asking the forum whether it landed.
public struct OutboxAttemptRow: Equatable, Sendable {
    public enum Action: String, Sendable, Codable { case send, reconcile }

    public var id: Int64
    public var itemID: Int64
    public var action: Action
    public var owner: String
    public var startedAt: Date
    /// nil while the attempt is in flight (or when its sender died in it).
    public var finishedAt: Date?
    /// sent, rejected, retry, flood wait, unknown (a send); landed, absent, undetermined (a reconcile).
    public var outcome: String?
    public var evidence: String?

    /// The outcome of a request the forum's flood control turned away: a wait it asked for, not a
    /// failure, so the attempt counts of `queue list` and `queue show` keep it apart.
    public static let floodWait = "flood wait"
}

/// What one forum account's flood control allows, learned from the forum's own answers.
public struct OutboxPace: Equatable, Sendable {
    public var profile: String
    public var channel: String
    /// Seconds between posts, as the forum said; 0 while unknown.
    public var interval: TimeInterval
    public var lastSentAt: Date?
    /// Nothing goes to this channel before this time.
    public var notBefore: Date?

    public init(profile: String, channel: String, interval: TimeInterval = 0, lastSentAt: Date? = nil, notBefore: Date? = nil) {
        self.profile = profile
        self.channel = channel
        self.interval = interval
        self.lastSentAt = lastSentAt
        self.notBefore = notBefore
    }
}

/// One item of `missive queue list --json`: only the columns a listing needs, times as ISO 8601
/// text in UTC (made from the stored text, without parsing a date).
public struct OutboxListing: Equatable, Sendable {
    public var id: Int64
    public var draftID: Int64?
    public var profile: String
    public var kind: String
    public var target: String
    public var state: String
    /// When it is due (ISO 8601, UTC), if its state has a time.
    public var due: String?
    public var detail: String?
    public var postID: String?
    public var url: String?
    /// Every request made for it, flood waits included (`attemptCount` in `--json` since before
    /// flood waits were told apart, so it keeps that meaning).
    public var attempts: Int
    /// Those of them that the forum's flood control turned away.
    public var floodWaits: Int
    /// ISO 8601, UTC.
    public var updatedAt: String
    /// A handed item's box, and the state its item there had when the box was last asked.
    public var via: String? = nil
    public var remoteState: String? = nil
}

// MARK: - Records

/// GRDB reads and writes these through `Codable`; the column names are the schema's.
extension OutboxRow: Codable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "outbox_item"

    enum CodingKeys: String, CodingKey {
        case rowID = "id", draftID = "draftId", draftRevision, profile, kind, target, targetKey, channel, command, idempotencyKey,
             state, due, owner, detail, reasonCode, reason = "reasonValues", postID = "postId", url, failures, lastError, undoneBy,
             marker, via, handoffID = "handoffId", remoteItem, remoteState, remoteCheckedAt, createdAt, updatedAt
    }
}

extension OutboxAttemptRow: Codable, FetchableRecord {
    enum CodingKeys: String, CodingKey {
        case id, itemID = "itemId", action, owner, startedAt, finishedAt, outcome, evidence
    }
}

extension OutboxPace: Codable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "outbox_pace"
}

extension OutboxListing {
    /// The columns, in the order `init(row:)` reads them by position (the fast way in GRDB).
    /// Times are stored as UTC text, "YYYY-MM-DD HH:MM:SS.SSS"; they are passed on as they are.
    static let selection = """
        id, draftId, profile, kind, target, state, due, coalesce(due, updatedAt), detail, postId, url,
        (SELECT count(*) FROM outbox_attempt WHERE itemId = outbox_item.id), updatedAt,
        \(floodWaitCount), via, remoteState
        """

    /// The item's attempts that were flood waits, as an SQL expression over `outbox_item`.
    static let floodWaitCount = "(SELECT count(*) FROM outbox_attempt WHERE itemId = outbox_item.id AND outcome = '\(OutboxAttemptRow.floodWait)')"

    init(row: Row) {
        self.init(id: row[0], draftID: row[1], profile: row[2], kind: row[3], target: row[4], state: row[5],
                  due: (row[6] as String?).map(Self.iso8601), detail: row[8], postID: row[9],
                  url: row[10], attempts: row[11], floodWaits: row[13], updatedAt: Self.iso8601(row[12]), via: row[14],
                  remoteState: row[15])
    }

    /// "2026-11-22 05:24:46.123" (UTC) as ISO 8601 to the second, like every `--json` time:
    /// "2026-11-22T05:24:46Z".
    static func iso8601(_ stored: String) -> String {
        var text = String(stored.prefix(19))
        if let space = text.firstIndex(of: " ") { text.replaceSubrange(space...space, with: "T") }
        return text + "Z"
    }
}
