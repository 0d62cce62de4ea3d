import Foundation
import Outbox
import Store

/// One outbox item with everything `queue show` and the `--json` outputs tell about it.
public struct QueueItemDetail: Sendable {
    public var item: OutboxItem
    public var attempts: [OutboxAttemptRow]
    /// The queued draft's revision now, when the draft is still there.
    public var draftRevisionNow: Int?
    /// Its local images and where their uploads stand.
    public var images: [OutboxImage] = []
}

/// `missive queue show ITEM`: the item, its attempts, and whether its draft has moved on since.
public struct ShowQueueItem: Sendable {
    let local: LocalContext

    public init(_ local: LocalContext) {
        self.local = local
    }

    public func run(_ reference: ItemReference) throws -> QueueItemDetail {
        let outbox = Outbox(store: local.store)
        let id = try reference.resolve(in: outbox)
        let item = try outbox.item(id)
        // A deleted draft is no error here: the item keeps what was queued.
        let revision = item.draftID.flatMap { draft in try? local.store.draft(draft) }.map(\.revision)
        return QueueItemDetail(item: item, attempts: try outbox.attempts(of: id), draftRevisionNow: revision,
                               images: try OutboxImages(store: local.store).images(of: id))
    }
}
