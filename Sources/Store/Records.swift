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

// MARK: - Rows

extension DraftContent {
    static let columns = ["kind", "thread", "post", "forum", "icon", "recipient", "replyTo", "forwardOf", "tag",
                          "subject", "body", "format", "profile"]

    init(row: Row) throws {
        guard let kind = DraftKind(rawValue: row["kind"]) else {
            throw StoreError.invalid("unknown draft kind '\(row["kind"] as String? ?? "")' in the store")
        }
        guard let format = DraftFormat(rawValue: row["format"]) else {
            throw StoreError.invalid("unknown draft format '\(row["format"] as String? ?? "")' in the store")
        }
        self.init(
            kind: kind,
            target: DraftTarget(
                thread: row["thread"], post: row["post"], forum: row["forum"], icon: row["icon"],
                recipient: row["recipient"], replyTo: row["replyTo"], forwardOf: row["forwardOf"], tag: row["tag"]),
            subject: row["subject"], body: row["body"], format: format, profile: row["profile"])
    }

    func encode(to container: inout PersistenceContainer) {
        container["kind"] = kind.rawValue
        container["thread"] = target.thread
        container["post"] = target.post
        container["forum"] = target.forum
        container["icon"] = target.icon
        container["recipient"] = target.recipient
        container["replyTo"] = target.replyTo
        container["forwardOf"] = target.forwardOf
        container["tag"] = target.tag
        container["subject"] = subject
        container["body"] = body
        container["format"] = format.rawValue
        container["profile"] = profile
    }
}

extension Draft: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "draft"

    public init(row: Row) throws {
        guard let state = DraftState(rawValue: row["state"]) else {
            throw StoreError.invalid("unknown draft state '\(row["state"] as String? ?? "")' in the store")
        }
        self.init(
            id: row["id"], content: try DraftContent(row: row), state: state, revision: row["revision"],
            raw: row["raw"], problem: row["problem"], createdAt: row["createdAt"], updatedAt: row["updatedAt"])
    }

    public func encode(to container: inout PersistenceContainer) {
        container["id"] = id
        content.encode(to: &container)
        container["targetKey"] = content.targetKey
        container["state"] = state.rawValue
        container["revision"] = revision
        container["raw"] = raw
        container["problem"] = problem
        container["createdAt"] = createdAt
        container["updatedAt"] = updatedAt
    }
}

extension Revision: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "revision"

    public init(row: Row) throws {
        self.init(
            draftID: row["draftId"], number: row["number"], content: try DraftContent(row: row),
            raw: row["raw"], problem: row["problem"], note: row["note"], createdAt: row["createdAt"])
    }

    public func encode(to container: inout PersistenceContainer) {
        container["draftId"] = draftID
        container["number"] = number
        content.encode(to: &container)
        container["raw"] = raw
        container["problem"] = problem
        container["note"] = note
        container["createdAt"] = createdAt
    }
}
