import Common
import Foundation

/// An outbox item as a command names it: its own id (`5`), or the draft it sends written as
/// `queue list`'s DRAFT column writes it (`d6`), so that one number is enough for a post.
public enum ItemReference: Equatable, Hashable, Sendable, CustomStringConvertible {
    case item(Int64)
    case draft(Int64)

    /// "5" or "d6" (also "D6"); nil for anything else, or an id under 1.
    public init?(_ text: String) {
        let isDraft = text.first == "d" || text.first == "D"
        guard let id = Int64(isDraft ? text.dropFirst() : Substring(text)), id >= 1, !text.hasPrefix("+") else { return nil }
        self = isDraft ? .draft(id) : .item(id)
    }

    public var description: String {
        switch self {
        case let .item(id): "item \(id)"
        case let .draft(id): "d\(id)"
        }
    }

    /// The item's id: a draft's newest item (the one `queue list` shows first for it).
    public func resolve(in outbox: Outbox) throws -> Int64 {
        switch self {
        case let .item(id): return id
        case let .draft(id):
            guard let newest = try outbox.listing().first(where: { $0.draftID == id }) else { throw ItemReferenceError.draftNotQueued(id) }
            return newest.id
        }
    }
}

/// A `dN` that names no outbox item.
public enum ItemReferenceError: MissiveError, Equatable {
    case draftNotQueued(Int64)
    /// `5 d6` where draft 6's item is item 5.
    case namedTwice(Int64)

    public var status: ExitStatus {
        switch self {
        case .draftNotQueued: .noInput
        case .namedTwice: .usage
        }
    }

    public var description: String {
        switch self {
        case let .draftNotQueued(id): "draft \(id) has no outbox item; `missive queue \(id)` queues it"
        case let .namedTwice(id): "item \(id) is named twice"
        }
    }
}
