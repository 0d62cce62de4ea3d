import Foundation
import GRDB
import GRDBSQLite

/// One row of `drafts list` or `drafts search` as SQLite holds it. The text columns are SQLite's
/// own bytes, valid only during the visit: a table of 10,000 drafts is written without making a
/// Swift string per field. `DraftSummary` is the same row as Swift values.
public struct DraftListingColumns {
    let statement: OpaquePointer
    public let kind: DraftKind
    public let state: DraftState

    init(_ statement: OpaquePointer) throws {
        self.statement = statement
        guard let kind = DraftKind.allCases.first(where: { $0.rawValue.utf8.elementsEqual(Self.text(statement, 1)) }),
              let state = DraftState.allCases.first(where: { $0.rawValue.utf8.elementsEqual(Self.text(statement, 11)) })
        else {
            throw StoreError.invalid("draft \(sqlite3_column_int64(statement, 0)) has an unknown kind or state")
        }
        self.kind = kind
        self.state = state
    }

    public var id: Int64 { sqlite3_column_int64(statement, 0) }

    public var target: DraftTarget {
        DraftTarget(thread: integer(2), post: integer(3), forum: integer(4), icon: integer(5),
                    recipient: isNull(6) ? nil : String(decoding: text(6), as: UTF8.self),
                    replyTo: integer(7), forwardOf: integer(8))
    }

    public var subject: UnsafeBufferPointer<UInt8> { text(9) }
    public var profile: UnsafeBufferPointer<UInt8> { text(10) }

    public var updatedAt: Date {
        if let date = StoredDate.parse(text(12)) { return date }
        // Not the form GRDB writes: let GRDB read it (or the epoch for something that is no date).
        return Date.fromDatabaseValue(DatabaseValue(sqliteStatement: statement, index: 12)) ?? Date(timeIntervalSince1970: 0)
    }

    public var flagged: Bool { sqlite3_column_int64(statement, 13) != 0 }
    public var revisions: Int { Int(sqlite3_column_int64(statement, 14)) }

    /// The start of the body, or for a search the matching words in context.
    public var excerpt: UnsafeBufferPointer<UInt8> { text(15) }

    private func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }

    private func integer(_ column: Int32) -> Int64? { isNull(column) ? nil : sqlite3_column_int64(statement, column) }

    private func text(_ column: Int32) -> UnsafeBufferPointer<UInt8> { Self.text(statement, column) }

    /// The column's UTF-8 bytes (none for NULL).
    private static func text(_ statement: OpaquePointer, _ column: Int32) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: sqlite3_column_text(statement, column), count: Int(sqlite3_column_bytes(statement, column)))
    }
}

extension Store {
    /// Visits drafts, most recently changed first.
    public func scanDrafts(includeDeleted: Bool = false, limit: Int? = nil, _ visit: (DraftListingColumns) throws -> Void) throws {
        try scan(sql: Store.listQuery(includeDeleted: includeDeleted), arguments: [limit ?? -1], visit)
    }

    /// Every column is in the index `draft_listing` (migration v6), so no draft row is read.
    static func listQuery(includeDeleted: Bool) -> String {
        """
        SELECT \(listingColumns), preview FROM draft \(includeDeleted ? "" : "WHERE state = 'draft'")
        ORDER BY updatedAt DESC, id DESC LIMIT ?
        """
    }

    /// Drafts, most recently changed first.
    public func list(includeDeleted: Bool = false, limit: Int? = nil) throws -> [DraftSummary] {
        var rows: [DraftSummary] = []
        try scanDrafts(includeDeleted: includeDeleted, limit: limit) { rows.append(DraftSummary($0)) }
        return rows
    }

    /// Open drafts (with `includeClosed`, sent and deleted ones too) whose subject or body has every
    /// word of `query` (as the start of a word), best matches first; a subject match counts double.
    /// The excerpt is the matching words in context, each between `marks` (SQLite's snippet marks).
    public func search(_ query: String, includeClosed: Bool = false, limit: Int? = nil,
                       marks: (open: String, close: String) = ("[", "]")) throws -> [DraftSummary] {
        try searchFindingDamage(query, includeClosed: includeClosed, limit: limit, marks: marks).found
    }

