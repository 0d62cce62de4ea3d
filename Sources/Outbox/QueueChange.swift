import Foundation
import Store

/// A change another process made to the queue, as a watching sender tells it: `missive queue`,
/// `undo`, `queue cancel|hold|release|reschedule|retry` in another shell, or another sender.
public enum QueueChange: Sendable, Equatable {
    /// A new item, in the state it was made in (queued, or held).
    case queued(OutboxItem)
    /// Called off (`missive undo` of the queueing, or `queue cancel`): it will not be sent.
    case cancelled(OutboxItem)
    case held(OutboxItem)
    /// Let go again: queued for its time.
    case released(OutboxItem)
    /// A new time (`queue reschedule`, or `queue retry` of a retry).
    case rescheduled(OutboxItem)
    /// Another sender sent it.
    case sentElsewhere(OutboxItem)
    /// Any other move (another sender claimed it, failed it, found it unknown): its state now.
    case other(OutboxItem)

    public var item: OutboxItem {
        switch self {
        case let .queued(item), let .cancelled(item), let .held(item), let .released(item), let .rescheduled(item),
             let .sentElsewhere(item), let .other(item):
            item
        }
    }
}

/// The unfinished items of the queue as one read saw them: what a watching sender compares the
/// next read with, to tell what others changed meanwhile.
struct QueueSnapshot: Sendable {
    var items: [Int64: OutboxItem] = [:]

    /// Every state an item can leave without this sender: waiting, scheduled, held, in flight.
    static let states = OutboxStates.unfinished + OutboxStates.scheduled + OutboxStates.held

    static func read(_ store: Store) throws -> QueueSnapshot {
        let rows = try store.outboxRead { tx in try tx.items(inStates: states) }
        return QueueSnapshot(items: Dictionary(rows.compactMap { row in (try? OutboxItem(row: row)).map { (row.id, $0) } },
                                               uniquingKeysWith: { first, _ in first }))
    }

    /// What changed since `old`, leaving out the items this sender moved itself (it told those
    /// as it moved them). `finished(id)` reads an item that left the unfinished states.
    func changes(since old: QueueSnapshot, skipping own: Set<Int64>, finished: (Int64) -> OutboxItem?) -> [QueueChange] {
        var changes: [QueueChange] = []
        for id in Set(old.items.keys).union(items.keys).sorted() where !own.contains(id) {
            switch (old.items[id], items[id]) {
            case let (nil, now?):
                changes.append(.queued(now))
            case (_?, nil):
                guard let now = finished(id) else { continue }
                switch now.state {
                case .cancelled: changes.append(.cancelled(now))
                case .sent: changes.append(.sentElsewhere(now))
                default: changes.append(.other(now))
                }
            case let (before?, now?):
                if let change = Self.change(from: before.state, to: now) { changes.append(change) }
            case (nil, nil):
                continue
            }
        }
        return changes
    }

    private static func change(from before: OutboxState, to item: OutboxItem) -> QueueChange? {
        switch (before, item.state) {
        case (.held, .held): return nil
        // Another sender renewing its lease is no news.
        case let (.sending(before, _), .sending(now, _)) where before == now: return nil
        case (_, .held): return .held(item)
        case (.held, .queued): return .released(item)
        case (.queued, .queued), (.pending, .queued), (.retrying, .queued), (.retrying, .retrying):
            return before.due == item.state.due ? nil : .rescheduled(item)
        default:
            return before == item.state ? nil : .other(item)
        }
    }
}
