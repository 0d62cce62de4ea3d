import Foundation
import Outbox
import Store

/// `missive undo` and `redo` over every layer's history entries. An outbox step that has to act on
/// the forum (a delivered edit put back) queues that edit; it is sent straight away, with the
/// usual retries, and the progress lines say how it went.
struct StepHistory: Sendable {
    let local: LocalContext
    let undoWindow: TimeInterval
    let senders: any SenderSource
    let progress: any SendProgress

    /// What the follow-up send did, or nil when the step needed none.
    func run(redo: Bool) async throws -> SendSummary? {
        let outboxUndo = OutboxUndo(undoWindow: undoWindow)
        let store = local.store
        let result = redo ? try store.redo(handlers: [outboxUndo], now: local.now) : try store.undo(handlers: [outboxUndo], now: local.now)
        local.console.note(result.message)
        let followUps = outboxUndo.followUps
        guard !followUps.isEmpty else { return nil }
        return try await senders.sender(progress: progress).run(.due(ids: followUps))
    }
}