    /// `search`, and the matching drafts whose rows cannot be read (the search index still holds
    /// them, a damaged page of the `draft` table hides them): named, never silently left out.
    public func searchFindingDamage(_ query: String, includeClosed: Bool = false, limit: Int? = nil,
                                    marks: (open: String, close: String) = ("[", "]")) throws -> (found: [DraftSummary], damaged: [Int64]) {
        guard let pattern = FTS5Pattern(matchingAllPrefixesIn: query) else {
            throw StoreError.invalid("'\(query)' has no words to search for")
        }
        return try read { db in
            // Rank first (SQLite keeps the best `limit` as it goes), then make snippets and read
            // drafts for those rows only.
            let ranked = try Int64.fetchAll(db, sql: Store.rankQuery(includeClosed: includeClosed), arguments: [pattern, limit ?? -1])
            guard !ranked.isEmpty else { return ([], []) }
            var byID: [Int64: DraftSummary] = [:]
            try Store.scan(db, sql: """
                SELECT \(Store.listingColumns), snippet(draft_fts, -1, ?, ?, '...', 12)
                FROM draft_fts CROSS JOIN draft ON draft.id = draft_fts.rowid
                WHERE draft_fts MATCH ? AND +draft_fts.rowid IN (\(ranked.map(String.init).joined(separator: ",")))
                """, arguments: [marks.open, marks.close, pattern]) { byID[$0.id] = DraftSummary($0) }
            let unread = ranked.filter { byID[$0] == nil }
            return (ranked.compactMap { byID[$0] }, try unread.filter { try Store.draftShouldExist($0, db) })
        }
    }

    /// The error for drafts that cannot be read, as `drafts show` would meet the first of them.
    public func damagedError(_ ids: [Int64]) throws -> StoreError? {
        guard let first = ids.first else { return nil }
        return try read { db in
            let error = try Store.damaged(draft: first, db, error: nil)
            guard case let .damaged(_, path, found) = error, ids.count > 1 else { return error }
            return .damaged(what: "drafts \(ids.map(String.init).joined(separator: ", "))", path: path, found: found)
        }
    }

    /// Ranks in the search index, keeping open drafts (unless `includeClosed`) through the narrow
    /// index `draft_by_update`, so no draft row is read. `+rowid` keeps SQLite from handing FTS5 the
    /// ids as lookups: FTS5 would run the whole query again for each of them.
    static func rankQuery(includeClosed: Bool) -> String {
        """
        SELECT rowid FROM draft_fts WHERE draft_fts MATCH ?
        \(includeClosed ? "" : "AND +rowid IN (SELECT id FROM draft WHERE state = 'draft')")
        ORDER BY bm25(draft_fts, 2.0, 1.0) LIMIT ?
        """
    }

    /// Read by position in `DraftListingColumns`; the excerpt follows as column 15.
    static let listingColumns = """
        draft.id, draft.kind, draft.thread, draft.post, draft.forum, draft.icon, draft.recipient, draft.replyTo,
        draft.forwardOf, draft.subject, draft.profile, draft.state, draft.updatedAt, draft.flagged, draft.revisionCount
        """

    private func scan(sql: String, arguments: StatementArguments, _ visit: (DraftListingColumns) throws -> Void) throws {
        try read { db in try Store.scan(db, sql: sql, arguments: arguments, visit) }
    }

    private static func scan(
        _ db: Database, sql: String, arguments: StatementArguments, _ visit: (DraftListingColumns) throws -> Void
    ) throws {
        let statement = try db.makeStatement(sql: sql)
        try statement.setArguments(arguments)
        let rows = try Row.fetchCursor(statement)
        while try rows.next() != nil { try visit(DraftListingColumns(statement.sqliteStatement)) }
    }
}

extension DraftSummary {
    init(_ columns: DraftListingColumns) {
        self.init(
            id: columns.id, kind: columns.kind, target: columns.target,
            subject: String(decoding: columns.subject, as: UTF8.self),
            profile: String(decoding: columns.profile, as: UTF8.self), state: columns.state,
            updatedAt: columns.updatedAt, excerpt: String(decoding: columns.excerpt, as: UTF8.self),
            flagged: columns.flagged, revisions: columns.revisions)
    }
}

/// Dates as GRDB stores them: UTC text, "YYYY-MM-DD HH:MM:SS" with optional ".SSS". Read by hand
/// because Foundation's calendar arithmetic costs more per row than a long list can afford.
enum StoredDate {
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard bytes.count == 19 || bytes.count == 23 else { return nil }
        func number(_ start: Int, _ count: Int) -> Int? {
            var value = 0
            for index in start..<(start + count) {
                let digit = Int(bytes[index]) - 48
                guard (0...9).contains(digit) else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        guard bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: " ") || bytes[10] == UInt8(ascii: "T"),
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
              let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
              let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60
        else { return nil }
        var milliseconds = 0
        if bytes.count == 23 {
            guard bytes[19] == UInt8(ascii: "."), let fraction = number(20, 3) else { return nil }
            milliseconds = fraction
        }
        let seconds = daysSinceEpoch(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60 + second
        return Date(timeIntervalSince1970: Double(seconds) + Double(milliseconds) / 1_000)
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar, counted in 400-year eras
    /// that start on March 1st (so that the leap day is the last day of its year).
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
