import GRDB

/// The outbox's tables, appended to the store's migrations (see `Schema`).
enum OutboxSchema {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v5 outbox") { db in
            // One row per queued Command. `due` is the one time the state turns on (the end of the
            // undo window, the scheduled time, the next retry, the end of a lease, the next check of
            // an unknown item), so one index answers "what can be done now" and "when to wake up".
            try db.execute(sql: """
                CREATE TABLE outbox_item (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    draftId INTEGER REFERENCES draft(id) ON DELETE SET NULL,
                    draftRevision INTEGER,
                    profile TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    target TEXT NOT NULL,
                    targetKey TEXT NOT NULL,
                    channel TEXT,
                    command TEXT NOT NULL,
                    idempotencyKey TEXT NOT NULL UNIQUE,
                    state TEXT NOT NULL,
                    due DATETIME,
                    owner TEXT,
                    detail TEXT,
                    postId TEXT,
                    url TEXT,
                    failures INTEGER NOT NULL DEFAULT 0,
                    lastError TEXT,
                    undoneBy INTEGER,
                    marker INTEGER,
                    createdAt DATETIME NOT NULL,
                    updatedAt DATETIME NOT NULL
                );
                CREATE INDEX outbox_by_state ON outbox_item(state, due);
                CREATE INDEX outbox_by_target ON outbox_item(profile, targetKey, state);

                CREATE TABLE outbox_attempt (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    itemId INTEGER NOT NULL REFERENCES outbox_item(id) ON DELETE CASCADE,
                    action TEXT NOT NULL,
                    owner TEXT NOT NULL,
                    startedAt DATETIME NOT NULL,
                    finishedAt DATETIME,
                    outcome TEXT,
                    evidence TEXT
                );
                CREATE INDEX outbox_attempt_by_item ON outbox_attempt(itemId, id);

                CREATE TABLE outbox_pace (
                    profile TEXT NOT NULL,
                    channel TEXT NOT NULL,
                    interval DOUBLE NOT NULL DEFAULT 0,
                    lastSentAt DATETIME,
                    notBefore DATETIME,
                    PRIMARY KEY (profile, channel)
                );
                """)
        }
    }

    /// Typed reasons: each retrying, failed or unknown item gets a stable code and the reason's
    /// values. Rows from before keep their words as a legacy reason (the Outbox layer reads a
    /// `legacy` code with no values as its words); a retry that waited for flood control says so,
    /// so that a run still shows it as one.
    static func registerTypedReasons(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v9 typed outbox") { db in
            try db.execute(sql: """
                ALTER TABLE outbox_item ADD COLUMN reasonCode TEXT;
                ALTER TABLE outbox_item ADD COLUMN reasonValues TEXT;
                UPDATE outbox_item SET reasonCode = 'legacy' WHERE state IN ('retrying', 'failed', 'unknown');
                UPDATE outbox_item SET reasonCode = 'flood',
                    reasonValues = json_object('flood', json_object('message', substr(lastError, 16)))
                WHERE state = 'retrying' AND lastError LIKE 'flood control: %';
                """)
        }
    }
}
