import Common
import Foundation
import GRDB
import Markup
import Store

/// What `beginHandoff` found to do.
public enum HandoffStart: Sendable, Equatable {
    /// A new handed item, not yet confirmed by the box, and the document to hand over.
    case fresh(OutboxItem, document: String)
    /// This revision's handoff was begun before and its answer never came: it is asked about
    /// again, with the same id and the same document, so the box queues it at most once.
    case unsettled(OutboxItem, document: String)
}

/// The laptop's side of a handoff to an always-on box (`missive queue DRAFT --via NAME`). The
/// intent is written before ssh runs (an item `handed(to:, remoteItem: nil)` with its handoff id
/// and the document), so that whatever happens next (the box never reached, the box stored it
/// and the answer was lost, this process killed before it recorded the answer) is settled by
/// asking the box about that id, never by handing it over under a new one.
extension Outbox {
    /// Records the intent to hand draft `id` to `remote`. `document(draft, handoffID)` makes the
    /// text that goes to the box (it reads the draft's images, the files themselves). The draft's
    /// current revision goes at most once, unless `again`: a revision whose handoff was never
    /// answered is handed again under its first id (`.unsettled`).
    public func beginHandoff(
        draft id: Int64, to remote: String, dialect: Dialect, again: Bool, now: Date,
        document: (Draft, String) throws -> String
    ) throws -> HandoffStart {
        try store.outbox { tx in
            let draft = try tx.requireDraft(id)
            let key = "draft/\(id)/\(draft.revision)"
            var itemKey = key
            let handoffID = UUID().uuidString.lowercased()
            if let existing = try tx.item(idempotencyKey: key) {
                let item = try OutboxItem(row: existing)
                switch item.state {
                case .handed(_, nil) where !again:
                    guard let text = try tx.handoffDocument(of: item.id) else {
                        throw OutboxError.corruptItem(item.id, "its handoff was never answered and the document to hand over is gone")
                    }
                    return .unsettled(item, document: text)
                case let .handed(to, remoteItem?) where !again:
                    throw OutboxError.alreadyHanded(draft: id, revision: draft.revision, item: item.id, remote: to, remoteItem: remoteItem)
                case let .sent(postID, url) where !again:
                    throw OutboxError.alreadySent(draft: id, revision: draft.revision, item: item.id,
                                                  where: url ?? postID.map { "post \($0)" } ?? "delivered")
                case .cancelled, .failed, .handed, .sent: break
                default:
                    if !again { throw OutboxError.alreadyQueued(draft: id, revision: draft.revision, item: item.id, state: item.state.name) }
                }
                // A handoff of its own: the revision's key is taken by the item before it.
                itemKey = "\(key)/handoff/\(handoffID)"
            }
            // Converted here for what this machine shows of it (kind, target); the box converts
            // the draft again with its own profile's dialect, images and all.
            var item = OutboxItem(
                command: try ForumCommand.make(from: draft, dialect: dialect, softBreaks: softBreaks),
                state: .handed(to: remote, remoteItem: nil), profile: draft.content.profile, draftID: id,
                draftRevision: draft.revision, idempotencyKey: itemKey,
                handoff: Handoff(id: handoffID, words: "being handed to \(remote)"), createdAt: now, updatedAt: now)
            item.id = try tx.insert(item.row).id
            _ = try Self.replaceEarlier(than: item, handingOver: true, in: tx, now: now)
            let text = try document(draft, handoffID)
            try tx.saveHandoffDocument(text, item: item.id)
            return .fresh(item, document: text)
        }
    }

    /// The box answered: it holds the handoff as its item `remoteItem`. The document is no
    /// longer needed; the step goes into the history (`missive undo` cancels it on the box).
    public func confirmHandoff(item id: Int64, remoteItem: Int64, remoteState: RemoteState, words: String, now: Date) throws -> OutboxItem {
        try store.outbox { tx in
            var item = try tx.outboxItem(id)
            let before = item.state
            try item.apply(.handedAs(remoteItem: remoteItem), now: now)
            item.handoff?.remoteState = remoteState
            item.handoff?.words = words
            item.handoff?.checkedAt = now
            try tx.save(item)
            try tx.deleteHandoffDocument(of: id)
            if case .handed(_, nil) = before {
                let remote = item.state.handedTo ?? "its box"
                try OutboxHistory.record(.outboxHandoff, summary: "hand \(item.title) to \(remote) (item \(remoteItem) there)",
                                         steps: [OutboxHistory.Step(item: id, before: nil, after: item.state)], in: tx, now: now)
            }
            return item
        }
    }

