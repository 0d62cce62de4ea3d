import Foundation
import Testing

/// `missive init` and `missive doctor`.
@Suite struct InitAndDoctorTests {
    func mode(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int) ?? -1
    }

    @Test func initMakesAPrivateConfigAndStoreAndKeepsThemOnASecondRun() throws {
        let home = try MissiveHome()
        defer { home.remove() }
        let templates = BuiltBinary.packageRoot.appendingPathComponent("drafts/templates").path
        let first = try home.run(["init", "--templates", templates])
        #expect(first.status == 0, "\(first.errorOutput)")
        let config = home.root.appendingPathComponent("config/config.toml").path
        #expect(try String(contentsOfFile: config, encoding: .utf8).contains("default_profile = \"sandbox\""))
        #expect(mode(home.store) == 0o600)
        for directory in ["config", "data", "state"] {
            #expect(mode(home.root.appendingPathComponent(directory).path) == 0o700)
        }
        #expect(try home.run(["templates", "list"]).output.contains("thanks"))
        // It ends with what to do next, the last line a newcomer reads.
        #expect(first.errorOutput.hasSuffix("missive: next: start the practice forum in another terminal with `missive sandbox`, "
            + "then `missive login` (every password there is \"sandbox\") and `missive reply 3500001`; `missive --help` has the rest\n"),
                "\(first.errorOutput)")

        try "editor = \"nano\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        let second = try home.run(["init"])
        #expect(second.status == 0)
        #expect(second.errorOutput.contains("kept the existing config"))
        #expect(try String(contentsOfFile: config, encoding: .utf8) == "editor = \"nano\"\n")
    }

    @Test func doctorReportsPathsCountsAndTheEditor() throws {
        let home = try MissiveHome()
        defer { home.remove() }
        let body = try home.file("b.md", Data("x".utf8))
        #expect(try home.run(["reply", "1", "--body-file", body, "--no-edit"]).status == 0)
        #expect(try home.run(["drafts", "edit", "1", "--body-file", "-", "--no-edit"], stdin: Data("y".utf8)).status == 0)
        let result = try runMissive(["doctor"], environment: ["MISSIVE_HOME": home.root.path, "EDITOR": "nano"])
        #expect(result.status == 0, "\(result.output)\(result.errorOutput)")
        #expect(result.output.contains("store:     \(home.store)"))
        #expect(result.output.contains("mode 600"))
        #expect(result.output.contains("drafts:    1 open, 0 sent, 0 deleted, 2 revisions"))
        #expect(result.output.contains("outbox:    empty"))
        #expect(result.output.contains("schema:    15 of 15 migrations, journal wal"))
        #expect(result.output.contains("editor:    nano (from EDITOR)"))
        #expect(result.output.contains("integrity: ok"))
    }

    @Test func doctorCountsTheOutboxByStateAndSaysWhatNeedsTheUser() throws {
        let home = try MissiveHome()
        defer { home.remove() }
        let body = try home.file("b.md", Data("x".utf8))
        for thread in ["1", "2", "3"] {
            #expect(try home.run(["reply", thread, "--body-file", body, "--no-edit"]).status == 0)
        }
        #expect(try home.run(["queue", "1", "2", "--at", "+2h"]).status == 0)
        #expect(try home.run(["queue", "3"]).status == 0)
        #expect(try home.run(["queue", "hold", "3"]).status == 0)
        #expect(try home.run(["queue", "cancel", "2"]).status == 0)
        let result = try home.run(["doctor"])
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.output.contains("outbox:    1 queued, 1 held, 1 cancelled\n"), "\(result.output)")
        #expect(result.output.contains("drafts:    3 open, 0 sent, 0 deleted, 3 revisions"), "\(result.output)")

        let json = try home.run(["doctor", "--json"])
        #expect(json.status == 0)
        let report = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        #expect(report["outbox"] as? [String: Int] == ["queued": 1, "held": 1, "cancelled": 1])
        #expect(report["drafts"] as? [String: Int] == ["open": 3, "sent": 0, "deleted": 0])
        #expect(report["healthy"] as? Bool == true && report["store"] as? String == home.store)
        #expect(report["migrations"] as? Int == report["known_migrations"] as? Int)
    }

    @Test func doctorNamesFailedItemsAndWhereToReadWhy() async throws {
        let world = try await OutboxWorld()
        let drafts = try await world.drafts([OutboxWorld.reply("to a closed thread", thread: 3_500_002)])
        #expect(try await world.run(["queue", String(drafts[0])]).status == 0)
        #expect(try await world.run(["send"]).status == 1)
        let doctor = try await world.run(["doctor"])
        #expect(doctor.output.contains("outbox:    1 failed (`missive queue list --state failed` says why)\n"), "\(doctor.output)")
    }

    @Test func doctorOnAFileThatIsNotAStoreFailsWithADataError() throws {
        let home = try MissiveHome()
        defer { home.remove() }
        try FileManager.default.createDirectory(at: home.root.appendingPathComponent("data"), withIntermediateDirectories: true)
        try Data(repeating: 0x42, count: 8192).write(to: URL(fileURLWithPath: home.store))
        let result = try home.run(["doctor"])
        #expect(result.status == 65)
        #expect(result.errorOutput.contains("is not a healthy Missive store"))
        #expect(FileManager.default.contents(atPath: home.store) == Data(repeating: 0x42, count: 8192))
    }
}
