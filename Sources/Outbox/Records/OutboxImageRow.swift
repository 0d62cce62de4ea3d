import Foundation
import GRDB
import Store

/// One image of an outbox item as stored (see `OutboxImageSchema`). The Outbox layer reads
/// `state` into its own enum; a value it does not know is a damaged row, not a guess.
public struct OutboxImageRow: Equatable, Sendable, Codable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "outbox_image"

    public var itemID: Int64
    /// The kept image's SHA-256, hex.
    public var sha256: String
    /// Its order in the draft (the first occurrence).
    public var position: Int
    /// The target as the draft wrote it (`cat.png`, `~/pics/x.jpg`).
    public var target: String
    /// The file it was copied from, resolved.
    public var path: String
    public var state: String
    /// When `uploading` began (or the upload was recorded, or deleted).
    public var since: Date?
    public var url: String?
    public var hostID: String?
    public var deleteHandle: String?
    public var uploadedAt: Date?

    enum CodingKeys: String, CodingKey {
        case itemID = "itemId", sha256, position, target, path, state, since, url, hostID = "hostId", deleteHandle, uploadedAt
    }

    public init(itemID: Int64, sha256: String, position: Int, target: String, path: String, state: String, since: Date? = nil,
                url: String? = nil, hostID: String? = nil, deleteHandle: String? = nil, uploadedAt: Date? = nil) {
        self.itemID = itemID
        self.sha256 = sha256
        self.position = position
        self.target = target
        self.path = path
        self.state = state
        self.since = since
        self.url = url
        self.hostID = hostID
        self.deleteHandle = deleteHandle
        self.uploadedAt = uploadedAt
    }
}

/// One line of `missive images list`: an item's image with what the store keeps of it.
public struct OutboxImageListing: Equatable, Sendable {
    public var row: OutboxImageRow
    public var byteCount: Int
    public var width: Int
    public var height: Int
    public var itemState: String
    public var itemTarget: String
    public var profile: String
    public var postURL: String?
}

extension OutboxTransaction {
    public func images(of item: Int64) throws -> [OutboxImageRow] {
        try OutboxImageRow.fetchAll(db, sql: "SELECT * FROM outbox_image WHERE itemId = ? ORDER BY position", arguments: [item])
    }

    /// Adds or rewrites an item's image row.
    public func save(_ image: OutboxImageRow) throws {
        try image.upsert(db)
    }

    /// `uploading` rows of an item back to `pending`: the user chose to upload again.
    public func resetUploading(of item: Int64) throws {
        try db.execute(sql: "UPDATE outbox_image SET state = 'pending', since = NULL WHERE itemId = ? AND state = 'uploading'",
                       arguments: [item])
    }
}

extension Store {
    /// Every item's images, newest item first, with their sizes and the item's post.
    public func outboxImages() throws -> [OutboxImageListing] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT i.*, b.byteCount AS byteCount, b.width AS width, b.height AS height,
                       o.state AS itemState, o.target AS itemTarget, o.profile AS profile, o.url AS postUrl
                FROM outbox_image i JOIN image_blob b ON b.sha256 = i.sha256 JOIN outbox_item o ON o.id = i.itemId
                ORDER BY i.itemId DESC, i.position
                """).map { row in
                OutboxImageListing(row: try OutboxImageRow(row: row), byteCount: row["byteCount"], width: row["width"],
                                   height: row["height"], itemState: row["itemState"], itemTarget: row["itemTarget"],
                                   profile: row["profile"], postURL: row["postUrl"])
            }
        }
    }

    /// Records what became of an image row (a delete through `images rm`).
    public func saveOutboxImage(_ image: OutboxImageRow) throws {
        try write { db in try image.upsert(db) }
    }
}
