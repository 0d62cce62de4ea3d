import Foundation
import GRDB
import Store

/// The outbox's reads and writes inside one store transaction. The Outbox layer decides what
/// changes; everything it changes in one call of `Store.outbox` commits together or not at all.
public struct OutboxTransaction {
    let db: Database

    /// For undo handlers, which are handed the store's own transaction.
    public init(_ db: Database) {
        self.db = db
    }

    // MARK: Items

    public func item(_ id: Int64) throws -> OutboxRow? {
        try OutboxRow.fetchOne(db.cachedStatement(sql: "SELECT * FROM outbox_item WHERE id = ?"), arguments: [id])
    }

    /// Whether `owner` holds item `id` (it is `sending` under their lease): a sender asks before
    /// it records anything, since another may have taken the item over.
    public func isHeld(_ id: Int64, by owner: String) throws -> Bool {
        try Bool.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM outbox_item WHERE id = ? AND state = ? AND owner = ?"),
                          arguments: [id, OutboxState.Name.sending, owner]) != nil
    }

    /// Extends the lease `owner` holds on item `id` to at least `until`; false (and nothing
    /// written) when they no longer hold it. Times are stored as text that sorts as time does.
    public func renewLease(of id: Int64, by owner: String, until: Date) throws -> Bool {
        try db.cachedStatement(sql: "UPDATE outbox_item SET due = max(ifnull(due, ?), ?) WHERE id = ? AND state = ? AND owner = ?")
            .execute(arguments: [StoredTime.text(until), StoredTime.text(until), id, OutboxState.Name.sending, owner])
        return db.changesCount > 0
    }

    /// Every item queued from the draft, oldest first.
    public func items(ofDraft draft: Int64) throws -> [OutboxRow] {
        try OutboxRow.fetchAll(db, sql: "SELECT * FROM outbox_item WHERE draftId = ? ORDER BY id", arguments: [draft])
    }

    public func item(idempotencyKey: String) throws -> OutboxRow? {
        try OutboxRow.fetchOne(db, sql: "SELECT * FROM outbox_item WHERE idempotencyKey = ?", arguments: [idempotencyKey])
    }

    /// Items in these states whose `due` has come (a missing `due` counts as now), earliest first.
    /// `ids` narrows it to those items. The states are `OutboxState.Name`s (or, from a command, their text).
    public func items(inStates states: [some DatabaseValueConvertible], dueBy now: Date? = nil, ids: [Int64]? = nil, limit: Int? = nil) throws -> [OutboxRow] {
        let (conditions, arguments) = filter(states: states, dueBy: now, ids: ids)
        return try OutboxRow.fetchAll(db, sql: """
            SELECT * FROM outbox_item o WHERE \(conditions) ORDER BY o.due IS NOT NULL, o.due, o.id LIMIT ?
            """, arguments: arguments + [limit ?? -1])
    }

    /// The WHERE conditions on `outbox_item o` for these states, due by `now`, among `ids`.
    private func filter(states: [some DatabaseValueConvertible], dueBy now: Date?, ids: [Int64]?) -> (String, StatementArguments) {
        var conditions = ["o.state IN (\(placeholders(states.count)))"]
        var arguments = StatementArguments(states)
        if let now {
            conditions.append("(o.due IS NULL OR o.due <= ?)")
            arguments += [now]
        }
        if let ids {
            conditions.append("o.id IN (\(placeholders(ids.count)))")
            arguments += StatementArguments(ids)
        }
        return (conditions.joined(separator: " AND "), arguments)
    }

    /// Whether something at this place must be settled first: an item whose outcome is unknown
    /// (checking whether a post landed looks at our latest posts there, so nothing may land in
    /// between), or one another sender is sending right now.
    /// An item `sender` holds does not count.
    public func isBusy(targetKey: String, profile: String, except id: Int64, sender: String) throws -> Bool {
        let states = OutboxStates.mayHaveLanded
        return try Bool.fetchOne(db, sql: """
            SELECT EXISTS (SELECT 1 FROM outbox_item WHERE profile = ? AND targetKey = ? AND id != ?
                           AND state IN (\(placeholders(states.count))) AND owner IS NOT ?)
            """, arguments: [profile, targetKey, id] + StatementArguments(states) + [sender]) ?? false
    }

    /// The first waiting item (pending or retrying) of each place, earliest due first: a place
    /// sends its items in the order they were queued, so only its first can go next. With `now`,
    /// only those due by then.
    public func waitingHeads(dueBy now: Date? = nil, ids: [Int64]? = nil, limit: Int) throws -> [OutboxRow] {
        let states = OutboxStates.waiting
        let (conditions, arguments) = filter(states: states, dueBy: now, ids: ids)
        return try OutboxRow.fetchAll(db, sql: """
            SELECT o.* FROM outbox_item o WHERE \(conditions)
            AND NOT EXISTS (SELECT 1 FROM outbox_item e WHERE e.profile = o.profile AND e.targetKey = o.targetKey
                            AND e.state IN (\(placeholders(states.count))) AND e.id < o.id)
            ORDER BY o.due IS NOT NULL, o.due, o.id LIMIT ?
            """, arguments: arguments + StatementArguments(states) + [limit])
    }

    /// The waiting items queued after `id` at the same place, in queue order.
    public func waiting(after row: OutboxRow, limit: Int) throws -> [OutboxRow] {
        let states = OutboxStates.waiting
        return try OutboxRow.fetchAll(db, sql: """
            SELECT * FROM outbox_item WHERE profile = ? AND targetKey = ? AND state IN (\(placeholders(states.count))) AND id > ?
            ORDER BY id LIMIT ?
            """, arguments: [row.profile, row.targetKey] + StatementArguments(states) + [row.id, limit])
    }

    /// The newest receipt of a send to this place (a reply's post id, a PM's id in Sent Items):
    /// a reconcile marker that is surely not a later send's.
    public func latestReceipt(profile: String, targetKey: String) throws -> Int64? {
        try Int64.fetchOne(db.cachedStatement(sql: """
            SELECT max(CAST(postId AS INTEGER)) FROM outbox_item
            WHERE profile = ? AND targetKey = ? AND state = ? AND postId GLOB '[0-9]*'
            """), arguments: [profile, targetKey, OutboxState.Name.sent])
    }

    public func insert(_ row: OutboxRow) throws -> OutboxRow {
        var row = row
        row.id = 0
        try row.insert(db)
        row.id = db.lastInsertedRowID
        return row
    }

    /// Rewrites the item's row.
    public func update(_ row: OutboxRow) throws {
        try row.update(db)
    }

    /// Sets the reconcile marker of an item without rewriting it.
    public func setMarker(_ marker: Int64?, of item: Int64) throws {
        try db.cachedStatement(sql: "UPDATE outbox_item SET marker = ? WHERE id = ?").execute(arguments: [marker, item])
    }

    // MARK: Attempts

    /// Records the start of an attempt before anything goes to the forum; returns its id.
    public func beginAttempt(item: Int64, action: OutboxAttemptRow.Action, owner: String, at time: Date) throws -> Int64 {
        try db.cachedStatement(sql: "INSERT INTO outbox_attempt (itemId, action, owner, startedAt) VALUES (?, ?, ?, ?)")
            .execute(arguments: [item, action.rawValue, owner, StoredTime.text(time)])
        return db.lastInsertedRowID
    }

    public func finishAttempt(_ id: Int64, outcome: String, evidence: String?, at time: Date) throws {
        try db.cachedStatement(sql: "UPDATE outbox_attempt SET finishedAt = ?, outcome = ?, evidence = ? WHERE id = ?")
            .execute(arguments: [StoredTime.text(time), outcome, evidence, id])
    }

    public func attempts(of item: Int64) throws -> [OutboxAttemptRow] {
        try OutboxAttemptRow.fetchAll(db, sql: "SELECT * FROM outbox_attempt WHERE itemId = ? ORDER BY id", arguments: [item])
    }

    // MARK: Flood pacing

    public func pace(profile: String, channel: String) throws -> OutboxPace? {
        try OutboxPace.fetchOne(
            db.cachedStatement(sql: "SELECT * FROM outbox_pace WHERE profile = ? AND channel = ?"), arguments: [profile, channel])
    }

    public func save(_ pace: OutboxPace) throws {
        try pace.upsert(db)
    }

    // MARK: Drafts and history

    public func draft(_ id: Int64) throws -> Draft? {
        try Draft.fetchOne(db, key: id)
    }

    /// The draft, or why not: it does not exist, or it is damaged (its row cannot be read).
    public func requireDraft(_ id: Int64) throws -> Draft {
        try Store.requireDraft(id, db)
    }

    /// Marks the draft sent when it still shows the revision that was sent; returns whether it did.
    public func markDraftSent(_ id: Int64, revision: Int, now: Date) throws -> Bool {
        try Store.markDraftSent(id, revision: revision, now: now, db)
    }

    /// Writes a revision into the draft while it still shows `revision` (see `Store.addDraftRevision`).
    public func addDraftRevision(_ id: Int64, _ write: DraftWrite, ifShowing revision: Int, now: Date) throws -> Int? {
        try Store.addDraftRevision(id, write, ifShowing: revision, now: now, db)
    }

    /// Adds an entry to the history that `missive undo` works on, in this transaction.
    public func record(kind: HistoryKind, summary: String, payload: some Encodable, now: Date) throws {
        try Store.record(db, kind: kind, summary: summary, payload: payload, now: now)
    }

    private func placeholders(_ count: Int) -> String {
        Array(repeating: "?", count: max(count, 1)).joined(separator: ", ")
    }
}

