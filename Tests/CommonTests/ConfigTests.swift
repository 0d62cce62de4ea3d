import Foundation
import Testing
@testable import Common

@Suite struct ConfigTests {
    @Test func missingFileMeansTheSandboxDefaults() throws {
        let paths = MissivePaths.resolve(environment: ["MISSIVE_HOME": "/nonexistent/missive-config-test"])
        let config = try Config.load(from: paths)
        #expect(config.defaultProfile == "sandbox")
        #expect(try config.profile().baseURL == "http://127.0.0.1:\(Config.sandboxPort)/")
        #expect(config.undoWindow == 10)
    }

    @Test func renderThenParseGivesTheSameConfig() throws {
        let config = Config(
            editor: "code --wait", undoWindow: 30, defaultProfile: "sa",
            profiles: [
                Config.sandboxProfile(port: 9000),
                Profile(name: "sa", baseURL: "https://forums.somethingawful.com/", username: "Some \"Goon\"",
                        dialect: "somethingawful", theme: "dark", forumThemes: ["219": "yospos", "26": "fyad"]),
            ])
        #expect(try Config.parse(config.render(), source: "c") == config)
    }

    @Test func saveWritesAPrivateFileThatLoadsBack() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("missive-config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let paths = MissivePaths.resolve(environment: ["MISSIVE_HOME": root.path])
        var config = Config()
        config.editor = "nano"
        try config.save(to: paths)
        config.undoWindow = 5
        try config.save(to: paths)  // over an existing file
        #expect(try Config.load(from: paths) == config)
        let mode = try FileManager.default.attributesOfItem(atPath: Config.file(in: paths).path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func aLeftoverTemporaryLinkDoesNotRedirectTheSave() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("missive-config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let paths = MissivePaths.resolve(environment: ["MISSIVE_HOME": root.path])
        try paths.createDirectories()
        let victim = root.appendingPathComponent("victim")
        try Data("not a config".utf8).write(to: victim)
        try FileManager.default.createSymbolicLink(
            at: Config.file(in: paths).appendingPathExtension("tmp"), withDestinationURL: victim)

        var config = Config()
        config.editor = "nano"
        try config.save(to: paths)

        #expect(try String(contentsOf: victim, encoding: .utf8) == "not a config")
        #expect(!PrivateFile.isSymbolicLink(Config.file(in: paths).path))
        #expect(try Config.load(from: paths) == config)
    }

    @Test func aConfigThatIsALinkIsWrittenAtItsTargetAndSaysSo() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("missive-config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let paths = MissivePaths.resolve(environment: ["MISSIVE_HOME": root.path])
        try paths.createDirectories()
        let dotfiles = root.appendingPathComponent("dotfiles")
        try FileManager.default.createDirectory(at: dotfiles, withIntermediateDirectories: true)
        let target = dotfiles.appendingPathComponent("missive.toml")
        try Config().save(to: paths)
        try FileManager.default.moveItem(at: Config.file(in: paths), to: target)
        try FileManager.default.createSymbolicLink(atPath: Config.file(in: paths).path, withDestinationPath: "../dotfiles/missive.toml")

        var config = Config()
        config.undoWindow = 42
        let written = try config.save(to: paths)

        #expect(written?.path == target.path)
        #expect(PrivateFile.isSymbolicLink(Config.file(in: paths).path), "the link is kept")
        #expect(try Config.load(from: paths).undoWindow == 42)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dotfiles.path) == ["missive.toml"])
        // A plain file is written as it is, and nothing is said.
        try FileManager.default.removeItem(at: Config.file(in: paths))
        #expect(try config.save(to: paths) == nil)
    }

    /// Every number in the file, with values below, above and beside its range (issue 12: an
    /// undo_window of Int.max crashed every send).
    @Test(arguments: [
        ("undo_window", "-1"), ("undo_window", "3601"), ("undo_window", "9223372036854775807"), ("undo_window", "1.5"),
        ("undo_window", "99999999999999999999"), ("undo_window", "\"10\""),
        ("retry_base", "0"), ("retry_base", "-5"), ("retry_base", "3601"), ("retry_base", "9223372036854775807"), ("retry_base", "2.0"),
        ("retry_cap", "0"), ("retry_cap", "-1"), ("retry_cap", "86401"), ("retry_cap", "9223372036854775807"), ("retry_cap", "true"),
        ("retry_attempts", "0"), ("retry_attempts", "-1"), ("retry_attempts", "101"), ("retry_attempts", "9223372036854775807"),
        ("retry_attempts", "[1]"),
        ("reconcile_grace", "0"), ("reconcile_grace", "-60"), ("reconcile_grace", "3601"),
        ("reconcile_grace", "9223372036854775807"), ("reconcile_grace", "1e3"),
    ])
    func aNumberOutsideItsRangeNamesTheKeyAndTheRange(key: String, value: String) {
        do {
            _ = try Config.parse("\n\(key) = \(value)\n", source: "config.toml")
            Issue.record("accepted \(key) = \(value)")
        } catch {
            #expect(error.status == .config)
            #expect(error.description.hasPrefix("config.toml:2: \(key) must be a whole number of "), "\(error.description)")
            #expect(error.description.contains(" from "), "\(error.description)")
        }
    }

    @Test func theMessageSaysWhatIsAllowed() throws {
        #expect(throws: ConfigError.wrongType(file: "config.toml", key: "undo_window", line: 1,
                                              expected: "a whole number of seconds from 0 to 3600, not 9223372036854775807")) {
            try Config.parse("undo_window = 9223372036854775807", source: "config.toml")
        }
        // The ends of each range are allowed.
        let ends = "undo_window = 3600\nretry_base = 3600\nretry_cap = 86400\nretry_attempts = 100\nreconcile_grace = 1"
        #expect(try Config.parse(ends, source: "c").retry.cap == 86_400)
        #expect(try Config.parse("undo_window = 0", source: "c").undoWindow == 0)
    }

