import Common
import Foundation
import GRDB

/// What one save carries into the store.
public struct DraftWrite: Equatable, Sendable {
    public var content: DraftContent
    /// The buffer as the user left it, when its front matter could not be read.
    public var raw: String?
    /// The front matter error that made `raw` necessary.
    public var problem: String?
    /// A remark for `drafts history` ("editor exited with status 1").
    public var note: String?
    /// A new base for an edit draft (`Draft.base`); nil keeps the one the draft has.
    public var base: String?

    public init(content: DraftContent, raw: String? = nil, problem: String? = nil, note: String? = nil, base: String? = nil) {
        self.content = content
        self.raw = raw
        self.problem = problem
        self.note = note
        self.base = base
    }
}

/// The result of saving into an existing draft.
public enum SaveResult: Equatable, Sendable {
    /// Nothing differed from the current revision, so no revision was made.
    case unchanged(Draft)
    /// A new revision; `concurrent` is true when another session saved after this one started.
    case saved(Draft, concurrent: Bool)

    public var draft: Draft {
        switch self {
        case let .unchanged(draft), let .saved(draft, _): draft
        }
    }
}

extension Store {
    // MARK: - Reading

    public func draft(_ id: Int64) throws -> Draft {
        try read { db in try Store.fetchDraft(id, db) }
    }

    /// The open draft for a target, if there is one (the most recently changed). A draft waiting
    /// in the outbox is not open: it was finished and queued, and a second `reply` to the same
    /// thread is a second reply (`waitingDraft(for:)` names it).
    public func openDraft(for content: DraftContent) throws -> Draft? {
        try latestDraft(for: content, waiting: false)
    }

    /// The draft for a target most recently changed that waits in the outbox still, if any.
    public func waitingDraft(for content: DraftContent) throws -> Draft? {
        try latestDraft(for: content, waiting: true)
    }

    private func latestDraft(for content: DraftContent, waiting: Bool) throws -> Draft? {
        try read { db in
            try Draft.fetchOne(db, sql: """
                SELECT * FROM draft d WHERE profile = ? AND targetKey = ? AND state = 'draft'
                AND \(waiting ? "" : "NOT ")EXISTS (SELECT 1 FROM outbox_item o WHERE o.draftId = d.id AND o.state IN (\(Self.waitingStates)))
                ORDER BY updatedAt DESC, id DESC LIMIT 1
                """, arguments: [content.profile, content.targetKey])
        }
    }

    /// The newest item of the draft that waits in the outbox still, and the revision it holds.
    public func waitingItem(ofDraft id: Int64) throws -> (item: Int64, revision: Int)? {
        try read { db in
            try Row.fetchOne(db, sql: """
                SELECT id, draftRevision FROM outbox_item WHERE draftId = ? AND state IN (\(Self.waitingStates))
                ORDER BY id DESC LIMIT 1
                """, arguments: [id]).map { ($0[0], $0[1] ?? 0) }
        }
    }

    /// The outbox states of an item that has not gone out yet, or may be going (as stored).
    static let waitingStates = "'pending', 'queued', 'held', 'sending', 'retrying', 'unknown', 'handed'"

    public func revisions(of id: Int64) throws -> [Revision] {
        try read { db in
            _ = try Store.fetchDraft(id, db)
            return try Revision.fetchAll(
                db, sql: "SELECT * FROM revision WHERE draftId = ? ORDER BY number", arguments: [id])
        }
    }

    public func revision(of id: Int64, number: Int) throws -> Revision {
        try read { db in try Store.fetchRevision(id, number, db) }
    }

