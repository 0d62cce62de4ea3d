import Foundation
import Testing
@testable import Markup
import Common

/// Parent resolution over real files: the bundled Themes/ folder and user folders in temp dirs.
@Suite struct ThemeFactoryTests {
    static let bundled = BundledThemes.sourceTreeThemes

    /// A user theme folder holding `files` (name → TOML text), removed by the caller.
    func userThemes(_ files: [String: String]) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("user-themes-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, text) in files {
            try Data(text.utf8).write(to: directory.appendingPathComponent(name + ".toml"))
        }
        return directory
    }

    func factory(user files: [String: String] = [:]) throws -> (ThemeFactory, URL) {
        let directory = try userThemes(files)
        return (try ThemeFactory.load(bundledDirectory: Self.bundled, userDirectory: directory), directory)
    }

    @Test func theBundledThemesAreAllThere() throws {
        let factory = try ThemeFactory.load(bundledDirectory: Self.bundled, userDirectory: nil)
        #expect(factory.names.first == "default")
        for name in ["default", "dark", "yospos", "amberpos", "fyad", "macinyos", "winpos95"] {
            #expect(factory.names.contains(name), "missing bundled theme \(name)")
        }
        #expect(factory.parent(of: "default") == nil)
        #expect(factory.parent(of: "yospos") == "dark")
        #expect(factory.parent(of: "amberpos") == "yospos")
        #expect(factory.parent(of: "fyad") == "default")
    }

    @Test func everyBundledThemeResolvesEveryKey() throws {
        let factory = try ThemeFactory.load(bundledDirectory: Self.bundled, userDirectory: nil)
        for name in factory.names {
            let theme = try factory.theme(named: name)
            #expect(Set(theme.origins.keys) == Set(ThemeKey.allCases), "\(name)")
            #expect(theme.chain.last == "default")
            #expect(theme.description != nil, "\(name) has no description")
        }
        // default is the root: it must set every key itself.
        let root = try factory.theme(named: "default")
        #expect(root.origins.values.allSatisfy { $0.theme == "default" })
    }

    /// A theme is for reading: text must stand out from what it sits on (WCAG AA for body text).
    @Test func everyBundledThemeIsReadable() throws {
        let factory = try ThemeFactory.load(bundledDirectory: Self.bundled, userDirectory: nil)
        let pairs: [(ThemeKey, ThemeKey, Double)] = [
            (.textColor, .postBackground, 4.5), (.quoteColor, .quoteBackground, 4.5),
            (.codeColor, .codeBackground, 4.5), (.quoteHeaderColor, .quoteHeaderBackground, 4.5),
            (.postHeaderColor, .postHeaderBackground, 4.5), (.spoilerColor, .spoilerBackground, 4.5),
            (.linkColor, .postBackground, 3), (.fixedColor, .postBackground, 3),
            (.accentBold, .postBackground, 4.5), (.accentStrike, .postBackground, 3),
        ]
        for name in factory.names {
            let theme = try factory.theme(named: name)
            for (foreground, background, minimum) in pairs {
                let ratio = theme.color(foreground).contrast(with: theme.color(background))
                #expect(ratio >= minimum, "\(name): \(foreground.rawValue) on \(background.rawValue) is \(ratio):1")
            }
        }
    }

    @Test func anInheritanceChainTakesEachKeyFromTheNearestTheme() throws {
        let factory = try ThemeFactory.load(bundledDirectory: Self.bundled, userDirectory: nil)
        let amber = try factory.theme(named: "amberpos")
        #expect(amber.chain == ["amberpos", "yospos", "dark", "default"])
        #expect(amber.color(.textColor) == ThemeColor(hex: "#ffb000"))
        #expect(amber.origins[.textColor]?.theme == "amberpos")
        // Set by yospos, not by amberpos: black page, the monospace text font.
        #expect(amber.origins[.pageBackground]?.theme == "yospos")
        #expect(amber.color(.pageBackground) == ThemeColor(hex: "#000000"))
        #expect(amber.text(.textFont).contains("monospace"))
        // Set by dark only.
        #expect(amber.origins[.spoilerColor]?.theme == "yospos")
        #expect(try factory.theme(named: "dark").origins[.codeBackground]?.theme == "dark")
        // Set by default only.
        #expect(amber.origins[.codeFont]?.theme == "default")
        #expect(amber.origins[.codeFont]?.file == Self.bundled.appendingPathComponent("default.toml").path)
        let line = try #require(amber.origins[.codeFont]?.line)
        let defaultText = try String(contentsOf: Self.bundled.appendingPathComponent("default.toml"), encoding: .utf8)
        #expect(defaultText.components(separatedBy: "\n")[line - 1].hasPrefix("font = \"'Courier New'"))
    }

    @Test func aUserFileWithABundledNameOverridesOnlyTheKeysItSets() throws {
        let (factory, directory) = try factory(user: [
            "yospos": "[text]\ncolor = \"#00ff00\"\n",
            "default": "[code]\nfont = \"'Iosevka', monospace\"\n",
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let yospos = try factory.theme(named: "yospos")
        #expect(yospos.color(.textColor) == ThemeColor(hex: "#00ff00"))
        #expect(yospos.origins[.textColor]?.file == directory.appendingPathComponent("yospos.toml").path)
        // The rest of bundled yospos still holds, parent included.
        #expect(yospos.chain == ["yospos", "dark", "default"])
        #expect(yospos.color(.pageBackground) == ThemeColor(hex: "#000000"))
        #expect(yospos.origins[.pageBackground]?.file == Self.bundled.appendingPathComponent("yospos.toml").path)
        // A user default reaches every theme that does not set the key itself.
        #expect(yospos.text(.codeFont) == "'Iosevka', monospace")
        #expect(try factory.theme(named: "amberpos").text(.codeFont) == "'Iosevka', monospace")
        #expect(try factory.theme(named: "macinyos").text(.codeFont).hasPrefix("Monaco"))
    }

    @Test func aUserFileCanGiveABundledThemeANewParent() throws {
        let (factory, directory) = try factory(user: ["fyad": "parent = \"dark\"\n"])
        defer { try? FileManager.default.removeItem(at: directory) }
        let fyad = try factory.theme(named: "fyad")
        #expect(fyad.chain == ["fyad", "dark", "default"])
        #expect(fyad.color(.pageBackground) == ThemeColor(hex: "#ff8fc8"))  // still bundled fyad's
        #expect(fyad.color(.textColor) == ThemeColor(hex: "#d8d8d8"))  // now dark's
    }

    @Test func aUserThemeExtendsABundledOne() throws {
        let (factory, directory) = try factory(user: [
            "night-shift": "parent = \"amberpos\"\ndescription = \"mine\"\n[page]\nbackground = \"#101010\"\n",
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(factory.names.contains("night-shift"))
        let theme = try factory.theme(named: "night-shift")
        #expect(theme.chain == ["night-shift", "amberpos", "yospos", "dark", "default"])
        #expect(theme.description == "mine")
        #expect(theme.color(.pageBackground) == ThemeColor(hex: "#101010"))
        #expect(theme.color(.textColor) == ThemeColor(hex: "#ffb000"))
    }

    @Test func aThemeWithoutParentInheritsFromDefault() throws {
        let (factory, directory) = try factory(user: ["plain": "[link]\ncolor = \"#ff0000\"\n"])
        defer { try? FileManager.default.removeItem(at: directory) }
        let plain = try factory.theme(named: "plain")
        #expect(plain.chain == ["plain", "default"])
        #expect(plain.color(.linkColor) == ThemeColor(hex: "#ff0000"))
        #expect(plain.color(.textColor) == (try factory.theme(named: "default")).color(.textColor))
    }

    @Test func aCycleOfParentsIsAnErrorNamingEveryFile() throws {
        let (factory, directory) = try factory(user: [
            "a": "parent = \"b\"\n", "b": "parent = \"c\"\n", "c": "parent = \"a\"\n", "start": "parent = \"b\"\n",
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            _ = try factory.theme(named: "start")
            Issue.record("a cycle resolved")
        } catch {
            guard case .cycle(let steps) = error else { Issue.record("wrong error \(error)"); return }
            #expect(steps.map(\.theme) == ["b", "c", "a"])
            for name in ["a", "b", "c"] {
                #expect(error.description.contains(directory.appendingPathComponent("\(name).toml").path))
            }
            #expect(!error.description.contains("start.toml"))
            #expect(error.status == .config)
        }
        // The themes outside the loop still resolve.
        #expect(throws: Never.self) { try factory.theme(named: "yospos") }
    }

    @Test func aThemeThatIsItsOwnParentIsACycle() throws {
        let (factory, directory) = try factory(user: ["loop": "parent = \"loop\"\n"])
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("loop.toml").path
        #expect(throws: ThemeError.cycle([.init(theme: "loop", file: file)])) { try factory.theme(named: "loop") }
    }

    @Test func aDefaultThatPointsBackIntoItsChildrenIsACycle() throws {
        let (factory, directory) = try factory(user: ["default": "parent = \"yospos\"\n"])
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(throws: ThemeError.self) { try factory.theme(named: "default") }
        #expect(throws: ThemeError.self) { try factory.theme(named: "amberpos") }
    }

    @Test func anUnknownParentIsAnErrorWithFileAndLine() throws {
        let (factory, directory) = try factory(user: ["orphan": "# mine\nparent = \"nosuch\"\n"])
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("orphan.toml").path
        do {
            _ = try factory.theme(named: "orphan")
            Issue.record("an unknown parent resolved")
        } catch {
            guard case let .unknownParent(theme, errorFile, line, parent, known) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(theme == "orphan" && errorFile == file && line == 2 && parent == "nosuch")
            #expect(known.contains("yospos"))
            #expect(error.description.hasPrefix("\(file):2: theme \"orphan\" names parent \"nosuch\""))
        }
    }

    @Test func anUnknownThemeListsTheKnownOnes() throws {
        let factory = try ThemeFactory.load(bundledDirectory: Self.bundled, userDirectory: nil)
        #expect(throws: ThemeError.unknownTheme("yospo", known: factory.names)) { try factory.theme(named: "yospo") }
    }

    @Test func aBadUserFileStopsLoadingAndIsNamed() throws {
        let directory = try userThemes(["ok": "", "bad": "[text]\ncolor = \"blue\"\n"])
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(throws: ThemeError.badValue(file: directory.appendingPathComponent("bad.toml").path, line: 2,
                                            key: "text.color", expected: "a colour in quotes like \"#1a2b3c\" or \"#fff\"")) {
            try ThemeFactory.load(bundledDirectory: Self.bundled, userDirectory: directory)
        }
    }

    @Test func aMissingUserFolderIsFineButMissingBundledThemesAreNot() throws {
        let nowhere = FileManager.default.temporaryDirectory.appendingPathComponent("no-themes-\(UUID())")
        let factory = try ThemeFactory.load(bundledDirectory: Self.bundled, userDirectory: nowhere)
        #expect(factory.names.count >= 7)
        #expect(throws: ThemeError.noBundledThemes(searched: [nowhere.path])) {
            try ThemeFactory.load(bundledDirectory: nowhere, userDirectory: nil)
        }
        // A folder of themes without default.toml cannot be the root of anything.
        let rootless = try userThemes(["dark": ""])
        defer { try? FileManager.default.removeItem(at: rootless) }
        #expect(throws: ThemeError.noBundledThemes(searched: [rootless.path])) {
            try ThemeFactory.load(bundledDirectory: rootless, userDirectory: nil)
        }
    }

    @Test func withoutTheRootKeysAThemeCannotResolve() throws {
        let incomplete = ThemeFactory(bundled: [
            try ThemeFile.parse("[text]\ncolor = \"#000\"\n", name: "default", path: "default.toml"),
        ])
        #expect(throws: ThemeError.self) { try incomplete.theme(named: "default") }
        do {
            _ = try incomplete.theme(named: "default")
        } catch {
            #expect(error.description.contains("theme \"default\" has no value for page.background"))
        }
    }

    @Test func bundledThemesAreFoundFromTheEnvironmentFirst() throws {
        let directory = try userThemes(["default": ""])
        defer { try? FileManager.default.removeItem(at: directory) }
        let found = try BundledThemes.directory(environment: ["MISSIVE_THEMES_DIR": directory.path], executable: nil)
        #expect(found.path == directory.path)
        // Without the override, the source tree's Themes/ is the fallback.
        #expect(try BundledThemes.directory(environment: [:], executable: nil).path == Self.bundled.path)
    }
}

/// Which theme a preview uses.
@Suite struct ThemeSelectionTests {
    let profile = Profile(name: "sa", baseURL: "https://forums.example/", theme: "dark", forumThemes: ["219": "yospos"])

    @Test func askedForBeatsForumBeatsProfileBeatsDefault() {
        #expect(ThemeSelection.name(requested: "fyad", profile: profile, forum: "219") == "fyad")
        #expect(ThemeSelection.name(requested: nil, profile: profile, forum: "219") == "yospos")
        #expect(ThemeSelection.name(requested: nil, profile: profile, forum: "26") == "dark")
        #expect(ThemeSelection.name(requested: nil, profile: profile, forum: nil) == "dark")
        #expect(ThemeSelection.name(requested: nil, profile: Profile(name: "x", baseURL: "u"), forum: "219") == "default")
        #expect(ThemeSelection.name(requested: nil, profile: nil, forum: nil) == "default")
    }

    @Test func aForumThemeThatIsNoThemeIsReportedAtItsLineInConfigToml() throws {
        let config = try Config.parse("""
            [profiles.sa]
            base_url = "https://forums.example/"
            theme = "yospos"

            [profiles.sa.forum_themes]
            219 = "yopsos"
            """, source: "/home/x/config.toml")
        let profile = try config.profile(named: "sa")
        let factory = try #require(BundledThemeFixture.factory)
        #expect(throws: ThemeError.invalidConfigValue(
            "/home/x/config.toml:6: profiles.sa.forum_themes.219 = \"yopsos\" is not a theme Missive has; use one of "
                + factory.names.joined(separator: ", "))) {
            try ThemeSelection.theme(requested: nil, profile: profile, forum: "219", from: factory)
        }
        // Elsewhere the profile's own theme, which is one; asked for by name, the old message.
        #expect(try ThemeSelection.theme(requested: nil, profile: profile, forum: "26", from: factory).name == "yospos")
        #expect(throws: ThemeError.unknownTheme("nope", known: factory.names)) {
            try ThemeSelection.theme(requested: "nope", profile: profile, forum: "219", from: factory)
        }
    }
}
