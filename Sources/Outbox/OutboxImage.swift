import Common
import Forum
import Foundation
import Store

/// What the outbox knows of one image's upload. Only the host's answer with the address makes
/// it `uploaded`; `uploading` is written before the request goes out, so an image left in it (a
/// crash, a lost answer) is reconciled with the host before it is sent again.
public enum OutboxImageState: Sendable, Equatable {
    case pending
    case uploading(since: Date)
    case uploaded(HostedImage, at: Date)
    /// Taken down through its delete handle (`missive images rm`).
    case deleted(HostedImage, uploadedAt: Date, at: Date)

    public var name: String {
        switch self {
        case .pending: "pending"
        case .uploading: "uploading"
        case .uploaded: "uploaded"
        case .deleted: "deleted"
        }
    }

    public var hosted: HostedImage? {
        switch self {
        case let .uploaded(image, _), let .deleted(image, _, _): image
        case .pending, .uploading: nil
        }
    }
}

/// One image of an outbox item: the kept copy it is uploaded from, where the draft named it, and
/// where its upload stands.
public struct OutboxImage: Sendable, Equatable {
    public var item: Int64
    public var hash: ContentHash
    public var position: Int
    /// As the draft wrote it.
    public var target: String
    /// The file it was copied from.
    public var path: String
    public var state: OutboxImageState

    public init(item: Int64, hash: ContentHash, position: Int, target: String, path: String, state: OutboxImageState) {
        self.item = item
        self.hash = hash
        self.position = position
        self.target = target
        self.path = path
        self.state = state
    }

    init(row: OutboxImageRow) throws(OutboxError) {
        guard let hash = ContentHash(hex: row.sha256) else { throw .corruptItem(row.itemID, "an image's hash '\(row.sha256)' is not a SHA-256") }
        func hosted() throws(OutboxError) -> (HostedImage, Date) {
            guard let text = row.url, let url = URL(string: text), let id = row.hostID, let at = row.uploadedAt else {
                throw .corruptItem(row.itemID, "image \(row.target) is \(row.state) without its address")
            }
            return (HostedImage(url: url, id: id, deleteHandle: row.deleteHandle.map(DeleteHandle.init)), at)
        }
        let state: OutboxImageState
        switch row.state {
        case "pending": state = .pending
        case "uploading": state = .uploading(since: row.since ?? .distantPast)
        case "uploaded":
            let (image, at) = try hosted()
            state = .uploaded(image, at: at)
        case "deleted":
            let (image, uploadedAt) = try hosted()
            state = .deleted(image, uploadedAt: uploadedAt, at: row.since ?? .distantPast)
        default: throw .corruptItem(row.itemID, "image \(row.target) is in a state '\(row.state)' unknown to this Missive")
        }
        self.init(item: row.itemID, hash: hash, position: row.position, target: row.target, path: row.path, state: state)
    }

    var row: OutboxImageRow {
        var row = OutboxImageRow(itemID: item, sha256: hash.hex, position: position, target: target, path: path, state: state.name)
        switch state {
        case .pending: break
        case let .uploading(since): row.since = since
        case let .uploaded(_, at):
            row.since = at
            row.uploadedAt = at
        case let .deleted(_, uploadedAt, at):
            row.since = at
            row.uploadedAt = uploadedAt
        }
        if let hosted = state.hosted {
            row.url = hosted.url.absoluteString
            row.hostID = hosted.id
            row.deleteHandle = hosted.deleteHandle?.value
        }
        return row
    }
}

extension OutboxTransaction {
    func outboxImages(of item: Int64) throws -> [OutboxImage] {
        try images(of: item).map { row throws(OutboxError) in try OutboxImage(row: row) }
    }

    func save(_ image: OutboxImage) throws {
        try save(image.row)
    }
}
