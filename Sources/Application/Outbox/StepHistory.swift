import Foundation
import Outbox
import Store

/// `missive undo` and `redo` over every layer's history entries (a draft saved, a template changed,
/// a queue or send). An outbox step that has to act on the forum (a delivered edit put back)
/// queues that edit; it is sent straight away, with the usual retries, and the progress lines say
/// how it went.
public struct StepHistory: Sendable {
    public enum Direction: Sendable, Equatable {
        /// Take back the last change.
        case undo
        /// Do again the change undo last took back.
        case redo
    }

    let local: LocalContext
    let undoWindow: TimeInterval
    let senders: any SenderSource
    let progress: any SendProgress
    /// Where a handoff that is undone is cancelled: on its box (nil: such an undo is refused there).
    let handed: ChangeHanded?

    /// `undoWindow`: the seconds a redone send waits in `pending` again, so that it too can be taken back.
    public init(_ local: LocalContext, undoWindow: TimeInterval, senders: any SenderSource, progress: any SendProgress,
                handed: ChangeHanded? = nil) {
        self.handed = handed
        self.local = local
        self.undoWindow = undoWindow
        self.senders = senders
        self.progress = progress
    }

    /// What the follow-up send did, or nil when the step needed none.
    public func run(_ direction: Direction) async throws -> SendSummary? {
        let outboxUndo = OutboxUndo(undoWindow: undoWindow)
        let store = local.store
        // A handoff lives on its box: undoing it cancels it there (refused there once it went
        // out), before the entry here is taken back.
        if direction == .undo, let handed, let item = try Outbox(store: store).handoffToUndo() {
            _ = try await handed.run(.cancel, items: [item], due: nil)
        }
        let result = switch direction {
        case .undo: try store.undo(handlers: [outboxUndo], now: local.now)
        case .redo: try store.redo(handlers: [outboxUndo], now: local.now)
        }
        local.console.note(result.message)
        let followUps = outboxUndo.followUps
        guard !followUps.isEmpty else { return nil }
        return try await senders.sender(progress: progress).run(.due(ids: followUps))
    }
}