extension Store {
    /// Runs `body` in one IMMEDIATE transaction: SQLite lets one writer in at a time, across
    /// processes, so what `body` reads is still true when it writes (a claim is a claim).
    /// `durable: false` commits without waiting for the disk (SQLite's synchronous=NORMAL): an
    /// application crash still keeps the transaction; only a power cut may lose it. The outbox
    /// uses that only for records whose loss is safe: a lost outcome leaves the item claimed,
    /// and a claimed item whose sender is gone is checked with the forum before anything else.
    public func outbox<T>(durable: Bool = true, _ body: (OutboxTransaction) throws -> T) throws -> T {
        if isReadOnly { throw StoreError.readOnly(path: path) }
        do {
            return try queue.writeWithoutTransaction { db in
                // Prepared once per connection: a sender runs these around every outcome.
                let previous = try Int.fetchOne(db.cachedStatement(sql: "PRAGMA synchronous")) ?? 2
                let relaxed = !durable && previous > 1
                if relaxed { try db.cachedStatement(sql: "PRAGMA synchronous = NORMAL").execute() }
                defer { if relaxed { try? db.cachedStatement(sql: "PRAGMA synchronous = \(previous)").execute() } }
                var result: T?
                try db.inTransaction(.immediate) {
                    result = try body(OutboxTransaction(db))
                    return .commit
                }
                guard let result else { throw StoreError.database("an outbox transaction ended without a result") }
                return result
            }
        } catch {
            throw StoreError.from(error, path: path)
        }
    }

    /// Reads the outbox in one transaction (a consistent view).
    public func outboxRead<T>(_ body: (OutboxTransaction) throws -> T) throws -> T {
        try read { db in try body(OutboxTransaction(db)) }
    }

    /// `missive queue list`: items newest first, in these states (all when nil).
    public func outboxListing(states: [String]? = nil, limit: Int? = nil) throws -> [OutboxListing] {
        try read { db in
            let filter = states.map { "WHERE state IN (\(Array(repeating: "?", count: max($0.count, 1)).joined(separator: ", ")))" } ?? ""
            let rows = try Row.fetchCursor(db, sql: """
                SELECT \(OutboxListing.selection) FROM outbox_item \(filter) ORDER BY id DESC LIMIT ?
                """, arguments: StatementArguments(states ?? []) + [limit ?? -1])
            var listing: [OutboxListing] = []
            while let row = try rows.next() { listing.append(OutboxListing(row: row)) }
            return listing
        }
    }
}
