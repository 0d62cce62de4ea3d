import Foundation
import Testing

/// `missive themes list|show` as a user runs it, with MISSIVE_HOME holding the user's own themes.
@Suite struct ThemesCommandTests {
    let home: URL
    var userThemes: URL { home.appendingPathComponent("config/themes") }
    var environment: [String: String] { ["MISSIVE_HOME": home.path] }

    init() throws {
        home = try makeTemporaryDirectory("themes-cli")
    }

    func writeUserTheme(_ name: String, _ text: String) throws {
        try FileManager.default.createDirectory(at: userThemes, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: userThemes.appendingPathComponent("\(name).toml"))
    }

    @Test func listShowsEveryBundledThemeWithItsParentAndNoEscapesWhenPiped() throws {
        let result = try runMissive(["themes", "list", "--no-headers"], environment: environment)
        #expect(result.status == 0, "\(result.errorOutput)")
        let headed = try runMissive(["themes", "list"], environment: environment).output.split(separator: "\n")
        #expect(headed.first?.hasPrefix("NAME      PARENT   SOURCE        DESCRIPTION") == true, "\(headed)")
        #expect(Array(headed.dropFirst()) == result.output.split(separator: "\n"))
        let cut = try runMissive(["themes", "list"], environment: environment.merging(["MISSIVE_COLUMNS": "30"]) { _, new in new })
        #expect(cut.output.split(separator: "\n").allSatisfy { $0.unicodeScalars.count <= 30 }, "\(cut.output)")
        let rows = result.output.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        let parents = Dictionary(rows.map { (String($0[0]), String($0[1])) }, uniquingKeysWith: { first, _ in first })
        #expect(parents == ["default": "-", "dark": "default", "yospos": "dark", "amberpos": "yospos",
                            "fyad": "default", "macinyos": "default", "winpos95": "default"])
        #expect(!result.output.contains("\u{1B}"))
    }

    @Test func aForcedColourDepthDrawsSwatchesInThatDepth() throws {
        let truecolor = try runMissive(["themes", "list", "--color", "truecolor"], environment: environment)
        // yospos's page and text: black, then phosphor green on black.
        #expect(truecolor.output.contains("\u{1B}[0;48;2;0;0;0m  \u{1B}[0;38;2;57;255;20;48;2;0;0;0m Aa"))
        let palette = try runMissive(["themes", "list", "--color", "256"], environment: environment)
        #expect(palette.output.contains("38;5;"))
        #expect(!palette.output.contains("38;2;"))
        let sixteen = try runMissive(["themes", "list", "--color", "16"], environment: environment)
        #expect(!sixteen.output.contains("38;5;") && sixteen.output.contains("\u{1B}[0;"))
        let bad = try runMissive(["themes", "list", "--color", "millions"], environment: environment)
        #expect(bad.status == 64)
    }

    @Test func listMarksUserThemesAndOverrides() throws {
        try writeUserTheme("yospos", "[text]\ncolor = \"#00ff00\"\n")
        try writeUserTheme("night", "parent = \"amberpos\"\ndescription = \"my own\"\n")
        let result = try runMissive(["themes", "list", "--json"], environment: environment)
        #expect(result.status == 0, "\(result.errorOutput)")
        let rows = try #require(JSONSerialization.jsonObject(with: result.stdout) as? [[String: Any]])
        let byName = Dictionary(rows.compactMap { row in (row["name"] as? String).map { ($0, row) } }) { a, _ in a }
        #expect(byName["yospos"]?["source"] as? String == "bundled+user")
        #expect(byName["night"]?["source"] as? String == "user")
        #expect(byName["night"]?["parent"] as? String == "amberpos")
        #expect(byName["night"]?["description"] as? String == "my own")
        #expect(byName["dark"]?["source"] as? String == "bundled")
        #expect(byName["default"]?["parent"] is NSNull)
    }

    @Test func showGivesEachKeyTheFileThatSetIt() throws {
        try writeUserTheme("amberpos", "# mine\n[link]\ncolor = \"#ff8800\"\n")
        let result = try runMissive(["themes", "show", "amberpos"], environment: environment)
        #expect(result.status == 0, "\(result.errorOutput)")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines[1] == "inherits: amberpos -> yospos -> dark -> default")
        let link = try #require(lines.first { $0.hasPrefix("link.color ") })
        #expect(link.contains("#ff8800") && link.hasSuffix(userThemes.appendingPathComponent("amberpos.toml").path + ":3"))
        let page = try #require(lines.first { $0.hasPrefix("page.background ") })
        #expect(page.contains("#000000") && page.contains("yospos") && page.hasSuffix("Themes/yospos.toml:10"))

        let json = try runMissive(["themes", "show", "amberpos", "--json"], environment: environment)
        let object = try #require(JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        let keys = try #require(object["keys"] as? [[String: Any]])
        #expect(keys.count >= 30)
        let codeFont = try #require(keys.first { $0["key"] as? String == "code.font" })
        #expect(codeFont["theme"] as? String == "default")
    }

    @Test func anUnknownThemeIsAConfigError() throws {
        let result = try runMissive(["themes", "show", "yospo"], environment: environment)
        #expect(result.status == 78)
        #expect(result.errorOutput.hasPrefix("missive: no theme named \"yospo\"; known: default,"))
        #expect(result.stdout.isEmpty)
    }

    @Test func aBrokenUserThemeNamesItsFile() throws {
        try writeUserTheme("loop-a", "parent = \"loop-b\"\n")
        try writeUserTheme("loop-b", "parent = \"loop-a\"\n")
        let cycle = try runMissive(["themes", "list"], environment: environment)
        #expect(cycle.status == 78)
        #expect(cycle.errorOutput.contains("loop-a.toml") && cycle.errorOutput.contains("loop-b.toml"))
        #expect(cycle.errorOutput.contains("loop"))

        try FileManager.default.removeItem(at: userThemes)
        try writeUserTheme("typo", "[quote]\nbordr = \"#123456\"\n")
        let typo = try runMissive(["themes", "show", "default"], environment: environment)
        #expect(typo.status == 78)
        #expect(typo.errorOutput == "missive: \(userThemes.appendingPathComponent("typo.toml").path):2: "
            + "\"quote.bordr\" is not a theme key; did you mean \"quote.border\"?\n")
    }

    /// On a real terminal, `auto` draws swatches; NO_COLOR turns them off.
    @Test func listDrawsSwatchesOnATerminalUnlessNoColor() throws {
        let binary = BuiltBinary.url("missive").path
        let colour = try TmuxTerminal(command: "\(binary) themes list", environment: environment,
                                      term: "xterm-256color")
        _ = try colour.waitForExit()
        let screen = try colour.capture(escapes: true)
        #expect(screen.contains("yospos"))
        #expect(screen.contains("\u{1B}["))

        let plain = try TmuxTerminal(command: "\(binary) themes list", environment: environment.merging(["NO_COLOR": "1"]) { $1 },
                                     term: "xterm-256color")
        _ = try plain.waitForExit()
        let plainScreen = try plain.capture(escapes: true)
        #expect(plainScreen.contains("yospos"))
        #expect(!plainScreen.contains("\u{1B}["))
    }
}
