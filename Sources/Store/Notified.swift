import Foundation
import GRDB

/// What `status --notify` (and the sender service's check) has told the user about, so that
/// each new thing is notified once per store: a private message, a post quoting them, new posts
/// in a bookmarked thread.
extension Store {
    /// Registered at the end of the migrator (`Schema.swift`).
    static func registerNotified(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v15 notified") { db in
            try db.execute(sql: """
                CREATE TABLE notified (
                    profile TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    key TEXT NOT NULL,
                    notifiedAt DATETIME NOT NULL,
                    PRIMARY KEY (profile, kind, key)
                ) WITHOUT ROWID;
                """)
        }
    }

    /// Remembers the thing as notified; true when it was not yet (so the caller tells the user),
    /// false when it already was. One transaction: two checks at once notify it once.
    public func markNotified(profile: String, kind: String, key: String, at time: Date) throws -> Bool {
        try write { db in
            try db.execute(sql: "INSERT OR IGNORE INTO notified (profile, kind, key, notifiedAt) VALUES (?, ?, ?, ?)",
                           arguments: [profile, kind, key, time])
            return db.changesCount == 1
        }
    }

    /// Whether the thing was notified already (without marking it).
    public func wasNotified(profile: String, kind: String, key: String) throws -> Bool {
        try read { db in
            try Bool.fetchOne(db, sql: "SELECT 1 FROM notified WHERE profile = ? AND kind = ? AND key = ?",
                              arguments: [profile, kind, key]) ?? false
        }
    }
}
