import Foundation
import GRDB

/// Where a draft is in its life. The outbox adds its own states later (queued, sent).
public enum DraftState: String, CaseIterable, Codable, Sendable {
    /// Being written: at most one per target unless the user asked for another.
    case open = "draft"
    /// Removed by `drafts rm` (or a creation that was undone); kept so that undo can bring it back.
    case deleted
    /// Delivered by the outbox (only on proof from the forum); text and revisions are kept.
    case sent
}

/// A draft as stored: its current content (a copy of its current revision) and where it stands.
public struct Draft: Equatable, Sendable, Identifiable {
    /// The short number people type: `missive drafts show 12`.
    public var id: Int64
    public var content: DraftContent
    public var state: DraftState
    /// The number of the revision the draft currently shows.
    public var revision: Int
    /// The buffer exactly as the user left it, when its front matter could not be read.
    public var raw: String?
    /// Why `raw` is set: the front matter error to show when the draft is opened again.
    public var problem: String?
    public var createdAt: Date
    public var updatedAt: Date
    /// An edit draft's base: the post's BBCode as the forum had it when the edit began (or when
    /// a conflict was last met), what the send merges against. nil for the other kinds.
    public var base: String? = nil
}

/// One save of a draft. Revisions are never changed; undo and restore move the draft between them.
public struct Revision: Equatable, Sendable {
    public var draftID: Int64
    public var number: Int
    public var content: DraftContent
    public var raw: String?
    public var problem: String?
    /// Shown in `drafts history`: "editor exited with status 1", "restored from revision 2".
    public var note: String?
    public var createdAt: Date
    /// The base this revision was written against (`Draft.base`).
    public var base: String? = nil
}

/// One line of `drafts list` or `drafts search`.
public struct DraftSummary: Equatable, Sendable {
    public var id: Int64
    public var kind: DraftKind
    public var target: DraftTarget
    public var subject: String
    public var profile: String
    public var state: DraftState
    public var updatedAt: Date
    /// The start of the body, or for a search the matching words in context.
    public var excerpt: String
    public var flagged: Bool
    public var revisions: Int
}

// MARK: - Records

// GRDB reads a draft or revision row into these types by their Codable keys: a nested value that is
// no column (`content`, then its `target`) is read from the same row, so the tables keep their flat
// columns. Writing has no such rule (GRDB would store a nested value as JSON), so `encode(to:)`
// flattens the content itself.

extension DraftContent {
    private enum Columns: String, CodingKey { case kind, subject, body, format, profile }

    /// The content's fields as columns of the row being written (its JSON form, in editor
    /// buffers, keeps the target nested).
    func encodeColumns(to encoder: any Encoder) throws {
        try target.encode(to: encoder)
        var row = encoder.container(keyedBy: Columns.self)
        try row.encode(kind, forKey: .kind)
        try row.encode(subject, forKey: .subject)
        try row.encode(body, forKey: .body)
        try row.encode(format, forKey: .format)
        try row.encode(profile, forKey: .profile)
    }
}

extension Draft: Codable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "draft"

    private enum CodingKeys: String, CodingKey {
        case id, content, state, revision, raw, problem, createdAt, updatedAt, base
    }

    /// Kept beside the content for "one open draft per target" lookups; never read back.
    private enum DerivedColumns: String, CodingKey { case targetKey }

    public func encode(to encoder: any Encoder) throws {
        try content.encodeColumns(to: encoder)
        var row = encoder.container(keyedBy: CodingKeys.self)
        try row.encode(id, forKey: .id)
        var derived = encoder.container(keyedBy: DerivedColumns.self)
        try derived.encode(content.targetKey, forKey: .targetKey)
        try row.encode(state, forKey: .state)
        try row.encode(revision, forKey: .revision)
        try row.encodeIfPresent(raw, forKey: .raw)
        try row.encodeIfPresent(problem, forKey: .problem)
        try row.encode(createdAt, forKey: .createdAt)
        try row.encode(updatedAt, forKey: .updatedAt)
        try row.encode(base, forKey: .base)
    }
}

extension Revision: Codable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "revision"

    private enum CodingKeys: String, CodingKey {
        case draftID = "draftId", number, content, raw, problem, note, createdAt, base
    }

    public func encode(to encoder: any Encoder) throws {
        try content.encodeColumns(to: encoder)
        var row = encoder.container(keyedBy: CodingKeys.self)
        try row.encode(draftID, forKey: .draftID)
        try row.encode(number, forKey: .number)
        try row.encodeIfPresent(raw, forKey: .raw)
        try row.encodeIfPresent(problem, forKey: .problem)
        try row.encodeIfPresent(note, forKey: .note)
        try row.encode(createdAt, forKey: .createdAt)
        try row.encode(base, forKey: .base)
    }
}

extension StoreError {
    /// A column holding what its record's type cannot be (a draft state this Missive does not
    /// know), named with the column: "state: Cannot initialize DraftState from invalid String value lost".
    static func unreadableRecord(_ error: DecodingError) -> StoreError {
        let detail = switch error {
        case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context),
             .valueNotFound(_, let context):
            (context.codingPath.last.map { "\($0.stringValue): " } ?? "") + context.debugDescription
        @unknown default: String(describing: error)
        }
        return .invalid("the store holds a value this Missive cannot read (\(detail))")
    }
}
