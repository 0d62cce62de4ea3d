import Common
import Foundation
import GRDB

/// The sandbox's SQLite file: schema and the first seed. Everything the forum knows lives here,
/// so a sandbox started again on the same `--data` directory carries on where it stopped.
struct SandboxDatabase: Sendable {
    let queue: DatabaseQueue

    static let fileName = "sandbox.sqlite"

    init(directory: URL, now: Date) throws {
        // The sandbox holds passwords and sessions (play ones, but a user's all the same): keep the
        // directory and the file private. SQLite gives its -wal and -shm files the file's mode.
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let file = directory.appendingPathComponent(Self.fileName)
        if !FileManager.default.fileExists(atPath: file.path) { try PrivateFile.write(Data(), to: file) }
        // Every page issues a form cookie, so the forum writes on most requests. In WAL mode with
        // `synchronous = NORMAL` a commit is an append to the -wal file without an fsync (the
        // rollback journal made, synced and deleted a file per write). A killed process loses
        // nothing: what SQLite has written is in the OS's hands; only a power cut could lose the
        // last commits, which a practice forum can afford.
        var configuration = Configuration()
        configuration.journalMode = .wal
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
        queue = try DatabaseQueue(path: file.path, configuration: configuration)
        var migrator = DatabaseMigrator()
        // Registered in this order so that a new file gets the whole schema before the seed; a
        // file made before "schema-2" (which has "schema" and "seed") gets "schema-2" and "seed-2".
        migrator.registerMigration("schema", migrate: Self.createSchema)
        migrator.registerMigration("schema-2", migrate: Self.addArchivesAndClosedRedirects)
        migrator.registerMigration("seed") { db in try Seed.insert(into: db, now: now) }
        migrator.registerMigration("seed-2") { db in try Seed.upgradeFirstSeed(db, now: now) }
        migrator.registerMigration("seed-3") { db in try Seed.insertTestersMessage(into: db, now: now) }
        migrator.registerMigration("schema-3", migrate: Self.addReading)
        migrator.registerMigration("seed-4") { db in try Seed.insertStaff(into: db, now: now) }
        try migrator.migrate(queue)
    }

    /// Archived forums and threads (they need the archives upgrade), and forums whose new
    /// threads are refused with a closed-thread redirect.
    private static func addArchivesAndClosedRedirects(_ db: Database) throws {
        try db.alter(table: "forum") { t in
            t.add(column: "archived", .boolean).notNull().defaults(to: false)
            t.add(column: "closedRedirectThreadId", .integer)
        }
        try db.alter(table: "thread") { t in
            t.add(column: "archived", .boolean).notNull().defaults(to: false)
        }
    }

    /// What reading needs: each member's bookmarks, how far they have read each thread, their
    /// ignore list, and the staff (whom nobody may ignore). The staff's role is a table of its own
    /// so that the user rows the earlier seeds write keep their shape.
    private static func addReading(_ db: Database) throws {
        try db.create(table: "bookmark") { t in
            t.column("userId", .integer).notNull().references("user")
            t.column("threadId", .integer).notNull().references("thread")
            t.column("addedAt", .datetime).notNull()
            t.primaryKey(["userId", "threadId"])
        }
        // `postIndex`: the `data-idx` of the last post the member has seen (1 is the first post).
        try db.create(table: "lastSeen") { t in
            t.column("userId", .integer).notNull().references("user")
            t.column("threadId", .integer).notNull().references("thread")
            t.column("postIndex", .integer).notNull()
            t.primaryKey(["userId", "threadId"])
        }
        try db.create(table: "ignored") { t in
            t.column("userId", .integer).notNull().references("user")
            t.column("ignoredId", .integer).notNull().references("user")
            t.primaryKey(["userId", "ignoredId"])
        }
        try db.create(table: "staff") { t in
            t.primaryKey("userId", .integer).references("user")
            t.column("role", .text).notNull()
        }
    }

    private static func createSchema(_ db: Database) throws {
        try db.create(table: "user") { t in
            t.primaryKey("id", .integer)
            t.column("username", .text).notNull().unique(onConflict: .fail).collate(.nocase)
            t.column("password", .text).notNull()
            t.column("cookieToken", .text).notNull()
            t.column("formkey", .text).notNull()
            t.column("standing", .text).notNull()
            t.column("probationUntil", .datetime)
            t.column("bookmarksByDefault", .boolean).notNull()
            t.column("registeredAt", .datetime).notNull()
            t.column("lastPostAt", .datetime)
            t.column("lastMessageAt", .datetime)
        }
        try db.create(table: "forum") { t in
            t.primaryKey("id", .integer)
            t.column("category", .text).notNull()
            t.column("title", .text).notNull()
            t.column("position", .integer).notNull()
            t.column("previewFirst", .boolean).notNull()
            t.column("secondaryTagGroup", .text)
            t.column("acceptsThreads", .boolean).notNull()
        }
        try db.create(table: "thread") { t in
            t.primaryKey("id", .integer)
            t.column("forumId", .integer).notNull().references("forum")
            t.column("title", .text).notNull()
            t.column("authorId", .integer).notNull().references("user")
            t.column("iconId", .integer).notNull()
            t.column("secondaryTagId", .integer)
            t.column("closed", .boolean).notNull()
            t.column("createdAt", .datetime).notNull()
        }
        try db.create(table: "post") { t in
            t.primaryKey("id", .integer)
            t.column("threadId", .integer).notNull().references("thread").indexed()
            t.column("authorId", .integer).notNull().references("user")
            t.column("bbcode", .text).notNull()
            t.column("postedAt", .datetime).notNull()
            t.column("editedAt", .datetime)
            t.column("parseURLs", .boolean).notNull()
            t.column("disableSmilies", .boolean).notNull()
            t.column("showSignature", .boolean).notNull()
        }
        try db.create(table: "message") { t in
            t.primaryKey("id", .integer)
            t.column("ownerId", .integer).notNull().references("user")
            t.column("folderId", .integer).notNull()
            t.column("fromId", .integer).notNull().references("user")
            t.column("toId", .integer).notNull().references("user")
            t.column("title", .text).notNull()
            t.column("bbcode", .text).notNull()
            t.column("iconId", .integer).notNull()
            t.column("sentAt", .datetime).notNull()
            t.column("seen", .boolean).notNull()
            t.column("repliedTo", .boolean).notNull()
            t.column("forwarded", .boolean).notNull()
            t.column("previousMessageId", .integer)
        }
        try db.create(index: "message_folder", on: "message", columns: ["ownerId", "folderId"])
        try db.create(table: "formCookie") { t in
            t.primaryKey("value", .text)
            t.column("userId", .integer).notNull().references("user")
            t.column("purpose", .text).notNull()
            t.column("issuedAt", .datetime).notNull()
        }
    }
}
