import Foundation
import Testing

@Suite struct ProfilesCommandTests {
    private func home() throws -> (URL, [String: String]) {
        let home = try makeTemporaryDirectory("missive-profiles")
        return (home, ["MISSIVE_HOME": home.path])
    }

    /// The sandbox's image host moves with its forum: to the port after a sandbox's forum when no
    /// sandbox answers there to ask (nothing listens on port 9 here: the discard port), and away
    /// altogether for a real forum, whose images a sandbox never serves. Each change is named, and
    /// what stays too.
    @Test func movingTheSandboxProfileSaysWhatChangedAndTheImageHostFollows() throws {
        let (home, environment) = try home()
        defer { try? FileManager.default.removeItem(at: home) }
        #expect(try runMissive(["init"], environment: environment).status == 0)
        let moved = try runMissive(["profiles", "add", "sandbox", "--base-url", "http://127.0.0.1:9/"], environment: environment)
        #expect(moved.status == 0, "\(moved.errorOutput)")
        #expect(moved.output.hasPrefix("Updated profile sandbox: base_url http://127.0.0.1:8642/ -> http://127.0.0.1:9/; "
            + "image_api http://127.0.0.1:8643/ -> http://127.0.0.1:10/ (the port after the forum's, a sandbox's default: "
            + "no sandbox answered to ask).\nKept: engine somethingawful, username Missive Tester, "), "\(moved.output)")
        var config = try String(contentsOf: home.appendingPathComponent("config/config.toml"), encoding: .utf8)
        #expect(config.contains("image_api = \"http://127.0.0.1:10/\""), "\(config)")

        let real = try runMissive(["profiles", "add", "sandbox", "--base-url", "https://forums.example/"], environment: environment)
        #expect(real.output.contains("image_api http://127.0.0.1:10/ -> (none) (a sandbox's image host does not serve another forum"),
                "\(real.output)")
        #expect(real.output.contains("image_client_id missive-sandbox -> (none)"), "\(real.output)")
        config = try String(contentsOf: home.appendingPathComponent("config/config.toml"), encoding: .utf8)
        #expect(!config.contains("image_api") && !config.contains("image_client_id"), "\(config)")

        // An image host the user named is theirs: it stays where the forum goes.
        let own = try runMissive(["profiles", "add", "mine", "--base-url", "http://127.0.0.1:9/"], environment: environment)
        #expect(own.output == "Added profile mine.\n", "nothing answers on port 9, so no image host is guessed: \(own.output)")
    }

    @Test func addListUseAndRemove() throws {
        let (home, environment) = try home()
        defer { try? FileManager.default.removeItem(at: home) }
        let add = try runMissive(["profiles", "add", "sa", "--base-url", "https://forums.somethingawful.com/", "--username", "SomeGoon", "--dialect", "somethingawful"], environment: environment)
        #expect(add.status == 0)
        #expect(try runMissive(["profiles", "use", "sa"], environment: environment).status == 0)
        let list = try runMissive(["profiles", "list", "--json"], environment: environment)
        let entries = try #require(try JSONSerialization.jsonObject(with: list.stdout) as? [[String: Any]])
        #expect(entries.map { $0["name"] as? String } == ["sandbox", "sa"])
        #expect(entries.first { $0["name"] as? String == "sa" }?["default"] as? Bool == true)
        #expect(entries.first { $0["name"] as? String == "sa" }?["username"] as? String == "SomeGoon")
        let config = try String(contentsOf: home.appendingPathComponent("config/config.toml"), encoding: .utf8)
        #expect(config.contains("default_profile = \"sa\""))

        // Removing the default makes the first remaining one the default, and drops its cookie jar.
        let jar = home.appendingPathComponent("data/cookies/sa.txt")
        try FileManager.default.createDirectory(at: jar.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "# jar\n".write(to: jar, atomically: true, encoding: .utf8)
        let remove = try runMissive(["profiles", "rm", "sa"], environment: environment)
        #expect(remove.status == 0)
        #expect(remove.output.contains("the default is sandbox"))
        #expect(!FileManager.default.fileExists(atPath: jar.path))
        let plain = try runMissive(["profiles", "list", "--no-headers"], environment: environment)
        #expect(plain.output.hasPrefix("*  sandbox         somethingawful  "), "\(plain.output)")
        #expect(plain.output.contains("http://127.0.0.1:8642/"))
    }

    @Test func badProfilesAreRefusedWithUsageStatus() throws {
        let (home, environment) = try home()
        defer { try? FileManager.default.removeItem(at: home) }
        for arguments in [
            ["profiles", "add", "bad name", "--base-url", "https://f.example/"],
            // Longer than config.toml accepts: once written, every command then exited 78 (issue 13).
            ["profiles", "add", String(repeating: "p", count: 65), "--base-url", "https://f.example/"],
            ["profiles", "add", "é", "--base-url", "https://f.example/"],
            ["profiles", "add", "x", "--base-url", "ftp://f.example/"],
            ["profiles", "add", "x", "--base-url", "https://f.example/", "--engine", "phpbb3000"],
            ["profiles", "add", "x", "--base-url", "https://f.example/", "--dialect", "markdown"],
            // A theme is checked against the themes there are before it is written.
            ["profiles", "add", "x", "--base-url", "https://f.example/", "--theme", "yopsos"],
            ["profiles", "add", "x"],
            ["profiles", "rm", "sandbox"],
        ] {
            let result = try runMissive(arguments, environment: environment)
            #expect(result.status == 64, "\(arguments): \(result.errorOutput)")
            #expect(!result.errorOutput.isEmpty)
        }
        #expect(try runMissive(["profiles", "use", "nope"], environment: environment).status == 78)
        #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("config/config.toml").path), "nothing was written")
    }

    @Test func aThemeOfTheUsersOwnCanBeChosen() throws {
        let (home, environment) = try home()
        defer { try? FileManager.default.removeItem(at: home) }
        let themes = home.appendingPathComponent("config/themes")
        try FileManager.default.createDirectory(at: themes, withIntermediateDirectories: true)
        try Data("parent = \"yospos\"\n".utf8).write(to: themes.appendingPathComponent("mine.toml"))
        let add = try runMissive(["profiles", "add", "x", "--base-url", "https://f.example/", "--theme", "mine", "--dialect", "phpbb"],
                                 environment: environment)
        #expect(add.status == 0, "\(add.errorOutput)")
        let list = try runMissive(["profiles", "list", "--json"], environment: environment)
        let entries = try #require(try JSONSerialization.jsonObject(with: list.stdout) as? [[String: Any]])
        let entry = try #require(entries.first { $0["name"] as? String == "x" })
        #expect(entry["theme"] as? String == "mine" && entry["dialect"] as? String == "phpbb" && entry["engine"] as? String == "somethingawful")
    }
}
