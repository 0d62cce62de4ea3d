import Foundation
import GRDB

/// Where a draft stands, as far as undo is concerned: its state and the revision it shows.
public struct DraftPointer: Codable, Equatable, Sendable {
    public var state: DraftState
    public var revision: Int
}

/// One draft moving between two pointers; undo moves it back.
public struct DraftTransition: Codable, Equatable, Sendable {
    public var draft: Int64
    public var before: DraftPointer
    public var after: DraftPointer
}

/// One template going from `before` to `after`; nil means it did not exist.
public struct TemplateTransition: Codable, Equatable, Sendable {
    public var name: String
    public var before: Template?
    public var after: Template?
}

/// The payload of every local command: what changed in drafts and templates.
public struct LocalChange: Codable, Equatable, Sendable {
    public var drafts: [DraftTransition] = []
    public var templates: [TemplateTransition] = []
}

/// Undoes and redoes local changes. Each step checks that the thing is still as the command left it,
/// so that undo never silently overwrites a later change.
struct LocalChangeHandler: UndoHandler {
    var undoes: HistoryKind.Undoer { .localChange }

    func undo(_ entry: HistoryEntry, in db: Database, now: Date) throws -> String {
        let change = try decode(entry)
        for step in change.templates.reversed() {
            try move(template: step.name, from: step.after, to: step.before, db)
        }
        for step in change.drafts.reversed() {
            try move(draft: step.draft, from: step.after, to: step.before, db, now: now)
        }
        return "undid: \(entry.summary)"
    }

    func redo(_ entry: HistoryEntry, in db: Database, now: Date) throws -> String {
        let change = try decode(entry)
        for step in change.drafts {
            try move(draft: step.draft, from: step.before, to: step.after, db, now: now)
        }
        for step in change.templates {
            try move(template: step.name, from: step.before, to: step.after, db)
        }
        return "redid: \(entry.summary)"
    }

    private func decode(_ entry: HistoryEntry) throws -> LocalChange {
        do {
            return try JSONDecoder().decode(LocalChange.self, from: Data(entry.payload.utf8))
        } catch {
            throw StoreError.invalid("history entry \(entry.id) cannot be read: \(error)")
        }
    }

    private func move(draft id: Int64, from expected: DraftPointer, to target: DraftPointer, _ db: Database, now: Date) throws {
        guard var draft = try Draft.fetchOne(db, key: id) else {
            throw StoreError.notFound(what: "draft \(id)")
        }
        guard draft.state == expected.state, draft.revision == expected.revision else {
            throw StoreError.invalid(
                "draft \(id) has changed since (it is \(draft.state.rawValue) at revision \(draft.revision)); "
                    + "nothing was changed: use `missive drafts restore \(id) REV` instead")
        }
        try Store.point(&draft, at: target, db, now: now)
    }

    private func move(template name: String, from expected: Template?, to target: Template?, _ db: Database) throws {
        let current = try Template.fetchOne(db, key: name)
        guard current == expected else {
            throw StoreError.invalid("template '\(name)' has changed since; nothing was changed")
        }
        if let target { try target.save(db) } else { try Template.deleteOne(db, key: name) }
    }
}
