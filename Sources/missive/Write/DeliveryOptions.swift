import ArgumentParser
import Foundation
import Outbox
import Store

/// `--send` and `--queue [--at WHEN]` at the end of a compose command: the draft just saved goes
/// straight into the outbox.
struct DeliveryOptions: ParsableArguments {
    @Flag(name: .customLong("send"), help: "Send the draft once saved (after the undo window, with retries).")
    var send = false

    @Flag(name: .customLong("queue"), help: "Queue the draft once saved, for `missive send` (see --at).")
    var queue = false

    @Option(help: ArgumentHelp("With --queue: when to send it (now, +2h, tomorrow 09:00, ISO 8601).", valueName: "when"))
    var at: String?

    func validate() throws {
        if send, queue { throw ValidationError("--send and --queue exclude each other: --send sends now, --queue waits for `missive send`") }
        if let at {
            if !queue { throw ValidationError("--at goes with --queue (`--queue --at \"\(at)\"`)") }
            try validateSendTime(at)
        }
    }

    /// Queues or sends the draft the compose command saved (nothing when it was discarded).
    func deliver(_ draft: Draft?, workspace: Workspace) async throws {
        guard let draft, send || queue else { return }
        let wiring = OutboxWiring(workspace: workspace)
        if queue {
            _ = try wiring.queue(drafts: [draft.id], at: at ?? "now")
            return
        }
        let now = workspace.now
        let until = now.addingTimeInterval(TimeInterval(workspace.config.undoWindow))
        let item = try wiring.outbox.queue(draft: draft.id, dialect: try wiring.dialect(for: draft.content.profile), due: now,
                                           windowUntil: until, now: now)
        let progress = SendProgressLines()
        progress.windowOpened([item], until: until)
        let stop = StopSignal()
        StopSignals.install(stop)
        let sender = wiring.sender(timeout: 60, progress: progress, stop: stop, credentials: TerminalPassword.ifInteractive())
        try SendCommand.conclude(try await sender.run(.due(ids: [item.id])), outbox: wiring.outbox)
    }
}
