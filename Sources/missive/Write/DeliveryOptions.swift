import Application
import ArgumentParser

/// `--send` and `--queue [--at WHEN]` at the end of a compose command: the draft just saved goes
/// straight into the outbox.
struct DeliveryOptions: ParsableArguments {
    @Flag(name: .customLong("send"), help: "Send the draft once saved (after the undo window, with retries).")
    var send = false

    @Flag(name: .customLong("queue"), help: "Queue the draft once saved, for `missive send` (see --at).")
    var queue = false

    @Option(help: ArgumentHelp("With --queue: when to send it (now, +2h, tomorrow 09:00, ISO 8601).", valueName: "when"))
    var at: String?

    @Flag(help: "With --send or --queue: scale down an image over the image host's limit (never done unasked).")
    var resize = false

    /// Whether the draft goes to the outbox once saved.
    var delivers: Bool { send || queue }

    func validate() throws {
        if resize, !send, !queue { throw ValidationError("--resize goes with --send or --queue") }
        if send, queue { throw ValidationError("--send and --queue exclude each other: --send sends now, --queue waits for `missive send`") }
        if let at {
            if !queue { throw ValidationError("--at goes with --queue (`--queue --at \"\(at)\"`)") }
            try validateSendTime(at)
        }
    }

    /// Queues or sends the draft the compose command saved (nothing when it was discarded).
    func deliver(_ draft: Draft?, workspace: Workspace) async throws {
        guard let draft, send || queue else { return }
        let summary = try await workspace.deliverDraft().run(draft, queue ? .queue(at: at ?? "now") : .send, resize: resize)
        try SendCommand.conclude(summary, workspace: workspace)
    }
}
