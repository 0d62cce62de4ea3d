import Foundation
import GRDB
import Store
import Testing
@testable import Outbox

/// A failed item whose row is damaged never went out; queueing its draft again must work.
@Suite struct DamagedItemTests {
    @Test func aDamagedFailedItemIsQueuedAgainFromItsDraftAndSentOnce() async throws {
        try await OutboxFixture.with { f in
            let damaged = try f.queue("queued again after its row was damaged")
            let database = try DatabaseQueue(path: f.store.path)
            try await database.write { db in
                try db.execute(sql: "UPDATE outbox_item SET command = '{\"reply\":' WHERE id = ?", arguments: [damaged.id])
            }
            _ = try await f.sender().run(.due(ids: nil))
            guard case .failed = try OutboxItem.state(of: try #require(try f.store.outboxRead { try $0.item(damaged.id) })) else {
                Issue.record("the damaged item did not fail")
                return
            }

            let draft = try #require(damaged.draftID)
            let again = try f.outbox.queue(draft: draft, dialect: .somethingawful, due: Date(), now: Date())
            #expect(again.id == damaged.id, "the same revision is the same item")
            let summary = try await f.sender().run(.due(ids: nil))
            #expect(summary.sent == [damaged.id])
            #expect(try await f.copies(of: "queued again after its row was damaged") == 1)
        }
    }
}
