import Foundation

/// Set when the sender should stop (SIGINT, SIGTERM, or a test). The sender looks at it between
/// items and while it waits, never in the middle of a send: an item is finished and recorded first.
public final class StopSignal: @unchecked Sendable {
    private let lock = NSLock()
    private var reason: String?

    public init() {}

    public func request(_ why: String) {
        lock.withLock { if reason == nil { reason = why } }
    }

    public var requested: String? { lock.withLock { reason } }
}