    public func count(includeDeleted: Bool = false) throws -> Int {
        try read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM draft \(includeDeleted ? "" : "WHERE state = 'draft'")") ?? 0
        }
    }

    // MARK: - Changing (each in one transaction, each recorded in the history)

    /// Makes a new draft whose first revision is `write`.
    public func createDraft(_ write: DraftWrite, now: Date) throws -> Draft {
        try self.write { db in
            let draft = try Store.insertDraft(write, db, now: now)
            try Store.record(
                db, kind: .draftNew,
                summary: "create draft \(draft.id): \(write.content.kind.rawValue), \(write.content.target.describe(write.content.kind))",
                payload: LocalChange(drafts: [Store.creation(of: draft)]), now: now)
            return draft
        }
    }

    /// Makes several drafts at once: all of them, or (on any error) none.
    public func importDrafts(_ writes: [DraftWrite], now: Date) throws -> [Draft] {
        try write { db in
            let drafts = try writes.map { try Store.insertDraft($0, db, now: now) }
            if !drafts.isEmpty {
                try Store.record(
                    db, kind: .draftImport, summary: "import " + counted(drafts.count, "draft"),
                    payload: LocalChange(drafts: drafts.map(Store.creation(of:))), now: now)
            }
            return drafts
        }
    }

    /// Saves `write` as the next revision of draft `id`, unless it is identical to the current one.
    /// `basedOn` is the revision the user started from; a later one means another session saved.
    /// A deleted draft that receives text (a recovered buffer) is open again.
    public func saveRevision(
        of id: Int64, _ write: DraftWrite, basedOn: Int? = nil, now: Date, kind: HistoryKind = .draftEdit
    ) throws -> SaveResult {
        try self.write { db in
            var draft = try Store.fetchDraft(id, db)
            if draft.content == write.content, draft.raw == write.raw, draft.state == .open, write.base ?? draft.base == draft.base {
                return .unchanged(draft)
            }
            let before = DraftPointer(state: draft.state, revision: draft.revision)
            let concurrent = basedOn.map { $0 != draft.revision } ?? false
            let number = try Store.appendRevision(write, to: id, db, now: now)
            try Store.point(&draft, at: DraftPointer(state: .open, revision: number), db, now: now)
            try Store.record(
                db, kind: kind, summary: "\(kind.verb) draft \(id) (revision \(number))",
                payload: LocalChange(drafts: [DraftTransition(draft: id, before: before, after: Store.pointer(draft))]),
                now: now)
            return .saved(draft, concurrent: concurrent)
        }
    }

    /// Makes an old revision current again, as a new revision (so history only grows).
    public func restore(_ id: Int64, revision number: Int, now: Date) throws -> SaveResult {
        try write { db in
            var draft = try Store.fetchDraft(id, db)
            let old = try Store.fetchRevision(id, number, db)
            if draft.content == old.content, draft.raw == old.raw, draft.state == .open {
                return .unchanged(draft)
            }
            let before = Store.pointer(draft)
            // The old text goes with the base it was written against.
            let write = DraftWrite(content: old.content, raw: old.raw, problem: old.problem,
                                   note: "restored from revision \(number)", base: old.base)
            let newNumber = try Store.appendRevision(write, to: id, db, now: now)
            try Store.point(&draft, at: DraftPointer(state: .open, revision: newNumber), db, now: now)
            try Store.record(
                db, kind: .draftRestore, summary: "restore draft \(id) to revision \(number)",
                payload: LocalChange(drafts: [DraftTransition(draft: id, before: before, after: Store.pointer(draft))]),
                now: now)
            return .saved(draft, concurrent: false)
        }
    }

    /// Deletes a draft the undoable way: it stays in the store, marked deleted.
    public func deleteDraft(_ id: Int64, now: Date) throws -> Draft {
        try write { db in
            var draft = try Store.fetchDraft(id, db)
            guard draft.state != .deleted else { throw StoreError.notFound(what: "draft \(id) (it is already deleted)") }
            let before = Store.pointer(draft)
            try Store.point(&draft, at: DraftPointer(state: .deleted, revision: draft.revision), db, now: now)
            try Store.record(
                db, kind: .draftDelete, summary: "delete draft \(id)",
                payload: LocalChange(drafts: [DraftTransition(draft: id, before: before, after: Store.pointer(draft))]),
                now: now)
            return draft
        }
    }

    // MARK: - Inside a transaction

    static func fetchDraft(_ id: Int64, _ db: Database) throws -> Draft {
        let found: Draft?
        do {
            found = try Draft.fetchOne(db, key: id)
        } catch {
            // SQLite met the damage (or a column holds what no draft can): the row is there, unreadable.
            throw try damaged(draft: id, db, error: error)
        }
        guard let draft = found else {
            // Drafts are never removed (a deleted one is marked so), so an id the store has handed
            // out, or one its revisions name, is a row that a damaged page hides.
            if try draftShouldExist(id, db) { throw try damaged(draft: id, db, error: nil) }
            throw StoreError.notFound(what: "draft \(id)")
        }
        return draft
    }

    /// The draft; `StoreError.notFound` when the store never made it, `.damaged` when it did and
    /// its row cannot be read (for modules that read drafts inside their own transactions).
    public static func requireDraft(_ id: Int64, _ db: Database) throws -> Draft {
        try fetchDraft(id, db)
    }

    /// Whether the store once made draft `id`: its revisions name it, or its id is not above
    /// the last one handed out (AUTOINCREMENT keeps it in `sqlite_sequence`).
    static func draftShouldExist(_ id: Int64, _ db: Database) throws -> Bool {
        guard id > 0 else { return false }
        let named = (try? Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM revision WHERE draftId = ?)", arguments: [id])) ?? nil
        if named == true { return true }
        let last = (try? Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'draft'")) ?? nil
        return id <= (last ?? 0)
    }

    /// The error for a draft whose row cannot be read, with what SQLite's quick check finds.
    static func damaged(draft id: Int64, _ db: Database, error: (any Error)?) throws -> StoreError {
        let checked = (try? String.fetchAll(db, sql: "PRAGMA quick_check(3)")) ?? []
        var found = checked == ["ok"] || checked.isEmpty ? "" : checked.joined(separator: "; ")
        if found.isEmpty { found = error.map { "\($0)" } ?? "no row for it where the store keeps drafts" }
        let file = ((try? Row.fetchOne(db, sql: "PRAGMA database_list")) ?? nil).flatMap { $0["file"] as String? }
        return StoreError.damaged(what: "draft \(id)", path: file.flatMap { $0.isEmpty ? nil : $0 } ?? "the store's file", found: found)
    }

    /// Drafts the store once made whose rows cannot be read now, by id (`missive doctor`).
    static func unreadableDrafts(_ db: Database) throws -> [Int64] {
        var ids = Set((try? Int64.fetchAll(db, sql: "SELECT DISTINCT draftId FROM revision")) ?? [])
        if let last = (try? Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'draft'")) ?? nil, last > 0 {
            ids.formUnion(1...last)
        }
        return ids.sorted().filter { id in
            guard let draft = try? Draft.fetchOne(db, key: id) else { return true }
            return draft.id != id
        }
    }

    static func fetchRevision(_ id: Int64, _ number: Int, _ db: Database) throws -> Revision {
        guard let revision = try Revision.fetchOne(
            db, sql: "SELECT * FROM revision WHERE draftId = ? AND number = ?", arguments: [id, number])
        else {
            _ = try fetchDraft(id, db)
            throw StoreError.notFound(what: "revision \(number) of draft \(id)")
        }
        return revision
    }

    static func pointer(_ draft: Draft) -> DraftPointer {
        DraftPointer(state: draft.state, revision: draft.revision)
    }

    private static func creation(of draft: Draft) -> DraftTransition {
        DraftTransition(draft: draft.id, before: DraftPointer(state: .deleted, revision: 1), after: pointer(draft))
    }

    private static func insertDraft(_ write: DraftWrite, _ db: Database, now: Date) throws -> Draft {
        // The row needs an id before its first revision can point at it.
        try db.execute(sql: """
            INSERT INTO draft (kind, format, profile, targetKey, state, revision, createdAt, updatedAt)
            VALUES ('reply', 'markdown', '', '', 'draft', 1, ?, ?)
            """, arguments: [now, now])
        let id = db.lastInsertedRowID
        _ = try appendRevision(write, to: id, db, now: now)
        var draft = try fetchDraft(id, db)
        try point(&draft, at: DraftPointer(state: .open, revision: 1), db, now: now)
        return draft
    }

    static func appendRevision(_ write: DraftWrite, to id: Int64, _ db: Database, now: Date) throws -> Int {
        let last = try Int.fetchOne(db, sql: "SELECT max(number) FROM revision WHERE draftId = ?", arguments: [id]) ?? 0
        // A save that names no base keeps the draft's: the user's new text is still written
        // against the post as it was when the edit began.
        let base = try write.base ?? String.fetchOne(db, sql: "SELECT base FROM draft WHERE id = ?", arguments: [id])
        let revision = Revision(draftID: id, number: last + 1, content: write.content, raw: write.raw,
                                problem: write.problem, note: write.note, createdAt: now, base: base)
        try revision.insert(db)
        return revision.number
    }

    /// Makes the draft show revision `pointer.revision` in state `pointer.state`.
    static func point(_ draft: inout Draft, at pointer: DraftPointer, _ db: Database, now: Date) throws {
        let revision = try fetchRevision(draft.id, pointer.revision, db)
        draft.content = revision.content
        draft.raw = revision.raw
        draft.problem = revision.problem
        draft.base = revision.base
        draft.state = pointer.state
        draft.revision = pointer.revision
        draft.updatedAt = now
        try draft.update(db)
    }
}