    @Test func unknownProfileListsTheKnownOnes() {
        #expect(throws: ConfigError.unknownProfile("nope", known: ["sandbox"])) {
            try Config().profile(named: "nope")
        }
    }

    @Test(arguments: [
        ("undo_window = \"ten\"", "undo_window must be a whole number"),
        ("undo_window = -1", "undo_window must be a whole number"),
        ("editor = 3", "editor must be a quoted string"),
        ("[profiles.x]\nusername = \"a\"", "[profiles.x] needs a base_url"),
        ("default_profile = \"ghost\"", "no profile named \"ghost\""),
        ("editor = vim", "strings need quotes"),
        ("[profiles.\"a.b\"]\nbase_url = \"http://x/\"", "may not contain \".\" (\"a.b\")"),
        ("[profiles.\"a b\"]\nbase_url = \"http://x/\"", "profile name \"a b\" may use only"),
    ])
    func badConfigSaysWhatAndWhere(text: String, message: String) {
        do {
            _ = try Config.parse(text, source: "config.toml")
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.description.contains(message), "\(error.description)")
            #expect(error.status == .config)
        }
    }

    @Test func anUnreadableConfigIsAnErrorNotTheDefaults() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("missive-config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let paths = MissivePaths.resolve(environment: ["MISSIVE_HOME": root.path])
        // A directory where the file should be: reading fails for a reason other than absence.
        try FileManager.default.createDirectory(at: Config.file(in: paths), withIntermediateDirectories: true)
        #expect(throws: ConfigError.unreadable(file: Config.file(in: paths).path, reason: "it is a directory")) {
            try Config.load(from: paths)
        }
        #expect(throws: ConfigError.self) { try Config().save(to: paths) }
    }

    @Test func profileNamesFollowOneRule() {
        #expect(Profile.isValidName("sa-main_2"))
        for bad in ["", "a.b", "a b", "../x", "ünï", String(repeating: "a", count: 65)] {
            #expect(!Profile.isValidName(bad), "\(bad)")
        }
    }
}
