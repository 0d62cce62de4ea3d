import Foundation
import Synchronization

/// Set when the sender should stop (SIGINT, SIGTERM, or a test). The sender looks at it between
/// items and while it waits, never in the middle of a send: an item is finished and recorded first.
public final class StopSignal: Sendable {
    private let reason = Mutex<String?>(nil)

    public init() {}

    public func request(_ why: String) {
        reason.withLock { if $0 == nil { $0 = why } }
    }

    public var requested: String? { reason.withLock { $0 } }
}
