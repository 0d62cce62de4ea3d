import GRDB

/// The store's schema, one migration per change. Never edit a migration that has shipped:
/// add a new one, so that every store can be carried forward step by step.
enum Schema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()

        migrator.registerMigration("v1 drafts and revisions") { db in
            // AUTOINCREMENT: an id people have typed is never handed to another draft.
            try db.execute(sql: """
                CREATE TABLE draft (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    kind TEXT NOT NULL,
                    thread INTEGER, post INTEGER, forum INTEGER, icon INTEGER,
                    recipient TEXT, replyTo INTEGER, forwardOf INTEGER,
                    subject TEXT NOT NULL DEFAULT '',
                    body TEXT NOT NULL DEFAULT '',
                    format TEXT NOT NULL,
                    profile TEXT NOT NULL,
                    targetKey TEXT NOT NULL,
                    state TEXT NOT NULL,
                    revision INTEGER NOT NULL,
                    raw TEXT,
                    problem TEXT,
                    createdAt DATETIME NOT NULL,
                    updatedAt DATETIME NOT NULL
                );
                CREATE INDEX draft_by_target ON draft(profile, targetKey, state);
                CREATE INDEX draft_by_update ON draft(state, updatedAt);

                CREATE TABLE revision (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    draftId INTEGER NOT NULL REFERENCES draft(id) ON DELETE CASCADE,
                    number INTEGER NOT NULL,
                    kind TEXT NOT NULL,
                    thread INTEGER, post INTEGER, forum INTEGER, icon INTEGER,
                    recipient TEXT, replyTo INTEGER, forwardOf INTEGER,
                    subject TEXT NOT NULL DEFAULT '',
                    body TEXT NOT NULL DEFAULT '',
                    format TEXT NOT NULL,
                    profile TEXT NOT NULL,
                    raw TEXT,
                    problem TEXT,
                    note TEXT,
                    createdAt DATETIME NOT NULL,
                    UNIQUE (draftId, number)
                );
                """)
        }

        migrator.registerMigration("v2 draft search") { db in
            // The index holds open drafts only (its own copy of subject and body, for snippets), so a
            // search ranks in the index alone and never reads a draft row to skip a deleted one.
            try db.execute(sql: """
                CREATE VIRTUAL TABLE draft_fts USING fts5(subject, body, tokenize = 'unicode61');
                CREATE TRIGGER draft_fts_insert AFTER INSERT ON draft WHEN new.state = 'draft' BEGIN
                    INSERT INTO draft_fts (rowid, subject, body) VALUES (new.id, new.subject, new.body);
                END;
                CREATE TRIGGER draft_fts_delete AFTER DELETE ON draft BEGIN
                    DELETE FROM draft_fts WHERE rowid = old.id;
                END;
                CREATE TRIGGER draft_fts_update AFTER UPDATE OF subject, body, state ON draft BEGIN
                    DELETE FROM draft_fts WHERE rowid = old.id;
                    INSERT INTO draft_fts (rowid, subject, body)
                        SELECT new.id, new.subject, new.body WHERE new.state = 'draft';
                END;
                """)
        }

        migrator.registerMigration("v3 templates") { db in
            try db.execute(sql: """
                CREATE TABLE template (
                    name TEXT PRIMARY KEY NOT NULL,
                    parent TEXT,
                    summary TEXT NOT NULL DEFAULT '',
                    fields TEXT NOT NULL DEFAULT '{}',
                    body TEXT NOT NULL DEFAULT ''
                );
                """)
        }

        migrator.registerMigration("v4 command history") { db in
            // One row per state change; `payload` is JSON holding what undo and redo need.
            try db.execute(sql: """
                CREATE TABLE command (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    kind TEXT NOT NULL,
                    summary TEXT NOT NULL,
                    payload TEXT NOT NULL,
                    state TEXT NOT NULL,
                    createdAt DATETIME NOT NULL
                );
                """)
        }
        OutboxSchema.register(in: &migrator)

        migrator.registerMigration("v6 draft listing") { db in
            // `drafts list` reads one index alone: each column a row of the list shows is in it,
            // the start of the body and the number of revisions included. Triggers keep those two
            // right for every writer (saves, undo, the outbox). Written out here, not shared with
            // the queries, so that this migration never changes.
            let preview = { (body: String) in "replace(replace(substr(\(body), 1, 80), char(13), ''), char(10), ' ')" }
            try db.execute(sql: """
                ALTER TABLE draft ADD COLUMN preview TEXT NOT NULL DEFAULT '';
                ALTER TABLE draft ADD COLUMN flagged BOOLEAN NOT NULL DEFAULT 0;
                ALTER TABLE draft ADD COLUMN revisionCount INTEGER NOT NULL DEFAULT 0;
                UPDATE draft SET preview = \(preview("body")), flagged = raw IS NOT NULL,
                                 revisionCount = (SELECT count(*) FROM revision WHERE draftId = draft.id);

                CREATE TRIGGER draft_listing_insert AFTER INSERT ON draft BEGIN
                    UPDATE draft SET preview = \(preview("new.body")), flagged = new.raw IS NOT NULL WHERE id = new.id;
                END;
                CREATE TRIGGER draft_listing_update AFTER UPDATE OF body, raw ON draft BEGIN
                    UPDATE draft SET preview = \(preview("new.body")), flagged = new.raw IS NOT NULL WHERE id = new.id;
                END;
                CREATE TRIGGER revision_count_insert AFTER INSERT ON revision BEGIN
                    UPDATE draft SET revisionCount = revisionCount + 1 WHERE id = new.draftId;
                END;
                CREATE TRIGGER revision_count_delete AFTER DELETE ON revision BEGIN
                    UPDATE draft SET revisionCount = revisionCount - 1 WHERE id = old.draftId;
                END;

                CREATE INDEX draft_listing ON draft(
                    state, updatedAt, id, kind, thread, post, forum, icon, recipient, replyTo, forwardOf,
                    subject, profile, flagged, revisionCount, preview);
                """)
        }

        migrator.registerMigration("v7 search sent drafts") { db in
            // Sent and deleted drafts stay in the index, so `drafts search --all` finds what was
            // posted. The index no longer follows a draft's state, so sending or deleting a draft
            // does not touch it; a search keeps open drafts through `draft_by_update` (state,
            // updatedAt, id), narrow enough to read whole in a millisecond.
            try db.execute(sql: """
                DROP TRIGGER draft_fts_insert;
                DROP TRIGGER draft_fts_update;
                DELETE FROM draft_fts;
                INSERT INTO draft_fts (rowid, subject, body) SELECT id, subject, body FROM draft;
                CREATE TRIGGER draft_fts_insert AFTER INSERT ON draft BEGIN
                    INSERT INTO draft_fts (rowid, subject, body) VALUES (new.id, new.subject, new.body);
                END;
                CREATE TRIGGER draft_fts_update AFTER UPDATE OF subject, body ON draft BEGIN
                    DELETE FROM draft_fts WHERE rowid = old.id;
                    INSERT INTO draft_fts (rowid, subject, body) VALUES (new.id, new.subject, new.body);
                END;
                """)
        }

        migrator.registerMigration("v8 thread tag") { db in
            // A new thread's second tag, as the draft names it; older drafts have none (NULL).
            try db.execute(sql: """
                ALTER TABLE draft ADD COLUMN tag TEXT;
                ALTER TABLE revision ADD COLUMN tag TEXT;
                """)
        }
        OutboxSchema.registerTypedReasons(in: &migrator)
        ImageSchema.register(in: &migrator)
        OutboxImageSchema.register(in: &migrator)

        migrator.registerMigration("v13 edit base") { db in
            // An edit draft's base: the post's BBCode as the forum had it when the edit began, the
            // common ancestor of the three-way merge made when it is sent (issue 22). Each revision
            // keeps the base it was written against, so that undo and restore, which move the draft
            // between revisions, move the base with the text; the draft row holds its current one.
            try db.execute(sql: """
                ALTER TABLE draft ADD COLUMN base TEXT;
                ALTER TABLE revision ADD COLUMN base TEXT;
                """)
            // Edit drafts made before: their first revision is the post as it was on the forum
            // (a BBCode draft holds it as is; a Markdown one in a ```bbcode fence, taken out here).
            // A draft whose first revision is not that has no base and is sent as before, unmerged.
            let firsts = try Row.fetchAll(db, sql: """
                SELECT draftId, body, format FROM revision
                WHERE number = 1 AND kind = 'edit' AND note = 'the post as it was on the forum'
                """)
            for row in firsts {
                let body: String = row["body"], format: String = row["format"]
                guard let base = format == "bbcode" ? body : Self.unfenced(body) else { continue }
                try db.execute(sql: "UPDATE revision SET base = ? WHERE draftId = ?", arguments: [base, row["draftId"]])
                try db.execute(sql: "UPDATE draft SET base = ? WHERE id = ?", arguments: [base, row["draftId"]])
            }
        }
        OutboxSchema.registerForumReasons(in: &migrator)
        Store.registerNotified(in: &migrator)
        OutboxSchema.registerHandoffs(in: &migrator)
        return migrator
    }

    /// The BBCode inside a Markdown draft that is one ```bbcode fence and nothing else, as
    /// `edit-post --format markdown` writes it; nil for anything else. Written out here, not shared,
    /// so that the migration never changes.
    private static func unfenced(_ body: String) -> String? {
        var lines = body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while lines.last?.isEmpty == true { lines.removeLast() }
        guard lines.count >= 2, let opening = lines.first, let closing = lines.last, opening.hasPrefix("```"),
              opening.drop(while: { $0 == "`" }) == "bbcode", closing == String(repeating: "`", count: opening.count - "bbcode".count)
        else { return nil }
        return lines.dropFirst().dropLast().joined(separator: "\n")
    }
}
