import Foundation
import GRDB
@testable import Outbox
@testable import Store
import Testing

/// The `notified` table (issue 30) comes last in the migrator: a store left by the build before it
/// keeps its outbox and gains the table; what was told is told once per store.
@Suite struct NotifiedMigrationTests {
    @Test func aStoreFromBeforeGainsTheTableAndKeepsItsItems() throws {
        let command = try ForumCommand.reply(threadID: 3, bbcode: "hi").encoded()
        let stamp = "2026-11-20 08:30:00.000"
        let old = try OlderStore(upTo: "v14 forum reasons") { db in
            try db.execute(sql: """
                INSERT INTO outbox_item (id, profile, kind, target, targetKey, command, idempotencyKey, state, due,
                                         detail, failures, createdAt, updatedAt)
                VALUES (1, 'sandbox', 'reply', 'reply to thread 3', 'thread/3', ?, 'key/1', 'queued', ?, NULL, 0, ?, ?)
                """, arguments: [command, stamp, stamp, stamp])
        }
        defer { old.remove() }
        let store = try Store(path: old.path)
        #expect(try store.appliedMigrations() == Store.knownMigrations)
        #expect(Store.knownMigrations.contains("v15 notified"))
        #expect(try store.outboxListing().map(\.id) == [1], "the older store's item is kept")
        let time = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(try store.markNotified(profile: "sandbox", kind: "pm", key: "9000001", at: time))
        #expect(try !store.markNotified(profile: "sandbox", kind: "pm", key: "9000001", at: time), "told once")
        #expect(try store.markNotified(profile: "other", kind: "pm", key: "9000001", at: time), "per profile")
        #expect(try store.markNotified(profile: "sandbox", kind: "quote", key: "9000001", at: time), "per kind")
        #expect(try store.wasNotified(profile: "sandbox", kind: "pm", key: "9000001"))
        #expect(try !store.wasNotified(profile: "sandbox", kind: "thread", key: "9000001"))
    }

    @Test func twoStoresEachTellTheSameThingOnce() throws {
        let time = Date(timeIntervalSince1970: 1_800_000_000)
        let first = try OlderStore(upTo: "v15 notified") { _ in }
        let second = try OlderStore(upTo: "v15 notified") { _ in }
        defer {
            first.remove()
            second.remove()
        }
        for old in [first, second] {
            let store = try Store(path: old.path)
            #expect(try store.markNotified(profile: "sandbox", kind: "pm", key: "9000005", at: time))
            #expect(try !store.markNotified(profile: "sandbox", kind: "pm", key: "9000005", at: time))
        }
    }
}
