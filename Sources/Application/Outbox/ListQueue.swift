import Outbox
import Store

/// `queue list`: the outbox's items, newest first, read without a transaction of its own.
public struct ListQueue: Sendable {
    let store: Store

    public init(store: Store) {
        self.store = store
    }

    /// The items as values, for `--json`.
    public func run(states: [String]?, limit: Int?) throws -> [OutboxListing] {
        try store.outboxListing(states: states, limit: limit)
    }

    /// The items as the store's own column bytes, each seen once: ten thousand items list in a few
    /// milliseconds this way.
    public func scan(states: [String]?, limit: Int?, _ visit: (OutboxListingColumns) throws -> Void) throws {
        try store.scanOutboxListing(states: states, limit: limit, visit)
    }
}
