import Common
import Foundation
import Synchronization

/// Set when the sender should stop (SIGINT, SIGTERM, or a test). The sender looks at it between
/// items and while it waits, never in the middle of a send: an item is finished and recorded first.
public final class StopSignal: Sendable {
    private let reason = Mutex<String?>(nil)
    /// Rung by the request, so that a sender asleep until its next due time wakes at once.
    private let bell = Doorbell()

    public init() {}

    public func request(_ why: String) {
        reason.withLock { if $0 == nil { $0 = why } }
        bell.ring()
    }

    /// Returns once a stop is requested (at once if one was), or when the task is cancelled.
    public func wait() async {
        await bell.wait(after: 0)
    }

    public var requested: String? { reason.withLock { $0 } }
}
