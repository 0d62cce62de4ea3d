import Foundation
import GRDB

/// One state change in the persistent history that `missive undo`, `redo` and `history` work on.
/// `kind` names the change ("draft.edit", "template.rm"; the outbox adds its own), `payload` is
/// JSON holding what undo and redo need.
public struct HistoryEntry: Equatable, Sendable, Codable {
    public enum State: String, Sendable, Codable { case done, undone }

    public var id: Int64
    public var kind: String
    public var summary: String
    public var payload: String
    public var state: State
    public var createdAt: Date
}

/// Takes back (or redoes) the history entries of some kinds, inside the store's write transaction.
/// Each layer that records commands supplies one; the store's own handles drafts and templates.
public protocol UndoHandler: Sendable {
    func handles(kind: String) -> Bool
    /// Reverses the entry and returns one line for the user; throws when it cannot be undone,
    /// with a message that says so plainly and what to do instead.
    func undo(_ entry: HistoryEntry, in db: Database, now: Date) throws -> String
    func redo(_ entry: HistoryEntry, in db: Database, now: Date) throws -> String
}

extension HistoryEntry: FetchableRecord, TableRecord {
    public static let databaseTableName = "command"
}

extension Store {
    /// How many entries the history keeps; older ones can no longer be undone.
    public static let historyLimit = 200

    /// Records a change inside the caller's transaction. A new change drops whatever could be
    /// redone, as in every editor's undo.
    public static func record(
        _ db: Database, kind: String, summary: String, payload: some Encodable, now: Date
    ) throws {
        let json = String(decoding: try JSONEncoder().encode(payload), as: UTF8.self)
        try db.execute(sql: "DELETE FROM command WHERE state = 'undone'")
        try db.execute(
            sql: "INSERT INTO command (kind, summary, payload, state, createdAt) VALUES (?, ?, ?, 'done', ?)",
            arguments: [kind, summary, json, now])
        try db.execute(
            sql: "DELETE FROM command WHERE id <= (SELECT id FROM command ORDER BY id DESC LIMIT 1 OFFSET ?)",
            arguments: [historyLimit])
    }

    /// The most recent entries first.
    public func history(limit: Int = historyLimit) throws -> [HistoryEntry] {
        try read { db in
            try HistoryEntry.fetchAll(db, sql: "SELECT * FROM command ORDER BY id DESC LIMIT ?", arguments: [limit])
        }
    }

    /// Takes back the most recent change that is still done.
    public func undo(handlers: [any UndoHandler] = [], now: Date) throws -> (entry: HistoryEntry, message: String) {
        try write { db in
            guard let entry = try HistoryEntry.fetchOne(
                db, sql: "SELECT * FROM command WHERE state = 'done' ORDER BY id DESC LIMIT 1")
            else { throw StoreError.invalid("nothing to undo") }
            let message = try Store.handler(for: entry, among: handlers).undo(entry, in: db, now: now)
            try db.execute(sql: "UPDATE command SET state = 'undone' WHERE id = ?", arguments: [entry.id])
            return (entry, message)
        }
    }

    /// Does again the change most recently undone.
    public func redo(handlers: [any UndoHandler] = [], now: Date) throws -> (entry: HistoryEntry, message: String) {
        try write { db in
            guard let entry = try HistoryEntry.fetchOne(
                db, sql: "SELECT * FROM command WHERE state = 'undone' ORDER BY id ASC LIMIT 1")
            else { throw StoreError.invalid("nothing to redo") }
            let message = try Store.handler(for: entry, among: handlers).redo(entry, in: db, now: now)
            try db.execute(sql: "UPDATE command SET state = 'done' WHERE id = ?", arguments: [entry.id])
            return (entry, message)
        }
    }

    private static func handler(for entry: HistoryEntry, among handlers: [any UndoHandler]) throws -> any UndoHandler {
        guard let handler = (handlers + [LocalChangeHandler()]).first(where: { $0.handles(kind: entry.kind) }) else {
            throw StoreError.invalid("'\(entry.summary)' (\(entry.kind)) cannot be undone by this version of Missive")
        }
        return handler
    }
}
