import Foundation
import GRDB

/// What each member has read, bookmarked and ignored: the forum's memory of a reader. A page of
/// a thread viewed by a member moves their read position to its last post (unless `noseen=1`);
/// thread lists and the bookmarks page count the posts after it.
extension SandboxForum {
    /// How far the member has read the thread: the `data-idx` of the last post seen, nil when
    /// the thread was never opened (or was marked unread).
    static func lastSeen(_ db: Database, userId: Int64, threadId: Int64) throws -> Int? {
        try Int.fetchOne(db, sql: "SELECT postIndex FROM lastSeen WHERE userId = ? AND threadId = ?",
                         arguments: [userId, threadId])
    }

    /// Moves the read position forward to `index` (never back: an older page viewed again
    /// leaves it where it was), or sets it exactly when `exactly` (`action=setseen`).
    static func markSeen(_ db: Database, userId: Int64, threadId: Int64, upTo index: Int, exactly: Bool = false) throws {
        if exactly {
            try db.execute(sql: """
                INSERT INTO lastSeen (userId, threadId, postIndex) VALUES (?, ?, ?)
                ON CONFLICT (userId, threadId) DO UPDATE SET postIndex = excluded.postIndex
                """, arguments: [userId, threadId, index])
        } else {
            try db.execute(sql: """
                INSERT INTO lastSeen (userId, threadId, postIndex) VALUES (?, ?, ?)
                ON CONFLICT (userId, threadId) DO UPDATE SET postIndex = MAX(postIndex, excluded.postIndex)
                """, arguments: [userId, threadId, index])
        }
    }

    /// The members this member ignores.
    static func ignoredIds(_ db: Database, userId: Int64) throws -> Set<Int64> {
        Set(try Int64.fetchAll(db, sql: "SELECT ignoredId FROM ignored WHERE userId = ?", arguments: [userId]))
    }

    /// The staff's roles by user id (`Moderator`, `Administrator`).
    static func staffRoles(_ db: Database) throws -> [Int64: String] {
        var roles: [Int64: String] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT userId, role FROM staff") { roles[row["userId"]] = row["role"] }
        return roles
    }

    /// The post a member's "new posts" link leads to: the first one after their read position,
    /// or the last post when they have read everything; the first post of a thread never opened.
    static func firstUnreadPost(_ db: Database, userId: Int64?, threadId: Int64) throws -> Int64? {
        let seen = try userId.flatMap { try lastSeen(db, userId: $0, threadId: threadId) } ?? 0
        let ordered = "SELECT id FROM post WHERE threadId = ? ORDER BY postedAt, id"
        if let next = try Int64.fetchOne(db, sql: ordered + " LIMIT 1 OFFSET ?", arguments: [threadId, seen]) {
            return next
        }
        return try Int64.fetchOne(db, sql: "SELECT id FROM post WHERE threadId = ? ORDER BY postedAt DESC, id DESC LIMIT 1",
                                  arguments: [threadId])
    }
}
