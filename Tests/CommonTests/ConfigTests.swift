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
                        dialect: .vbulletin, theme: "dark", forumThemes: ["219": "yospos", "26": "fyad"]),
            ])
        #expect(try Config.parse(config.render(), source: "c") == config)
    }

    /// Typed line breaks unless config.toml says `space`; written back only when not the default,
    /// and a value that is neither is refused with the ones there are.
    @Test func softBreaksDefaultToTypedLinesAndReadBack() throws {
        #expect(Config().softBreaks == .newline)
        #expect(!Config().render().contains("soft_breaks"))
        var spaced = Config()
        spaced.softBreaks = .space
        #expect(spaced.render().contains("soft_breaks = \"space\""))
        #expect(try Config.parse(spaced.render(), source: "c") == spaced)
        #expect(try Config.parse("soft_breaks = \"newline\"\n", source: "c").softBreaks == .newline)
        do {
            _ = try Config.parse("soft_breaks = \"tabs\"\n", source: "config.toml")
            Issue.record("accepted soft_breaks = tabs")
        } catch {
            #expect(error.status == .config)
            #expect(error.description.contains("soft_breaks") && error.description.contains("space") && error.description.contains("newline"),
                    "\(error.description)")
        }
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
        #expect(Profile.nameProblem("sa-main_2") == nil)
        #expect(Profile.nameProblem(String(repeating: "a", count: 64)) == nil)
        for bad in ["", "a.b", "a b", "../x", "ünï"] {
            #expect(Profile.nameProblem(bad) == .characters, "\(bad)")
        }
        #expect(Profile.nameProblem(String(repeating: "a", count: 65)) == .length(65))
    }

    /// Issue 14: a 65-character name was refused as if it held a bad character, with no line and
    /// no way out. It is still refused (the file is rewritten whole by `profiles add|use|rm`), but
    /// the message names the line, the length and what to do.
    @Test func aTooLongProfileNameIsRefusedAtItsLineSayingHowLong() {
        let name = String(repeating: "p", count: 65)
        let text = "default_profile = \"sa\"\n\n[profiles.sa]\nbase_url = \"http://x/\"\n\n[profiles.\(name)]\nbase_url = \"http://y/\"\n"
        #expect(throws: ConfigError.badProfileName(file: "config.toml", line: 6, name: name, problem: .length(65))) {
            try Config.parse(text, source: "config.toml")
        }
        let message = ConfigError.badProfileName(file: "config.toml", line: 6, name: name, problem: .length(65)).description
        #expect(message.hasPrefix("config.toml:6: the profile name \"\(name)\" has 65 characters, more than the 64"))
        #expect(message.contains("shorten it there"))
    }

    @Test func engineAndDialectAreDecidedWhenTheFileIsRead() throws {
        let config = try Config.parse("""
            [profiles.sa]
            base_url = "https://forums.somethingawful.com/"
            engine = "somethingawful"
            dialect = "phpbb"

            [profiles.plain]
            base_url = "https://f.example/"
            """, source: "c")
        #expect(try config.profile(named: "sa").dialect == .phpbb)
        #expect(try config.profile(named: "sa").bbcodeDialect == .phpbb)
        // No dialect: the engine's own, by a total mapping (no string looked up, nothing to fall back from).
        #expect(try config.profile(named: "plain").engine == .somethingawful)
        #expect(try config.profile(named: "plain").bbcodeDialect == ForumEngine.somethingawful.dialect)
    }

    @Test(arguments: [
        ("dialect = \"vbuletin\"", "config.toml:3: profiles.typo.dialect = \"vbuletin\" is not a dialect Missive knows; "
            + "use one of somethingawful, vbulletin, phpbb, xenforo, misago"),
        ("engine = \"somethingawfull\"", "config.toml:3: profiles.typo.engine = \"somethingawfull\" is not a forum engine "
            + "Missive knows; use one of somethingawful, misago"),
        ("dialect = \"\"", "config.toml:3: profiles.typo.dialect = \"\" is not a dialect"),
        ("dialect = \"PHPBB\"", "config.toml:3: profiles.typo.dialect = \"PHPBB\" is not a dialect"),
        ("dialect = 3", "config.toml:3: profiles.typo.dialect must be a quoted string"),
        ("dialcet = \"phpbb\"", "config.toml:3: profiles.typo.dialcet is not a setting Missive reads; the settings there are "
            + "engine, base_url, username, dialect, theme, image_api, image_client_id, context, late_limit, notify_command, forum_themes.FORUM"),
        ("[profiles.typo.forum_themes]\nyospos = \"yospos\"", "config.toml:4: profiles.typo.forum_themes.yospos must be named by "
            + "a forum's number"),
    ])
    func aValueOutsideItsSetIsRefusedAtLoadNamingFileLineKeyAndTheValidOnes(line: String, message: String) {
        do {
            _ = try Config.parse("[profiles.typo]\nbase_url = \"http://x/\"\n\(line)\n", source: "config.toml")
            Issue.record("accepted \(line)")
        } catch {
            #expect(error.status == .config)
            #expect(error.description.hasPrefix(message), "\(error.description)")
        }
    }

    @Test(arguments: ["ftp://f.example/", "forums.somethingawful.com", "https://", "", "http:/nohost"])
    func aBaseURLThatIsNoWebAddressIsRefusedAtItsLine(value: String) {
        #expect(throws: ConfigError.notAnAddress(file: "c", line: 2, key: "profiles.sa.base_url", value: value)) {
            try Config.parse("[profiles.sa]\nbase_url = \(TOML.quote(value))\n", source: "c")
        }
    }

    @Test func anUnknownTopLevelKeyIsRefusedNotIgnored() {
        #expect(throws: ConfigError.unknownKey(file: "c", line: 2, key: "undo_windw",
                                               known: Config.topKeys + ["[profiles.NAME]", "[remotes.NAME]"])) {
            try Config.parse("editor = \"vi\"\nundo_windw = 5\n", source: "c")
        }
    }

    @Test func aProfileTableWithNoKeysIsAProfileMissingItsAddressNotNothing() {
        #expect(throws: ConfigError.missingKey(file: "c", table: "profiles.empty", key: "base_url")) {
            try Config.parse("[profiles.empty]\n", source: "c")
        }
    }

    @Test func aThemeNameFromTheFileIsReportedAtItsLine() throws {
        let config = try Config.parse("[profiles.sa]\nbase_url = \"http://x/\"\ntheme = \"drak\"\n", source: "c.toml")
        #expect(try config.profile(named: "sa").invalidValue("theme", "drak", isNot: "a theme Missive has", validValues: ["dark"])
                    == "c.toml:3: profiles.sa.theme = \"drak\" is not a theme Missive has; use one of dark")
    }

    @Test func theSandboxProfileHasItsImageHostAndOthersKeepTheirs() throws {
        let sandbox = Config.sandboxProfile(port: 9000)
        #expect(sandbox.imageAPI == "http://127.0.0.1:9001/" && sandbox.imageClientID == "missive-sandbox")
        let text = "[profiles.sa]\nbase_url = \"https://forums.somethingawful.com/\"\nimage_api = \"https://api.imgur.com/\"\nimage_client_id = \"abc123\"\n"
        let profile = try Config.parse(text, source: "c").profile(named: "sa")
        #expect(profile.imageAPI == "https://api.imgur.com/" && profile.imageClientID == "abc123")
        #expect(try Config.parse("[profiles.sa]\nbase_url = \"https://x/\"\n", source: "c").profile(named: "sa").imageAPI == nil)
    }

    @Test(arguments: [
        ("image_api = \"ftp://x/\"", "c.toml:3: profiles.sa.image_api must be an http:// or https:// address"),
        ("image_api = 5", "c.toml:3: profiles.sa.image_api must be"),
        ("image_client_id = \"has space\"", "c.toml:3: profiles.sa.image_client_id must be an image host's client id"),
        ("image_client_id = \"\"", "c.toml:3: profiles.sa.image_client_id must be an image host's client id"),
    ])
    func aBadImageHostSettingIsRefusedAtItsLine(line: String, message: String) {
        do {
            _ = try Config.parse("[profiles.sa]\nbase_url = \"https://x/\"\n\(line)\n", source: "c.toml")
            Issue.record("accepted \(line)")
        } catch {
            #expect(error.description.hasPrefix(message), "\(error.description)")
        }
    }
}
