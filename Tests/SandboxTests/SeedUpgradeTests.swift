import Foundation
@testable import Sandbox
import Testing

/// The sandbox keeps its data across restarts now, so a file seeded before the second seed (SA-Mart,
/// the archives, the closed-door forum, the real Ask/Tell tags) is brought up to date when opened,
/// keeping what was posted in it.
@Suite struct SeedUpgradeTests {
    @Test func aFileFromTheFirstSeedGetsTheSecondAndKeepsItsPosts() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sandbox-upgrade-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        // Made as the first seed left it: schema-2's columns and seed-2's rows taken away again,
        // the first seed's tags put back, and a thread posted with the next free id.
        let first = try SandboxDatabase(directory: directory, now: Date())
        try await first.queue.write { db in
            for sql in [
                "DELETE FROM post WHERE id >= 400000001 AND id < 500000000", "DELETE FROM thread WHERE id < 3500000",
                "DELETE FROM forum WHERE id >= 5", "DELETE FROM user WHERE id = 1006",
                "ALTER TABLE forum DROP COLUMN archived", "ALTER TABLE forum DROP COLUMN closedRedirectThreadId",
                "ALTER TABLE thread DROP COLUMN archived",
                "UPDATE forum SET secondaryTagGroup = 'samart_tag' WHERE id = 2", "UPDATE forum SET previewFirst = 0 WHERE id = 3",
                "UPDATE thread SET secondaryTagId = 2 WHERE id = 3500004",
                "INSERT INTO thread (id, forumId, title, authorId, iconId, secondaryTagId, closed, createdAt) "
                    + "VALUES (3500005, 3, 'Tell me', 1001, 0, 2, 0, '2020-01-01 00:00:00.000')",
                "DELETE FROM grdb_migrations WHERE identifier IN ('schema-2', 'seed-2')",
            ] { try db.execute(sql: sql) }
        }

        try await withSandbox(SandboxConfiguration(dataDirectory: directory, floodInterval: 0)) { server in
            let dump = try await state(of: server)
            #expect(dump.users.count == 7 && dump.users.first { $0.username == "noplatinum" }?.standing == "noplatinum")
            #expect(dump.forums.map(\.id) == [1, 2, 3, 4, 5, 6, 7])
            #expect(dump.forums.first { $0.id == 2 }?.secondaryTagGroup == nil)
            #expect(dump.forums.first { $0.id == 3 }.map { $0.previewFirst && $0.secondaryTagGroup == "tma_ama" } == true)
            #expect(dump.threads.first { $0.id == Seed.Ids.askThread }?.secondaryTagId == 1, "ask me anything: AMA")
            #expect(dump.threads.first { $0.id == 3_500_005 }?.secondaryTagId == 0, "the first seed's Tell is TMA")
            #expect(dump.threads.first { $0.id == Seed.Ids.closedDoorThread }?.closed == true)
            #expect(dump.forums.first { $0.id == Seed.Ids.closedDoorForum }?.closedRedirectThreadId == Seed.Ids.closedDoorThread)
        }
        // Opened again, nothing is added twice.
        try await withSandbox(SandboxConfiguration(dataDirectory: directory, floodInterval: 0)) { server in
            let dump = try await state(of: server)
            #expect(dump.users.count == 7 && dump.forums.count == 7 && dump.threads.count == 9)
        }
    }
}
