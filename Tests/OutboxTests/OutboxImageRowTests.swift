import Common
import Foundation
import GRDB
import Outbox
import Store
import Testing

/// The `outbox_image` table (migration "v12 outbox images") in a real store file.
@Suite struct OutboxImageRowTests {
    @Test func anItemsImagesRoundTripListWithTheirSizesAndGoWithTheItem() throws {
        let temp = try ImageScratch()
        defer { temp.remove() }
        let bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
            + [0, 0, 0, 3, 0, 0, 0, 2, 8, 6, 0, 0, 0, 0, 0, 0, 0]
        let file = temp.directory.appendingPathComponent("p.png")
        try Data(bytes).write(to: file)
        let kept = try ImageBlobs(store: temp.store).keep(try LocalImageFile(path: "p.png", resolvedPath: file.path, limit: 1_000))

        let item = try temp.store.outbox { tx in
            try tx.insert(OutboxRow(draftID: nil, draftRevision: nil, profile: "sandbox", kind: "reply", target: "reply to thread 1",
                                    targetKey: "thread/1", channel: "posts", command: "{}", idempotencyKey: "k", state: .queued,
                                    due: ImageScratch.now, createdAt: ImageScratch.now, updatedAt: ImageScratch.now)).id
        }
        var row = OutboxImageRow(itemID: item, sha256: kept.hash.hex, position: 0, target: "p.png", path: file.path,
                                 state: "uploading", since: ImageScratch.now)
        try temp.store.outbox { tx in try tx.save(row) }
        #expect(try temp.store.outboxRead { tx in try tx.images(of: item) } == [row])

        try temp.store.outbox { tx in try tx.resetUploading(of: item) }
        row.state = "pending"
        row.since = nil
        #expect(try temp.store.outboxRead { tx in try tx.images(of: item) } == [row])

        let listed = try temp.store.outboxImages()
        #expect(listed.map(\.row) == [row])
        #expect(listed.first.map { ($0.byteCount, $0.width, $0.height, $0.profile) } ?? (0, 0, 0, "") == (bytes.count, 3, 2, "sandbox"))

        try temp.store.write { db in try db.execute(sql: "DELETE FROM outbox_item WHERE id = ?", arguments: [item]) }
        #expect(try temp.store.outboxImages().isEmpty, "an item's images go with it")
    }
}
