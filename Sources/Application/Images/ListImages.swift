import Outbox

/// `images list`: the images the outbox kept, newest item first.
public struct ListImages: Sendable {
    let local: LocalContext

    public init(_ local: LocalContext) {
        self.local = local
    }

    public func run() throws -> [OutboxImageEntry] {
        try OutboxImages(store: local.store).list()
    }
}
