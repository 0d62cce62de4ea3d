import Foundation
import Testing

/// A profile can name Misago as its engine: `profiles add --engine misago` writes it to
/// config.toml, and the engine list in the help and in config.toml's refusal names it.
@Suite struct MisagoProfileTests {
    @Test func aMisagoProfileIsWrittenAndListed() throws {
        let home = try makeTemporaryDirectory("missive-misago-profile")
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = ["MISSIVE_HOME": home.path]
        let add = try runMissive(["profiles", "add", "mg", "--engine", "misago", "--base-url", "http://127.0.0.1:8000/",
                                  "--username", "MissiveMember"], environment: environment)
        #expect(add.status == 0, "\(add.errorOutput)")
        let config = try String(contentsOf: home.appendingPathComponent("config/config.toml"), encoding: .utf8)
        #expect(config.contains("engine = \"misago\""), "\(config)")
        let list = try runMissive(["profiles", "list", "--json"], environment: environment)
        let entries = try #require(try JSONSerialization.jsonObject(with: list.stdout) as? [[String: Any]])
        #expect(entries.first { $0["name"] as? String == "mg" }?["engine"] as? String == "misago", "\(entries)")
    }

    @Test func anUnknownEngineIsRefusedNamingMisago() throws {
        let home = try makeTemporaryDirectory("missive-misago-profile")
        defer { try? FileManager.default.removeItem(at: home) }
        let add = try runMissive(["profiles", "add", "mg", "--engine", "misag", "--base-url", "http://127.0.0.1:8000/"],
                                 environment: ["MISSIVE_HOME": home.path])
        #expect(add.status != 0)
        #expect(add.errorOutput.contains("misago"), "\(add.errorOutput)")
        #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("config/config.toml").path)
                || !((try? String(contentsOf: home.appendingPathComponent("config/config.toml"), encoding: .utf8)) ?? "").contains("misag"))
    }
}
