import Foundation
import Testing

/// config.toml as the commands read and write it: numbers out of range, and a config kept as a link.
@Suite struct ConfigFileTests {
    private func home(config: String? = nil) throws -> URL {
        let home = try makeTemporaryDirectory("missive-config-cli")
        if let config {
            let directory = home.appendingPathComponent("config")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(config.utf8).write(to: directory.appendingPathComponent("config.toml"))
        }
        return home
    }

    @Test func aHugeUndoWindowIsAConfigErrorNamingTheKeyNotACrash() throws {
        let home = try home(config: "undo_window = 9223372036854775807\n")
        defer { try? FileManager.default.removeItem(at: home) }
        for command in [["send"], ["drafts", "list"]] {
            let result = try runMissive(command, environment: ["MISSIVE_HOME": home.path])
            #expect(result.status == 78, "\(command): \(result.errorOutput)")
            #expect(result.errorOutput.contains("config.toml:1: undo_window must be a whole number of seconds from 0 to 3600"),
                    "\(result.errorOutput)")
        }
    }

    @Test func aDialectMissiveDoesNotKnowIsAConfigErrorNotASilentDefault() throws {
        // Issue 14: a mistyped dialect once converted every post for the default forum's parser.
        let home = try home(config: """
            default_profile = "typo"

            [profiles.typo]
            engine = "somethingawful"
            base_url = "http://127.0.0.1:9/"
            dialect = "vbuletin"
            """)
        defer { try? FileManager.default.removeItem(at: home) }
        let body = home.appendingPathComponent("body.md")
        try Data("**hello**".utf8).write(to: body)
        let environment = ["MISSIVE_HOME": home.path]
        let queued = try runMissive(["reply", "3500001", "--no-edit", "--body-file", body.path, "--queue"], environment: environment)
        #expect(queued.status == 78, "\(queued.errorOutput)")
        let file = home.appendingPathComponent("config/config.toml").path
        #expect(queued.errorOutput.contains("\(file):6: profiles.typo.dialect = \"vbuletin\" is not a dialect Missive knows; "
            + "use one of somethingawful, vbulletin, phpbb, xenforo, misago"), "\(queued.errorOutput)")
        let preview = try runMissive(["preview", "1"], environment: environment)
        #expect(preview.status == 78, "\(preview.errorOutput)")
        #expect(preview.errorOutput.contains("\(file):6: profiles.typo.dialect = \"vbuletin\""), "\(preview.errorOutput)")
    }

    @Test func anEngineMissiveDoesNotKnowNamesItsLineAndTheEnginesThereAre() throws {
        let home = try home(config: """
            default_profile = "typo"

            [profiles.typo]
            base_url = "http://127.0.0.1:9/"
            engine = "somethingawfull"
            """)
        defer { try? FileManager.default.removeItem(at: home) }
        let result = try runMissive(["whoami"], environment: ["MISSIVE_HOME": home.path])
        #expect(result.status == 78, "\(result.errorOutput)")
        let file = home.appendingPathComponent("config/config.toml").path
        #expect(result.errorOutput.contains("\(file):5: profiles.typo.engine = \"somethingawfull\" is not a forum engine "
            + "Missive knows; use one of somethingawful"), "\(result.errorOutput)")
    }

    @Test func aThemeThatIsNoThemeNamesItsLineAndTheThemesThereAre() throws {
        let home = try home(config: """
            default_profile = "typo"

            [profiles.typo]
            base_url = "http://127.0.0.1:9/"
            theme = "yopsos"
            """)
        defer { try? FileManager.default.removeItem(at: home) }
        // A theme of the user's own counts among the ones there are.
        let themes = home.appendingPathComponent("config/themes")
        try FileManager.default.createDirectory(at: themes, withIntermediateDirectories: true)
        try Data("parent = \"yospos\"\n".utf8).write(to: themes.appendingPathComponent("mine.toml"))
        let post = home.appendingPathComponent("post.md")
        try Data("hello".utf8).write(to: post)
        let result = try runMissive(["preview", post.path], environment: ["MISSIVE_HOME": home.path])
        #expect(result.status == 78, "\(result.errorOutput)")
        let file = home.appendingPathComponent("config/config.toml").path
        #expect(result.errorOutput.contains("\(file):5: profiles.typo.theme = \"yopsos\" is not a theme Missive has; use one of "),
                "\(result.errorOutput)")
        #expect(result.errorOutput.contains("default") && result.errorOutput.contains("yospos")
                    && result.errorOutput.contains("mine"), "\(result.errorOutput)")
    }

    @Test func savingAConfigThatIsALinkWritesItsTargetAndSaysSo() throws {
        let home = try home()
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = ["MISSIVE_HOME": home.path]
        #expect(try runMissive(["init"], environment: environment).status == 0)
        let link = home.appendingPathComponent("config/config.toml")
        let target = home.appendingPathComponent("dotfiles/missive.toml")
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: link, to: target)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)

        let result = try runMissive(["profiles", "add", "sa", "--base-url", "https://forums.somethingawful.com/"], environment: environment)

        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.errorOutput.contains("\(link.path) is a symbolic link: wrote its target \(target.path)"), "\(result.errorOutput)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
        #expect(try String(contentsOf: target, encoding: .utf8).contains("[profiles.sa]"))
    }

    /// Issue 14: a hand-written 65-character profile name broke every command with a message that
    /// blamed its characters and named no line. The file is still refused (the profiles commands
    /// write it back whole), at the table's line, saying how long the name is and what to do;
    /// shortened as it says, every command works again.
    @Test func aTooLongProfileNameIsRefusedAtItsLineAndShorteningItIsTheWayOut() throws {
        let long = String(repeating: "p", count: 65)
        let config = { (name: String) in
            "default_profile = \"sandbox\"\n\n[profiles.sandbox]\nbase_url = \"http://127.0.0.1:8642/\"\n\n"
                + "[profiles.\(name)]\nbase_url = \"https://f.example/\"\n"
        }
        let home = try home(config: config(long))
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = ["MISSIVE_HOME": home.path]
        let file = home.appendingPathComponent("config/config.toml")
        for command in [["drafts", "list"], ["profiles", "list"], ["profiles", "rm", long]] {
            let result = try runMissive(command, environment: environment)
            #expect(result.status == 78, "\(command): \(result.errorOutput)")
            #expect(result.errorOutput.contains("\(file.path):6: the profile name \"\(long)\" has 65 characters, more than the 64 "
                + "a name may have; shorten it there"), "\(result.errorOutput)")
        }
        try Data(config(String(long.dropLast())).utf8).write(to: file)
        let listed = try runMissive(["profiles", "list", "--json"], environment: environment)
        #expect(listed.status == 0, "\(listed.errorOutput)")
        #expect(try runMissive(["drafts", "list"], environment: environment).status == 0)
    }

    @Test func aMistypedKeyIsRefusedNotIgnored() throws {
        let home = try home(config: "[profiles.sa]\nbase_url = \"http://127.0.0.1:9/\"\ndialcet = \"phpbb\"\n")
        defer { try? FileManager.default.removeItem(at: home) }
        let result = try runMissive(["drafts", "list"], environment: ["MISSIVE_HOME": home.path])
        #expect(result.status == 78, "\(result.errorOutput)")
        let file = home.appendingPathComponent("config/config.toml").path
        #expect(result.errorOutput.contains("\(file):3: profiles.sa.dialcet is not a setting Missive reads"), "\(result.errorOutput)")
    }
}
