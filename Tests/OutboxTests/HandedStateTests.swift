import Foundation
import GRDB
@testable import Outbox
@testable import Store
import Testing

/// A handed item (issue 33) lives on its box: no sender here claims it, and nothing but the box's
/// answer moves it.
@Suite struct HandedStateTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func onlyTheBoxsAnswerMovesAHandedItem() throws {
        let handing = OutboxState.handed(to: "box", remoteItem: nil)
        #expect(handing.claimable(at: now.addingTimeInterval(86_400)) == nil, "no sender here ever sends it")
        #expect(try handing.applying(.handedAs(remoteItem: 7)) == .handed(to: "box", remoteItem: 7))
        let handed = OutboxState.handed(to: "box", remoteItem: 7)
        #expect(try handed.applying(.handedAs(remoteItem: 7)) == handed, "the same answer twice is the same")
        #expect(throws: TransitionError.self) { try handed.applying(.handedAs(remoteItem: 8)) }
        for event: OutboxEvent in [.cancel, .hold, .release(due: now), .reschedule(due: now), .requeue(due: now),
                                   .startWindow(until: now), .claim(owner: "me", leaseUntil: now, now: now), .restore(.queued(due: now))] {
            #expect(throws: TransitionError.self, "\(event)") { try handed.applying(event) }
        }
        #expect(throws: TransitionError.self, "undo never fakes a handoff") { try OutboxState.cancelled.applying(.restore(handed)) }
        #expect(throws: TransitionError.self) { try OutboxState.queued(due: now).applying(.handedAs(remoteItem: 1)) }
    }

    @Test func theHistoryKeepsAHandedState() throws {
        for state in [OutboxState.handed(to: "box", remoteItem: nil), .handed(to: "vps", remoteItem: 12)] {
            #expect(try JSONDecoder().decode(OutboxState.self, from: JSONEncoder().encode(state)) == state)
        }
    }

    /// The store left by the build before handoffs gains the columns and keeps its items.
    @Test func aStoreFromBeforeHandoffsKeepsItsItems() throws {
        let command = try ForumCommand.reply(threadID: 3, bbcode: "hi").encoded()
        let stamp = "2026-11-20 08:30:00.000"
        let old = try OlderStore(upTo: "v15 notified") { db in
            try db.execute(sql: """
                INSERT INTO outbox_item (id, profile, kind, target, targetKey, command, idempotencyKey, state, due,
                                         detail, failures, createdAt, updatedAt)
                VALUES (1, 'sandbox', 'reply', 'reply to thread 3', 'thread/3', ?, 'key/1', 'queued', ?, NULL, 0, ?, ?)
                """, arguments: [command, stamp, stamp, stamp])
        }
        defer { old.remove() }
        let store = try Store(path: old.path)
        #expect(try store.appliedMigrations() == Store.knownMigrations)
        let item = try Outbox(store: store).item(1)
        #expect(item.state.name == "queued" && item.handoff == nil)
        #expect(try store.outboxListing().first?.via == nil)
    }
}
