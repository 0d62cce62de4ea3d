import Foundation
import GRDB

/// What `missive doctor` reports about the store.
public struct StoreReport: Equatable, Sendable {
    public var path: String
    public var readOnly: Bool
    public var appliedMigrations: [String]
    public var knownMigrations: [String]
    /// SQLite's `integrity_check` lines plus the search index's check; ["ok"] when healthy.
    public var problems: [String]
    public var openDrafts: Int
    public var sentDrafts: Int
    public var deletedDrafts: Int
    public var revisions: Int
    public var templates: Int
    public var historyEntries: Int
    public var journalMode: String
    /// Outbox items by state name (`queued`, `unknown`...); states with none are left out.
    public var outbox: [String: Int]
    /// Drafts the store once made whose rows cannot be read (a damaged page hides them).
    public var unreadableDrafts: [Int64] = []

    public var healthy: Bool { problems.isEmpty && unreadableDrafts.isEmpty && appliedMigrations == knownMigrations }
}

extension Store {
    /// Checks the file and the search index and counts what is stored.
    public func report() throws -> StoreReport {
        var report = try read { db in
            let integrity = try String.fetchAll(db, sql: "PRAGMA integrity_check")
            let count = { (sql: String) in try Int.fetchOne(db, sql: sql) ?? 0 }
            return StoreReport(
                path: path, readOnly: isReadOnly,
                appliedMigrations: try Schema.migrator.appliedMigrations(db),
                knownMigrations: Schema.migrator.migrations,
                problems: integrity == ["ok"] ? [] : integrity,
                openDrafts: try count("SELECT count(*) FROM draft WHERE state = 'draft'"),
                sentDrafts: try count("SELECT count(*) FROM draft WHERE state = 'sent'"),
                deletedDrafts: try count("SELECT count(*) FROM draft WHERE state = 'deleted'"),
                revisions: try count("SELECT count(*) FROM revision"),
                templates: try count("SELECT count(*) FROM template"),
                historyEntries: try count("SELECT count(*) FROM command"),
                journalMode: try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "?",
                outbox: Dictionary(uniqueKeysWithValues: try StateCount.fetchAll(
                    db, sql: "SELECT state, count(*) AS count FROM outbox_item GROUP BY state").map { ($0.state, $0.count) }),
                unreadableDrafts: try Store.unreadableDrafts(db))
        }
        if !isReadOnly {
            // FTS5 checks its index against the table through an INSERT that changes nothing.
            do {
                try write { db in try db.execute(sql: "INSERT INTO draft_fts(draft_fts) VALUES('integrity-check')") }
            } catch let error as StoreError {
                if case .corrupt = error { report.problems.append("the search index does not match the drafts") }
                else { throw error }
            }
        }
        return report
    }
}

/// One line of the outbox's count by state.
private struct StateCount: Decodable, FetchableRecord {
    var state: String
    var count: Int
}
