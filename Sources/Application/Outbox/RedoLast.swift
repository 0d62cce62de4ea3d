import Foundation
import Outbox

/// `missive redo`: does again the change `missive undo` last took back; one that has to act on the
/// forum is sent straight away.
public struct RedoLast: Sendable {
    let step: StepHistory

    /// `undoWindow`: the seconds a redone send waits in `pending` again, so that it too can be taken back.
    public init(_ local: LocalContext, undoWindow: TimeInterval, senders: any SenderSource, progress: any SendProgress) {
        step = StepHistory(local: local, undoWindow: undoWindow, senders: senders, progress: progress)
    }

    /// What the follow-up send did, or nil when the step needed none.
    public func run() async throws -> SendSummary? {
        try await step.run(redo: true)
    }
}
