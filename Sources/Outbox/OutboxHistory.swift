import Foundation
import Common
import GRDB
import Store
import Synchronization

/// The outbox's entries in the store's command history, and how `missive undo` and `redo`
/// take them back and do them again.
public enum OutboxHistory {
    /// One item's move: undo puts `before` back (nil: it did not exist, so undo cancels it).
    public struct Step: Codable, Equatable, Sendable {
        public var item: Int64
        public var before: OutboxState?
        public var after: OutboxState
    }

    struct Payload: Codable {
        var steps: [Step]
    }

    static func record(_ kind: HistoryKind, summary: String, steps: [Step], in tx: OutboxTransaction, now: Date) throws {
        try tx.record(kind: kind, summary: summary, payload: Payload(steps: steps), now: now)
    }
}

/// Takes outbox entries back. Waiting items go back to where they were (a send inside its undo
/// window is cancelled, and the draft is left as it was); a delivered edit is undone for real by
/// queueing an edit that puts the post's previous text back; a delivered reply, PM or thread
/// cannot be taken back, and the error says where it is and what can be done instead.
///
/// The items undo and redo queue (edits back and forth) are in `followUps` afterwards, for the
/// command to send at once.
public final class OutboxUndo: UndoHandler, Sendable {
    /// Where the window starts again when a send is redone.
    let undoWindow: TimeInterval
    private let created = Mutex<[Int64]>([])

    public init(undoWindow: TimeInterval) {
        self.undoWindow = undoWindow
    }

    public var followUps: [Int64] { created.withLock { $0 } }

    public var undoes: HistoryKind.Undoer { .outbox }

    public func undo(_ entry: HistoryEntry, in db: Database, now: Date) throws -> String {
        let (kind, steps) = try decode(entry)
        let tx = OutboxTransaction(db)
        var lines: [String] = []
        for step in steps.reversed() {
            var item = try tx.outboxItem(step.item)
            if kind == .outboxHandoff {
                // The item lives on its box: `StepHistory` cancelled it there before this entry
                // was taken back (`RemoteUndo`); here it is only said.
                guard item.handoff?.remoteState == .cancelled else {
                    throw OutboxError.changedSince(item: item.id, state: "handed, and not cancelled on its box")
                }
                lines.append("\(item.title) is cancelled on \(item.state.handedTo ?? "its box")")
                continue
            }
            if case .sent = item.state {
                lines.append(try takeBack(delivered: &item, in: tx, now: now))
                continue
            }
            // A send is called off from wherever it got to, as long as nothing reached the forum.
            let cancelsSend = Self.callsOff(step, kind)
            guard cancelsSend || Self.same(item.state, step.after) else {
                throw OutboxError.changedSince(item: item.id, state: item.state.name)
            }
            try item.apply(.restore(cancelsSend ? .cancelled : step.before ?? .cancelled), now: now)
            try tx.save(item)
            if kind == .outboxSend && cancelsSend {
                // Say what was taken back, in words: nothing left the machine, and the text is a draft.
                let draft = try tx.item(item.id)?.draftID.map { "draft \($0) is a draft again" } ?? "it is cancelled"
                lines.append("\(item.command.summary) (item \(item.id)) will not be sent; \(draft)")
            } else {
                lines.append(Self.again(item, now: now))
            }
        }
        return "undid: \(entry.summary)" + lines.map { "\n  " + $0 }.joined()
    }

    public func redo(_ entry: HistoryEntry, in db: Database, now: Date) throws -> String {
        let (kind, steps) = try decode(entry)
        let tx = OutboxTransaction(db)
        var lines: [String] = []
        for step in steps {
            var item = try tx.outboxItem(step.item)
            if kind == .outboxHandoff {
                let draft = item.draftID.map(String.init) ?? "DRAFT"
                throw OutboxError.changedSince(
                    item: item.id, state: "cancelled on \(item.state.handedTo ?? "its box"); hand it again with `missive queue \(draft) --via \(item.state.handedTo ?? "NAME") --again`")
            }
            if case .sent = item.state {
                lines.append(try applyAgain(delivered: &item, in: tx, now: now))
                continue
            }
            let expected: OutboxState = Self.callsOff(step, kind) ? .cancelled : step.before ?? .cancelled
            guard Self.same(item.state, expected) else {
                throw OutboxError.changedSince(item: item.id, state: item.state.name)
            }
            // A window that is opened again is a whole window, from now.
            let target: OutboxState = if case .pending = step.after { .pending(until: now.addingTimeInterval(undoWindow)) } else { step.after }
            try item.apply(.restore(target), now: now)
            try tx.save(item)
            lines.append(Self.again(item, now: now))
        }
        return "redid: \(entry.summary)" + lines.map { "\n  " + $0 }.joined()
    }

    /// Whether undoing `step` calls an item off (a queueing, a send), rather than putting back the
    /// state it had: an item a queueing replaced (cancelled in its place) gets its state back.
    static func callsOff(_ step: OutboxHistory.Step, _ kind: HistoryKind) -> Bool {
        step.before == nil || (kind == .outboxSend && step.after != .cancelled)
    }

