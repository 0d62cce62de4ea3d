import Common
import Foundation
import Store

/// One uploaded (or waiting) image of the outbox, for `missive images list|rm`.
public struct OutboxImageEntry: Sendable, Equatable {
    public var image: OutboxImage
    public var byteCount: Int
    public var pixelSize: PixelSize
    public var itemState: String
    public var itemTarget: String
    public var profile: String
    public var postURL: String?
}

/// What `images rm` refuses.
public enum OutboxImagesError: MissiveError, Equatable {
    case noSuchImage(String)
    case notUploaded(String)
    case noDeleteHandle(String)

    public var status: ExitStatus {
        switch self {
        case .noSuchImage: .noInput
        case .notUploaded, .noDeleteHandle: .dataError
        }
    }

    public var description: String {
        switch self {
        case let .noSuchImage(name): "no uploaded image is \(name) (see `missive images list`)"
        case let .notUploaded(name): "image \(name) was never uploaded, so there is nothing to take down"
        case let .noDeleteHandle(name):
            "the image host gave no delete handle for \(name), so Missive cannot take it down; delete it on the host's own site"
        }
    }
}

/// The outbox's images: what was uploaded where, for which item, and taking an upload down.
public struct OutboxImages: Sendable {
    public let store: Store

    public init(store: Store) { self.store = store }

    /// One item's images, in the order its draft shows them.
    public func images(of item: Int64) throws -> [OutboxImage] {
        try store.outboxRead { tx in try tx.outboxImages(of: item) }
    }

    public func list() throws -> [OutboxImageEntry] {
        try store.outboxImages().map { listing in
            OutboxImageEntry(image: try OutboxImage(row: listing.row), byteCount: listing.byteCount,
                             pixelSize: PixelSize(width: listing.width, height: listing.height), itemState: listing.itemState,
                             itemTarget: listing.itemTarget, profile: listing.profile, postURL: listing.postURL)
        }
    }

    /// The upload a user names by the host's id or its address.
    public func find(_ name: String) throws -> OutboxImageEntry {
        let entries = try list()
        if let found = entries.first(where: { $0.image.state.hosted.map { $0.id == name || $0.url.absoluteString == name } ?? false }) {
            return found
        }
        if entries.contains(where: { $0.image.hash.hex.hasPrefix(name.lowercased()) && name.count >= 8 }) {
            throw OutboxImagesError.notUploaded(name)
        }
        throw OutboxImagesError.noSuchImage(name)
    }

    /// Records that the upload was taken down (or was already gone).
    public func recordDeleted(_ entry: OutboxImageEntry, now: Date) throws {
        guard case let .uploaded(hosted, at) = entry.image.state else { return }
        var image = entry.image
        image.state = .deleted(hosted, uploadedAt: at, at: now)
        try store.saveOutboxImage(image.row)
    }
}
