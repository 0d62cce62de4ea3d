import Application
import ArgumentParser
import Common
import Foundation
import Markup

struct ThemesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "themes",
        abstract: "List the preview themes and show what each one sets.",
        discussion: """
            Themes are TOML files. Missive's own are in its Themes folder; yours go in \
            themes/ beside config.toml (~/.config/missive/themes/), where a file with the name of \
            a bundled theme overrides the keys it sets. See docs/themes.md for the keys.
            """,
        subcommands: [List.self, Show.self]
    )

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Every theme with its parent, where it comes from and, on a terminal, a colour swatch.")

        @Flag(help: "Print JSON: a list of name, parent, source, description, files.")
        var json = false

        @OptionGroup var color: ColorOptions

        @OptionGroup var headerOptions: HeaderOptions

        func run() throws {
            let paths = Home.paths()
            let factory = try BundledThemes.factory(paths: paths)
            let userDirectory = BundledThemes.userDirectory(paths).path
            var rows: [ThemeSummary] = []
            for name in factory.names {
                let theme = try factory.theme(named: name)  // a broken theme fails the listing, naming its files
                let files = factory.files(of: name).map(\.path)
                let fromUser = files.contains { $0.hasPrefix(userDirectory + "/") }
                let source = !fromUser ? "bundled" : files.count > 1 ? "bundled+user" : "user"
                rows.append(ThemeSummary(name: name, parent: factory.parent(of: name), source: source,
                                         description: theme.description, files: files, theme: theme))
            }
            if json {
                Console.write(try encodeJSON(rows))
                return
            }
            let depth = color.depth
            // The swatch's escape codes take no columns: it is 16 wide on the screen.
            let swatch = depth != .none ? [("SWATCH", 18)] : []
            var table = TextTable([("NAME", 0), ("PARENT", 0)] + swatch + [("SOURCE", 14), ("DESCRIPTION", 0)])
            for row in rows {
                let swatch = depth != .none ? [ThemeSwatch.render(row.theme, depth: depth)] : []
                table.append([row.name, row.parent ?? "-"] + swatch + [row.source, row.description ?? ""])
            }
            Console.write(table.render(width: TableTerminal.width(), headers: headerOptions.headers))
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "A theme's resolved keys, and the file and line that set each one.")

        @Argument(help: "The theme's name (see `missive themes list`).")
        var name: String

        @Flag(help: "Print JSON: name, description, chain, keys (key, value, theme, file, line).")
        var json = false

        @OptionGroup var color: ColorOptions

        func run() throws {
            let theme = try BundledThemes.factory(paths: Home.paths()).theme(named: name)
            let keys = ThemeKey.allCases.map { key in
                let origin = theme.origins[key]
                return ResolvedKey(key: key.rawValue, value: theme.value(key).description,
                                   theme: origin?.theme, file: origin?.file, line: origin?.line)
            }
            if json {
                Console.write(try encodeJSON(ResolvedTheme(name: theme.name, description: theme.description,
                                                      chain: theme.chain, keys: keys)))
                return
            }
            let depth = color.depth
            var out = theme.name + (theme.description.map { " — \($0)" } ?? "") + "\n"
            out += "inherits: " + theme.chain.joined(separator: " -> ") + "\n\n"
            let keyWidth = keys.map(\.key.count).max() ?? 0
            let themeWidth = keys.map { ($0.theme ?? "").count }.max() ?? 0
            let valueWidth = keys.filter { $0.key != ThemeKey.htmlCSS.rawValue }.map(\.value.count).max() ?? 0
            for (key, row) in zip(ThemeKey.allCases, keys) {
                var value = row.value.isEmpty ? "(none)" : row.value.replacingOccurrences(of: "\n", with: " ")
                value = value.padding(toLength: max(value.count, valueWidth), withPad: " ", startingAt: 0)
                if depth != .none {
                    // A swatch before each colour; blanks before the rest keep the column straight.
                    if case .color(let color) = theme.value(key) {
                        value = TerminalStyle(background: color).escape(at: depth) + "  " + TerminalStyle.reset + " " + value
                    } else {
                        value = "   " + value
                    }
                }
                out += row.key.padding(toLength: keyWidth + 2, withPad: " ", startingAt: 0)
                    + value + "  " + (row.theme ?? "").padding(toLength: themeWidth + 2, withPad: " ", startingAt: 0)
                    + (row.file.map { "\($0):\(row.line ?? 0)" } ?? "") + "\n"
            }
            Console.write(out)
        }
    }
}

/// A row of `themes list`, and of its `--json` without the theme itself.
private struct ThemeSummary: Encodable {
    var name: String
    @JSONNull var parent: String?
    var source: String
    @JSONNull var description: String?
    var files: [String]
    let theme: Theme

    enum CodingKeys: String, CodingKey { case name, parent, source, description, files }
}

/// A key of `themes show --json`; theme, file and line are null for a key no file sets.
private struct ResolvedKey: Encodable {
    var key, value: String
    @JSONNull var theme: String?
    @JSONNull var file: String?
    @JSONNull var line: Int?
}

/// What `themes show --json` prints; description is null when the theme has none.
private struct ResolvedTheme: Encodable {
    var name: String
    @JSONNull var description: String?
    var chain: [String]
    var keys: [ResolvedKey]
}
