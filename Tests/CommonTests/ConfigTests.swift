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