// MARK: - Written by the outbox

extension Store {
    /// Marks the draft sent when it still shows the revision that was sent; returns whether it did.
    /// A draft edited after it was queued stays open, since its newer text was not sent.
    package static func markDraftSent(_ id: Int64, revision: Int, now: Date, _ db: Database) throws -> Bool {
        try db.cachedStatement(sql: "UPDATE draft SET state = ?, updatedAt = ? WHERE id = ? AND revision = ? AND state = ?")
            .execute(arguments: [DraftState.sent.rawValue, StoredTime.text(now), id, revision, DraftState.open.rawValue])
        return db.changesCount > 0
    }

    /// A revision the sender writes into a draft (an edit merged with the forum's newer text, or
    /// both sides of a conflict), made only while the draft still shows `revision`, the one the
    /// item was queued from: text the user saved since is never pushed aside. Not an entry of the
    /// undo history: `missive undo` after a send takes back what reached the forum, and the
    /// revision before stays one `missive drafts restore` away. Returns the new revision's number.
    package static func addDraftRevision(_ id: Int64, _ write: DraftWrite, ifShowing revision: Int, now: Date, _ db: Database) throws -> Int? {
        guard var draft = try Draft.fetchOne(db, key: id), draft.revision == revision, draft.state == .open else { return nil }
        let number = try appendRevision(write, to: id, db, now: now)
        try point(&draft, at: DraftPointer(state: .open, revision: number), db, now: now)
        return number
    }
}
