import Foundation
import GRDB

/// One state change in the persistent history that `missive undo`, `redo` and `history` work on.
/// `kind` names the change, `payload` is JSON holding what undo and redo need.
public struct HistoryEntry: Equatable, Sendable, Decodable {
    public enum State: String, Sendable, Codable, DatabaseValueConvertible { case done, undone }

    public var id: Int64
    /// Nil when a newer Missive recorded a kind this one does not know: such an entry is listed
    /// (by `storedKind`) but never undone or redone, since its payload means nothing here.
    public var kind: HistoryKind?
    /// The kind exactly as stored, for people to read (`history --json`, errors); decisions go by `kind`.
    public var storedKind: String
    public var summary: String
    public var payload: String
    public var state: State
    public var createdAt: Date

    private enum CodingKeys: String, CodingKey { case id, kind, summary, payload, state, createdAt }

    public init(from decoder: any Decoder) throws {
        let row = try decoder.container(keyedBy: CodingKeys.self)
        id = try row.decode(Int64.self, forKey: .id)
        storedKind = try row.decode(String.self, forKey: .kind)
        kind = HistoryKind(rawValue: storedKind)
        summary = try row.decode(String.self, forKey: .summary)
        payload = try row.decode(String.self, forKey: .payload)
        state = try row.decode(State.self, forKey: .state)
        createdAt = try row.decode(Date.self, forKey: .createdAt)
    }
}

/// Takes back (or redoes) the history entries whose kind it is the `undoer` of, inside the store's
/// write transaction. Each layer that records commands supplies one; the store's own handles drafts
/// and templates.
public protocol UndoHandler: Sendable {
    var undoes: HistoryKind.Undoer { get }
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
        _ db: Database, kind: HistoryKind, summary: String, payload: some Encodable, now: Date
    ) throws {
        let json = String(decoding: try JSONEncoder().encode(payload), as: UTF8.self)
        try db.execute(sql: "DELETE FROM command WHERE state = ?", arguments: [HistoryEntry.State.undone])
        try db.execute(
            sql: "INSERT INTO command (kind, summary, payload, state, createdAt) VALUES (?, ?, ?, ?, ?)",
            arguments: [kind, summary, json, HistoryEntry.State.done, now])
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
                db, sql: "SELECT * FROM command WHERE state = ? ORDER BY id DESC LIMIT 1", arguments: [HistoryEntry.State.done])
            else { throw StoreError.invalid("nothing to undo") }
            let message = try Store.handler(for: entry, among: handlers).undo(entry, in: db, now: now)
            try db.execute(sql: "UPDATE command SET state = ? WHERE id = ?", arguments: [HistoryEntry.State.undone, entry.id])
            return (entry, message)
        }
    }

    /// Does again the change most recently undone.
    public func redo(handlers: [any UndoHandler] = [], now: Date) throws -> (entry: HistoryEntry, message: String) {
        try write { db in
            guard let entry = try HistoryEntry.fetchOne(
                db, sql: "SELECT * FROM command WHERE state = ? ORDER BY id ASC LIMIT 1", arguments: [HistoryEntry.State.undone])
            else { throw StoreError.invalid("nothing to redo") }
            let message = try Store.handler(for: entry, among: handlers).redo(entry, in: db, now: now)
            try db.execute(sql: "UPDATE command SET state = ? WHERE id = ?", arguments: [HistoryEntry.State.done, entry.id])
            return (entry, message)
        }
    }

    private static func handler(for entry: HistoryEntry, among handlers: [any UndoHandler]) throws -> any UndoHandler {
        guard let kind = entry.kind else {
            throw StoreError.invalid(
                "'\(entry.summary)' (\(entry.storedKind)) was recorded by a newer version of Missive and cannot be undone by this one")
        }
        guard let handler = (handlers + [LocalChangeHandler()]).first(where: { $0.undoes == kind.undoer }) else {
            throw StoreError.invalid("'\(entry.summary)' (\(kind.rawValue)) cannot be undone here: nothing that takes back \(kind.undoer) entries was given")
        }
        return handler
    }
}
