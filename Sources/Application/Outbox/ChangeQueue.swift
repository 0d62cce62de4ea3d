import Foundation
import Outbox

/// `missive queue cancel|hold|release|reschedule|retry ITEM...`: one change over the named items,
/// all of them or none, recorded so that `missive undo` takes it back.
public struct ChangeQueue: Sendable {
    public enum Action: Sendable, Equatable {
        case cancel
        case hold
        /// `at`: the words of `--at` (now, +2h, tomorrow 09:00...), read against the clock when run.
        case release(at: String)
        case reschedule(at: String)
        case retry(at: String)
    }

    let local: LocalContext

    public init(_ local: LocalContext) {
        self.local = local
    }

    /// The items as the change left them.
    public func run(_ action: Action, items references: [ItemReference]) throws -> [OutboxItem] {
        let outbox = Outbox(store: local.store)
        let now = local.now
        let ids = try references.map { try $0.resolve(in: outbox) }
        // `5 d6` may name one item twice: a change applied twice would meet its own result.
        if let twice = ids.enumerated().first(where: { ids[..<$0.offset].contains($0.element) }) {
            throw ItemReferenceError.namedTwice(twice.element)
        }
        return switch action {
        case .cancel: try outbox.cancel(ids, now: now)
        case .hold: try outbox.hold(ids, now: now)
        case let .release(when): try outbox.release(ids, due: try SendTime.parse(when, now: now), now: now)
        case let .reschedule(when): try outbox.reschedule(ids, due: try SendTime.parse(when, now: now), now: now)
        case let .retry(when): try outbox.retry(ids, due: try SendTime.parse(when, now: now), now: now)
        }
    }
}
