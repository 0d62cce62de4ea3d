import Foundation
import Outbox
import Store

/// `doctor`: the store's integrity and counts, and the queued item whose time passed longest ago
/// (nothing sent it: no sender ran since).
public struct CheckStore: Sendable {
    let store: Store

    public init(store: Store) {
        self.store = store
    }

    public func run(now: Date) throws -> (report: StoreReport, mostOverdue: OutboxRow?) {
        let report = try store.report()
        let overdue = try store.outboxRead { tx in
            try tx.items(inStates: [OutboxState.Name.queued], dueBy: now.addingTimeInterval(-1), limit: 1).first
        }
        return (report, overdue)
    }
}
