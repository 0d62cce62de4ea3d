import Common
import Foundation
import Outbox
import Store

/// `missive send [ITEM...] [--watch]`: what is due (or the named items) goes out through the
/// sender; items named that this run will not send are explained first.
public struct SendQueued: Sendable {
    let local: LocalContext
    let senders: any SenderSource
    let progress: any SendProgress

    public init(_ local: LocalContext, senders: any SenderSource, progress: any SendProgress) {
        self.local = local
        self.senders = senders
        self.progress = progress
    }

    /// What the run did; `ConcludeSend` turns it into the notes and the exit status.
    public func run(_ scope: Sender.Scope) async throws -> SendSummary {
        if case let .due(ids?) = scope { try explainUnsendable(ids) }
        return try await senders.sender(progress: progress).run(scope)
    }

    /// Items named on the command line that this run will not send, and why.
    private func explainUnsendable(_ ids: [Int64]) throws {
        let outbox = Outbox(store: local.store)
        let now = local.now
        for id in ids {
            let item = try outbox.item(id)
            switch item.state {
            case let .queued(due) where due > now:
                local.console.note("\(item.title) is scheduled for \(LocalClock.withRelative(due, now: now)); `missive queue reschedule \(id) --at now` sends it now")
            case let .held(because?):
                local.console.note("\(item.title) is held: \(because); `missive queue release \(id)` sends it")
            case .held:
                local.console.note("\(item.title) is held; `missive queue release \(id)` lets it go")
            case .sent, .failed, .cancelled:
                local.console.note("\(item.title) is \(item.state.name); nothing to send")
            default: break
            }
        }
    }
}
