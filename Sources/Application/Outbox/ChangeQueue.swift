import Common
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
    /// Where items handed to a box are changed (there); nil: such items are refused.
    let handed: ChangeHanded?

    public init(_ local: LocalContext, handed: ChangeHanded? = nil) {
        self.local = local
        self.handed = handed
    }

    public struct HandedRefusal: MissiveError, Equatable {
        public var why: String
        public var status: ExitStatus { .usage }
        public var description: String { why }
    }

    /// The items as the change left them. Items handed to a box are changed on the box; the
    /// named items are all handed or all here, since one change cannot be all-or-none across two
    /// machines.
    public func apply(_ action: Action, items references: [ItemReference]) async throws -> [OutboxItem] {
        let outbox = Outbox(store: local.store)
        let items = try references.map { try outbox.item(try $0.resolve(in: outbox)) }
        let remote = items.filter { $0.state.handedTo != nil }
        guard !remote.isEmpty else { return try run(action, items: references) }
        guard remote.count == items.count else {
            throw HandedRefusal(why: "items \(remote.map { String($0.id) }.joined(separator: ", ")) were handed to a box and the others are here: change them in two commands")
        }
        guard let handed else { throw HandedRefusal(why: "item \(remote[0].id) was handed to \(remote[0].state.handedTo ?? "a box"): change it there") }
        let now = local.now
        return switch action {
        case .cancel: try await handed.run(.cancel, items: items, due: nil)
        case .hold: try await handed.run(.hold, items: items, due: nil)
        case let .release(when): try await handed.run(.release, items: items, due: try SendTime.parse(when, now: now))
        case let .reschedule(when): try await handed.run(.reschedule, items: items, due: try SendTime.parse(when, now: now))
        case .retry:
            throw HandedRefusal(why: "item \(remote[0].id) was handed to \(remote[0].state.handedTo ?? "a box"); retry it there: `ssh BOX missive queue retry ID` (`queue list --refresh` shows its id there)")
        }
    }

    /// The change made here, to items that are here.
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
