import GRDB

/// The images of outbox items, appended to the store's migrations after "v11 images".
enum OutboxImageSchema {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v12 outbox images") { db in
            // One row per distinct image of an item. `state` is what the sender knows of its
            // upload: `pending` (nothing went out), `uploading` (it may have gone out: written
            // before the request, so a crash or a lost answer leaves it for reconcile), `uploaded`
            // (the host's answer, written before the post is made), `deleted` (`images rm`).
            try db.execute(sql: """
                CREATE TABLE outbox_image (
                    itemId INTEGER NOT NULL REFERENCES outbox_item(id) ON DELETE CASCADE,
                    sha256 TEXT NOT NULL REFERENCES image_blob(sha256),
                    position INTEGER NOT NULL,
                    target TEXT NOT NULL,
                    path TEXT NOT NULL,
                    state TEXT NOT NULL,
                    since DATETIME,
                    url TEXT,
                    hostId TEXT,
                    deleteHandle TEXT,
                    uploadedAt DATETIME,
                    PRIMARY KEY (itemId, sha256)
                );
                CREATE INDEX outbox_image_by_url ON outbox_image(url);
                """)
        }
    }
}
