import GRDB

/// The table of kept images, appended to the store's migrations (see `Schema`).
enum ImageSchema {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v11 images") { db in
            // One row per distinct image content, named by its SHA-256: queueing the same picture
            // twice keeps it once, and nothing a user does to the file afterwards reaches it.
            // `content` is written and read in pieces (SQLite's incremental blob I/O), so a large
            // image is never held whole in memory on its way in or out.
            try db.execute(sql: """
                CREATE TABLE image_blob (
                    sha256 TEXT PRIMARY KEY NOT NULL,
                    format TEXT NOT NULL,
                    width INTEGER NOT NULL,
                    height INTEGER NOT NULL,
                    byteCount INTEGER NOT NULL,
                    content BLOB NOT NULL,
                    keptAt DATETIME NOT NULL
                );
                """)
        }
    }
}