    /// "ITEM is queued again, for 07:24 (in 2 h)": a state with a time names it, so an undone
    /// reschedule says when the item goes now.
    static func again(_ item: OutboxItem, now: Date) -> String {
        let when: Date? = switch item.state {
        case let .queued(due), let .retrying(due, _): due
        default: nil
        }
        return "\(item.title) is \(item.state.name) again" + (when.map { ", for " + LocalClock.withRelative($0, now: now) } ?? "")
    }

    // MARK: Delivered items

    /// A delivered edit is edited back (once); anything else delivered is refused with its place.
    private func takeBack(delivered item: inout OutboxItem, in tx: OutboxTransaction, now: Date) throws -> String {
        guard case let .sent(postID, url) = item.state else { return "" }
        guard let back = item.command.undo, case let .edit(post, _, _, _) = item.command else {
            throw OutboxError.delivered(item: item.id, what: Self.place(of: item.command, postID: postID, url: url),
                                        remedy: Self.remedy(for: item.command, postID: postID))
        }
        if let other = item.undoneBy, let existing = try tx.item(other), try OutboxItem.state(of: existing) != .cancelled {
            return "\(item.title) is already being taken back by item \(other)"
        }
        let undoItem = try queueFollowUp(back, after: item, key: "undo/\(item.id)", in: tx, now: now)
        item.undoneBy = undoItem.id
        try tx.save(item)
        return "\(item.title) is on the forum: post \(post) will be edited back to its previous text by item \(undoItem.id)"
    }

    /// Redoing an undone delivered edit: call the edit-back off if it has not gone out yet,
    /// otherwise edit the post forward again.
    private func applyAgain(delivered item: inout OutboxItem, in tx: OutboxTransaction, now: Date) throws -> String {
        guard let other = item.undoneBy, case let .edit(post, bbcode, previous, _) = item.command else {
            return "\(item.title) is delivered; nothing to do again"
        }
        var undoItem = try tx.outboxItem(other)
        item.undoneBy = nil
        try tx.save(item)
        if (try? undoItem.apply(.cancel, now: now)) != nil {
            try tx.save(undoItem)
            return "item \(other), which was to edit post \(post) back, is cancelled"
        }
        // Written against what the edit-back left on the forum, the text before ours.
        let again = try queueFollowUp(.edit(postID: post, bbcode: bbcode, base: previous), after: item, key: "redo/\(item.id)",
                                      in: tx, now: now)
        return "post \(post) will be edited again to the text of \(item.title) by item \(again.id)"
    }

    private func queueFollowUp(_ command: ForumCommand, after item: OutboxItem, key: String, in tx: OutboxTransaction, now: Date) throws -> OutboxItem {
        var followUp = OutboxItem(
            command: command, state: .pending(until: now), profile: item.profile,
            idempotencyKey: "\(key)/\(Int((now.timeIntervalSince1970 * 1000).rounded()))", createdAt: now, updatedAt: now)
        followUp.id = try tx.insert(followUp.row).id
        created.withLock { $0.append(followUp.id) }
        return followUp
    }

    static func place(of command: ForumCommand, postID: String?, url: String?) -> String {
        let what = switch command {
        case let .reply(threadID, _): "it is post \(postID ?? "?") in thread \(threadID)"
        case let .privateMessage(to, _, _, _, _, _): "the private message reached \(to)"
        case .newThread: "it is thread \(postID ?? "?")"
        case let .edit(post, _, _, _): "post \(post) shows the new text"
        }
        return what + (url.map { " (\($0))" } ?? "")
    }

    static func remedy(for command: ForumCommand, postID: String?) -> String {
        switch command {
        case .reply: "to change it, run `missive edit-post \(postID ?? "POST")`"
        case .newThread: "to change it, edit its first post with `missive edit-post POST` (the post id is on the thread's page)"
        case .privateMessage: "a private message cannot be edited or unsent"
        case let .edit(post, _, _, _): "its text before the edit was not recorded; run `missive edit-post \(post)` to change it"
        }
    }

    // MARK: Helpers

    private func decode(_ entry: HistoryEntry) throws -> (HistoryKind, [OutboxHistory.Step]) {
        guard let kind = entry.kind, kind.undoer == .outbox else {
            throw StoreError.invalid("history entry \(entry.id) is not the outbox's")
        }
        do {
            return (kind, try JSONDecoder().decode(OutboxHistory.Payload.self, from: Data(entry.payload.utf8)).steps)
        } catch {
            throw StoreError.invalid("history entry \(entry.id) cannot be read: \(error)")
        }
    }

    /// The store keeps times to the millisecond, the history to the nanosecond: equal states
    /// have the same name and times within a few milliseconds.
    static func same(_ a: OutboxState, _ b: OutboxState) -> Bool {
        guard a.name == b.name else { return false }
        switch (a.due, b.due) {
        case (nil, nil): return true
        case let (x?, y?): return abs(x.timeIntervalSince(y)) < 0.005
        default: return false
        }
    }
}
