import Common
import Foundation
import GRDB
import GRDBSQLite

/// An image kept in the store: what the outbox uploads and what the post's tag needs.
public struct KeptImage: Sendable, Equatable, Codable {
    public var hash: ContentHash
    public var format: ImageFormat
    public var pixelSize: PixelSize
    public var byteCount: Int
    public var keptAt: Date
}

/// The store's copies of local images, addressed by their SHA-256. Copies go in and come out
/// through SQLite's incremental blob I/O in pieces of `chunkSize` bytes, so a large image is never
/// held whole in memory here; a caller that needs it whole (an upload's body) holds the one copy.
public struct ImageBlobs: Sendable {
    public let store: Store
    public let chunkSize: Int

    public init(store: Store, chunkSize: Int = 1 << 16) {
        self.store = store
        self.chunkSize = max(chunkSize, 1)
    }

    /// Copies a checked image into the store in one transaction and returns what was kept. The
    /// same content kept before is kept once: its first row is returned and nothing is added.
    public func keep(_ file: LocalImageFile, now: Date = Date()) throws -> KeptImage {
        try keep(format: file.format, pixelSize: file.pixelSize, byteCount: file.byteCount, now: now) { write in
            try file.stream(chunkSize: chunkSize, write)
        }
    }

    /// Keeps bytes made in memory (an image `--resize` scaled down), as `keep(_:)` keeps a file.
    public func keep(bytes: [UInt8], format: ImageFormat, pixelSize: PixelSize, now: Date = Date()) throws -> KeptImage {
        try keep(format: format, pixelSize: pixelSize, byteCount: bytes.count, now: now) { write in
            try bytes.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let end = min(offset + chunkSize, raw.count)
                    try write(UnsafeRawBufferPointer(rebasing: raw[offset..<end]))
                    offset = end
                }
            }
        }
    }

    private func keep(
        format: ImageFormat, pixelSize: PixelSize, byteCount: Int, now: Date,
        content: (_ write: (UnsafeRawBufferPointer) throws -> Void) throws -> Void
    ) throws -> KeptImage {
        try store.write { db in
            // The row is written under a placeholder key and renamed to its hash once the copy is
            // through; the transaction makes both steps one, so no one sees the placeholder.
            let placeholder = "pending-\(UUID().uuidString)"
            try db.execute(sql: """
                INSERT INTO image_blob (sha256, format, width, height, byteCount, content, keptAt)
                VALUES (?, ?, ?, ?, ?, zeroblob(?), ?)
                """, arguments: [placeholder, format.rawValue, pixelSize.width, pixelSize.height,
                                 byteCount, byteCount, now])
            let rowid = db.lastInsertedRowID
            var hasher = try SHA256Hasher()
            try Self.withBlob(db, rowid: rowid, writable: true) { blob in
                var offset: Int32 = 0
                try content { piece in
                    hasher.update(piece)
                    let code = sqlite3_blob_write(blob, piece.baseAddress, Int32(piece.count), offset)
                    guard code == SQLITE_OK else { throw DatabaseError(resultCode: ResultCode(rawValue: code)) }
                    offset += Int32(piece.count)
                }
            }
            let hash = hasher.finish()
            if var existing = try Self.kept(hash, db) {
                try db.execute(sql: "DELETE FROM image_blob WHERE rowid = ?", arguments: [rowid])
                // Kept again now: a queue call that kept it earlier and is refused must not
                // take it away from this one (`removeUnused` only removes what it kept itself).
                try db.execute(sql: "UPDATE image_blob SET keptAt = ? WHERE sha256 = ?", arguments: [now, hash.hex])
                existing.keptAt = now
                return existing
            }
            try db.execute(sql: "UPDATE image_blob SET sha256 = ? WHERE rowid = ?", arguments: [hash.hex, rowid])
            return KeptImage(hash: hash, format: format, pixelSize: pixelSize, byteCount: byteCount, keptAt: now)
        }
    }

    /// Removes those of `images` that no outbox item uses, unless they were kept again since
    /// (another queue call now counts on them): what a refused queue call kept goes away with it.
    /// Returns how many were removed.
    @discardableResult
    public func removeUnused(_ images: [KeptImage]) throws -> Int {
        guard !images.isEmpty else { return 0 }
        return try store.write { db in
            var removed = 0
            for image in images {
                try db.execute(sql: """
                    DELETE FROM image_blob WHERE sha256 = ? AND keptAt = ?
                        AND NOT EXISTS (SELECT 1 FROM outbox_image WHERE sha256 = image_blob.sha256)
                    """, arguments: [image.hash.hex, image.keptAt])
                removed += db.changesCount
            }
            return removed
        }
    }

    /// Removes every kept image no outbox item uses that was kept before `cutoff`: what a queue
    /// call left behind when it was killed between keeping its images and queueing. The cutoff
    /// leaves alone the images a queue call running now has kept and not yet recorded.
    @discardableResult
    public func removeUnused(keptBefore cutoff: Date) throws -> Int {
        try store.write { db in
            try db.execute(sql: """
                DELETE FROM image_blob WHERE keptAt < ?
                    AND NOT EXISTS (SELECT 1 FROM outbox_image WHERE sha256 = image_blob.sha256)
                """, arguments: [cutoff])
            return db.changesCount
        }
    }

    /// The kept image with this hash, or nil.
    public func kept(_ hash: ContentHash) throws -> KeptImage? {
        try store.read { db in try Self.kept(hash, db) }
    }

    /// Every kept image, oldest first.
    public func all() throws -> [KeptImage] {
        try store.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM image_blob ORDER BY keptAt, sha256").compactMap(Self.image)
        }
    }

    /// Hands the kept bytes to `body` in pieces of `chunkSize` through one reused buffer, in one
    /// read transaction. Throws `StoreError.notFound` for a hash the store does not hold.
    public func stream(_ hash: ContentHash, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        try store.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT rowid, byteCount FROM image_blob WHERE sha256 = ?",
                                             arguments: [hash.hex])
            else { throw StoreError.notFound(what: "kept image \(hash)") }
            let total: Int = row["byteCount"]
            try Self.withBlob(db, rowid: row["rowid"], writable: false) { blob in
                var buffer = [UInt8](repeating: 0, count: min(chunkSize, max(total, 1)))
                var offset = 0
                try buffer.withUnsafeMutableBytes { raw in
                    while offset < total {
                        let count = min(raw.count, total - offset)
                        let code = sqlite3_blob_read(blob, raw.baseAddress, Int32(count), Int32(offset))
                        guard code == SQLITE_OK else { throw DatabaseError(resultCode: ResultCode(rawValue: code)) }
                        try body(UnsafeRawBufferPointer(rebasing: raw[0..<count]))
                        offset += count
                    }
                }
            }
        }
    }

    private static func kept(_ hash: ContentHash, _ db: Database) throws -> KeptImage? {
        try Row.fetchOne(db, sql: "SELECT * FROM image_blob WHERE sha256 = ?", arguments: [hash.hex]).flatMap(image)
    }

    private static func image(_ row: Row) -> KeptImage? {
        guard let hash = ContentHash(hex: row["sha256"]), let format = ImageFormat(rawValue: row["format"]) else {
            return nil
        }
        return KeptImage(hash: hash, format: format, pixelSize: PixelSize(width: row["width"], height: row["height"]),
                         byteCount: row["byteCount"], keptAt: row["keptAt"])
    }

    private static func withBlob(_ db: Database, rowid: Int64, writable: Bool, _ body: (OpaquePointer) throws -> Void) throws {
        var blob: OpaquePointer?
        let code = sqlite3_blob_open(db.sqliteConnection, "main", "image_blob", "content", rowid, writable ? 1 : 0, &blob)
        guard code == SQLITE_OK, let blob else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: db.lastErrorMessage)
        }
        defer { sqlite3_blob_close(blob) }
        try body(blob)
    }
}
