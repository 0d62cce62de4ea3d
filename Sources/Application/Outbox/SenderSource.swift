import Outbox

/// How an outbox use case gets a sender. The composition root wires the forums' adapters, the
/// settings config.toml gives and the stop signals; a use case asks only when there is something
/// to send, so that a run that sends nothing arms no signal handler.
public protocol SenderSource: Sendable {
    func sender(progress: any SendProgress) -> Sender
}
