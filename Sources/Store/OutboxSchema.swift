import Foundation
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

    /// Reasons hold the forum adapter's own `Rejection` and `RetryReason` (issue 24): a refusal's
    /// values move under `rejected`, a wait's under `retryLater`, in items and in the outbox's
    /// history entries. Codes and words stay as they were.
    static func registerForumReasons(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v14 forum reasons") { db in
            let items = try Row.fetchAll(db, sql: "SELECT id, reasonValues FROM outbox_item WHERE reasonValues IS NOT NULL")
            for row in items {
                guard let carried = ForumReasonsV14.rewrite(row["reasonValues"], ForumReasonsV14.reason) else { continue }
                try db.execute(sql: "UPDATE outbox_item SET reasonValues = ? WHERE id = ?", arguments: [carried, row["id"]])
            }
            let entries = try Row.fetchAll(db, sql: "SELECT id, payload FROM command WHERE kind LIKE 'outbox.%'")
            for row in entries {
                guard let carried = ForumReasonsV14.rewrite(row["payload"], ForumReasonsV14.payload) else { continue }
                try db.execute(sql: "UPDATE command SET payload = ? WHERE id = ?", arguments: [carried, row["id"]])
            }
        }
    }
}

extension OutboxSchema {
    /// Handoffs to an always-on box (issue 33): an item handed to a remote keeps the remote's
    /// name (`via`), the id the laptop made for the handoff (`handoffId`, which the box queues at
    /// most once), the box's item id once the box answered (`remoteItem`), and what the box last
    /// said of it (`remoteState`, `remoteCheckedAt`; the words go to `detail`, which listings show).
    /// The document handed over waits in `outbox_handoff` until the box has answered for it, so
    /// that a handoff whose answer was lost is asked about again with the same id and content.
    static func registerHandoffs(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v16 handoffs") { db in
            try db.execute(sql: """
                ALTER TABLE outbox_item ADD COLUMN via TEXT;
                ALTER TABLE outbox_item ADD COLUMN handoffId TEXT;
                ALTER TABLE outbox_item ADD COLUMN remoteItem INTEGER;
                ALTER TABLE outbox_item ADD COLUMN remoteState TEXT;
                ALTER TABLE outbox_item ADD COLUMN remoteCheckedAt DATETIME;
                CREATE UNIQUE INDEX outbox_by_handoff ON outbox_item(handoffId) WHERE handoffId IS NOT NULL;
                CREATE INDEX outbox_by_via ON outbox_item(via, state) WHERE via IS NOT NULL;
                CREATE TABLE outbox_handoff (
                    itemId INTEGER PRIMARY KEY REFERENCES outbox_item(id) ON DELETE CASCADE,
                    document TEXT NOT NULL
                );
                """)
        }
    }
}

/// The rewrite of "v14 forum reasons", on the JSON that v9 to v13 wrote (`{"case": {values}}`,
/// an unlabelled value as `_0`). Written out here, not shared with the types, so that the
/// migration never changes.
enum ForumReasonsV14 {
    /// Refusals and waits whose names and values stay as they were, only moved.
    static let refusals: Set<String> = [
        "probation", "noPermission", "noSuchUser", "wrongPassword", "tooLong", "invalid", "doesNotExist", "platinumRequired",
        "archivesRequired", "forumError", "botCheck",
    ]
    static let waits: Set<String> = ["databaseError", "serverError", "unreachable", "unreadable"]

    static func reason(_ value: Any) -> Any {
        guard let object = value as? [String: Any], object.count == 1, let (name, values) = object.first,
              var fields = values as? [String: Any]
        else { return value }
        func moved(_ under: String, _ inner: String, _ fields: [String: Any]) -> Any { [under: ["_0": [inner: fields]]] }
        switch name {
        case "closed": return moved("rejected", "threadClosed", [:])
        case "sessionExpired": return moved("rejected", "notLoggedIn", [:])
        case "banned": return moved("rejected", "banned", fields["url"].map { ["reason": $0] } ?? [:])
        case "flood":
            // The seconds left (`wait`) were never read again; the forum's words and interval stay.
            var flood: [String: Any] = ["_0": fields["message"] ?? ""]
            flood["interval"] = fields["interval"]
            return moved("retryLater", "floodControl", flood)
        case _ where refusals.contains(name): return moved("rejected", name, fields)
        case _ where waits.contains(name): return moved("retryLater", name, fields)
        case "retryAfter", "notArrived", "gaveUp":
            for key in ["because", "after", "last"] { fields[key] = fields[key].map(reason) }
            return [name: fields]
        default: return value
        }
    }

    /// An outbox history entry: `{"steps": [{"item", "before", "after"}]}`, each side a state
    /// whose reason is under `because` or `reason` (words, in entries from before v9).
    static func payload(_ value: Any) -> Any {
        guard var object = value as? [String: Any], let steps = object["steps"] as? [[String: Any]] else { return value }
        object["steps"] = steps.map { step in
            var step = step
            for side in ["before", "after"] { step[side] = step[side].map(state) }
            return step
        }
        return object
    }

    static func state(_ value: Any) -> Any {
        guard let object = value as? [String: Any], object.count == 1, let (name, values) = object.first,
              var fields = values as? [String: Any]
        else { return value }
        for key in ["because", "reason"] { fields[key] = fields[key].map(reason) }
        return [name: fields]
    }

    /// The text rewritten, or nil when nothing in it changes (or it is not JSON).
    static func rewrite(_ text: String, _ transform: (Any) -> Any) -> String? {
        guard let value = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed),
              let before = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed]),
              let after = try? JSONSerialization.data(withJSONObject: transform(value), options: [.sortedKeys, .fragmentsAllowed]),
              before != after
        else { return nil }
        return String(decoding: after, as: UTF8.self)
    }
}

