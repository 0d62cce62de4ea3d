import Foundation
import Outbox

extension Workspace {
    /// `missive undo` and `redo` over every layer's history entries. An outbox undo that has to
    /// act on the forum (a delivered edit put back) queues that edit; it is sent straight away,
    /// with the usual retries, and the lines say how it went.
    func undoOrRedo(redo: Bool) async throws {
        let outboxUndo = OutboxUndo(undoWindow: TimeInterval(config.undoWindow))
        let result = redo ? try store.redo(handlers: [outboxUndo], now: now) : try store.undo(handlers: [outboxUndo], now: now)
        Console.note(result.message)
        let followUps = outboxUndo.followUps
        guard !followUps.isEmpty else { return }
        let wiring = OutboxWiring(workspace: self)
        let stop = StopSignal()
        StopSignals.install(stop)
        let sender = wiring.sender(timeout: 60, progress: SendProgressLines(), stop: stop, credentials: TerminalPassword.ifInteractive())
        try SendCommand.conclude(try await sender.run(.due(ids: followUps)), outbox: wiring.outbox)
    }
}
