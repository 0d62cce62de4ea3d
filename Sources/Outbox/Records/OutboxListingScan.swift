import GRDB
import GRDBSQLite
import Store

/// One row of `missive queue list` as SQLite holds it, read without making Swift values: the
/// text columns are SQLite's own bytes, valid only during the visit. Ten thousand rows have to
/// be listed in a few milliseconds, which rules out a Swift string per field.
public struct OutboxListingColumns {
    let statement: OpaquePointer

    public enum Text: Int32 {
        case state = 1
        /// When it is due, or else when it last changed: UTC, "YYYY-MM-DD HH:MM:SS.SSS".
        case time = 2
        case target = 3
        /// "post N" when sent (its address is long: a table cut it to "…" at 120 columns; `queue
        /// show` and --json give it), the reason or evidence otherwise; empty when none.
        case result = 4
    }

    public var id: Int64 { sqlite3_column_int64(statement, 0) }
    public var draftID: Int64? { sqlite3_column_type(statement, 5) == SQLITE_NULL ? nil : sqlite3_column_int64(statement, 5) }
    /// Every request made for it, flood waits included.
    public var attempts: Int64 { sqlite3_column_int64(statement, 6) }
    /// Those the forum's flood control turned away: waits, not failures.
    public var floodWaits: Int64 { sqlite3_column_int64(statement, 7) }

    /// The column's UTF-8 bytes (empty for NULL).
    public func bytes(_ column: Text) -> UnsafeBufferPointer<UInt8> {
        guard let start = sqlite3_column_text(statement, column.rawValue) else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: start, count: Int(sqlite3_column_bytes(statement, column.rawValue)))
    }
}

extension Store {
    /// Visits the items newest first, in these states (all when nil), for the table of `queue list`.
    public func scanOutboxListing(states: [String]? = nil, limit: Int? = nil, _ visit: (OutboxListingColumns) throws -> Void) throws {
        try read { db in
            let filter = states.map { "WHERE state IN (\(Array(repeating: "?", count: max($0.count, 1)).joined(separator: ", ")))" } ?? ""
            let statement = try db.makeStatement(sql: """
                SELECT id, state, coalesce(due, updatedAt), target, CASE WHEN postId IS NOT NULL THEN 'post ' || postId ELSE coalesce(url, detail, '') END, draftId,
                       (SELECT count(*) FROM outbox_attempt WHERE itemId = outbox_item.id),
                       \(OutboxListing.floodWaitCount)
                FROM outbox_item \(filter) ORDER BY id DESC LIMIT ?
                """)
            try statement.setArguments(StatementArguments(states ?? []) + [limit ?? -1])
            let rows = try Row.fetchCursor(statement)
            let columns = OutboxListingColumns(statement: statement.sqliteStatement)
            while try rows.next() != nil { try visit(columns) }
        }
    }
}