    /// The box surely never stored the handoff (ssh could not reach it, or refused to run
    /// anything there; the box's Missive was missing or refused the document): the item goes, so
    /// that nothing here says otherwise. An item the box answered for is never forgotten.
    public func forgetHandoff(item id: Int64) throws {
        try store.outbox { tx in
            let item = try tx.outboxItem(id)
            guard case .handed(_, nil) = item.state else { return }
            try tx.deleteItem(id)
        }
    }

    /// What the box last said of a handed item (or why its handoff is still unsettled).
    public func noteRemote(item id: Int64, remoteState: RemoteState?, words: String, now: Date) throws -> OutboxItem {
        try store.outbox { tx in
            var item = try tx.outboxItem(id)
            let wasSent = item.handoff?.remoteState == .sent
            if remoteState != nil { item.handoff?.remoteState = remoteState }
            item.handoff?.words = words
            item.handoff?.checkedAt = now
            // Not a state change: `updatedAt` keeps when the item last moved here.
            try tx.update(item.row)
            // The box's sender had the forum's receipt: the draft is sent, as a local send marks it
            // (while it still shows the revision that went; text saved since stays a draft).
            if remoteState == .sent, !wasSent, let draft = item.draftID, let revision = item.draftRevision {
                _ = try tx.markDraftSent(draft, revision: revision, now: now)
            }
            return item
        }
    }

    /// The handed items, each with the document still to hand over when its handoff is unsettled.
    public func handedItems(ids: [Int64]? = nil) throws -> [(item: OutboxItem, document: String?)] {
        try store.outboxRead { tx in
            try tx.items(inStates: [OutboxState.Name.handed], ids: ids).map { row in
                let item = try OutboxItem(row: row)
                return (item, try tx.handoffDocument(of: row.id))
            }
        }
    }

    // MARK: The box's side

    /// The box's item for handoff `handoffID`, if it has one: each handoff is queued at most once.
    public func item(handoff handoffID: String) throws -> OutboxItem? {
        try store.outboxRead { tx in try tx.item(idempotencyKey: Self.handoffKey(handoffID)).map { try OutboxItem(row: $0) } }
    }

    /// The idempotency key a handed-in item is queued under on the box: unique, so that two
    /// imports of one handoff (a lost answer asked about, two at once) make one item.
    public static func handoffKey(_ handoffID: String) -> String { "handoff/\(handoffID)" }
}

extension OutboxTransaction {
    func handoffDocument(of item: Int64) throws -> String? {
        try String.fetchOne(db, sql: "SELECT document FROM outbox_handoff WHERE itemId = ?", arguments: [item])
    }

    func saveHandoffDocument(_ document: String, item: Int64) throws {
        try db.execute(sql: "INSERT OR REPLACE INTO outbox_handoff (itemId, document) VALUES (?, ?)", arguments: [item, document])
    }

    func deleteHandoffDocument(of item: Int64) throws {
        try db.execute(sql: "DELETE FROM outbox_handoff WHERE itemId = ?", arguments: [item])
    }

    func deleteItem(_ id: Int64) throws {
        try db.execute(sql: "DELETE FROM outbox_handoff WHERE itemId = ?", arguments: [id])
        try db.execute(sql: "DELETE FROM outbox_item WHERE id = ?", arguments: [id])
    }
}

extension Outbox {
    /// The handed item the next `missive undo` takes back, when the last thing done was a
    /// handoff that its box has not cancelled yet: the undo cancels it there first.
    public func handoffToUndo() throws -> OutboxItem? {
        guard let entry = try store.history(limit: Store.historyLimit).first(where: { $0.state == .done }),
              entry.kind == .outboxHandoff,
              let step = try? JSONDecoder().decode(OutboxHistory.Payload.self, from: Data(entry.payload.utf8)).steps.first
        else { return nil }
        let item = try item(step.item)
        return item.handoff?.remoteState == .cancelled ? nil : item
    }
}
