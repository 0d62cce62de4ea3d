import Foundation
import Testing

/// The listing tables (issue 13): a header line unless --no-headers, cut to MISSIVE_COLUMNS (or a
/// terminal's width) and plain when piped, and search matches bold only when colour is on.
@Suite struct TableOutputTests {
    static func home() throws -> MissiveHome {
        let home = try MissiveHome()
        let long = try home.file("long.md", Data(("flood control " + String(repeating: "words and more words ", count: 10)).utf8))
        #expect(try home.run(["reply", "3507451", "--body-file", long, "--no-edit"]).status == 0)
        let short = try home.file("short.md", Data("[b]bold[/b] flood".utf8))
        #expect(try home.run(["pm", "Zoë", "--subject", "plan", "--body-file", short, "--no-edit"]).status == 0)
        return home
    }

    static func run(_ home: MissiveHome, _ arguments: [String], _ extra: [String: String] = [:]) throws -> CommandResult {
        try runMissive(arguments, environment: home.environment().merging(extra) { _, new in new })
    }

    @Test func listingsHaveAHeaderLineThatNoHeadersLeavesOut() throws {
        let home = try Self.home()
        defer { home.remove() }
        #expect(try home.run(["queue", "1", "--at", "+1h"]).status == 0)
        let cases: [([String], String)] = [
            (["drafts", "list"], "ID    KIND   TARGET                REVS  CHANGED                    TEXT"),
            (["drafts", "search", "flood"], "ID    KIND   TARGET"),
            (["queue", "list"], "ID    STATE     WHEN"),
            (["history"], "ID    WHEN                            CHANGE"),
        ]
        for (arguments, header) in cases {
            let with = try home.run(arguments)
            #expect(with.status == 0, "\(arguments): \(with.errorOutput)")
            let lines = with.output.split(separator: "\n")
            #expect(lines.first?.hasPrefix(header) == true, "\(arguments): \(with.output)")
            let without = try home.run(arguments + ["--no-headers"])
            #expect(without.output.split(separator: "\n") == Array(lines.dropFirst()), "\(arguments)")
            #expect(!without.output.contains("ID "))
        }
    }

    @Test func templatesAndProfilesHaveHeadersToo() throws {
        let home = try MissiveHome()
        defer { home.remove() }
        #expect(try home.run(["templates", "list"]).output.isEmpty, "no rows, no header")
        #expect(try home.run(["init"]).status == 0)
        let templates = try home.run(["templates", "list"]).output
        let header = try #require(templates.split(separator: "\n").first)
        #expect(header.hasPrefix("NAME                KIND ") && header.hasSuffix(" SUMMARY"), "\(templates)")
        let bare = try home.run(["templates", "list", "--no-headers"]).output
        #expect(bare.split(separator: "\n") == Array(templates.split(separator: "\n").dropFirst()))
    }

    @Test func missiveColumnsCutsEveryLineAndPipedOutputIsNotCut() throws {
        let home = try Self.home()
        defer { home.remove() }
        #expect(try home.run(["queue", "1", "--at", "+1h"]).status == 0)
        for arguments in [["drafts", "list"], ["queue", "list"], ["drafts", "search", "flood"]] {
            let piped = try home.run(arguments)
            #expect(piped.output.split(separator: "\n").contains { $0.unicodeScalars.count > 40 }, "\(arguments) has long lines")
            #expect(!piped.output.contains("\u{1B}"), "no escapes when piped")
            let cut = try Self.run(home, arguments, ["MISSIVE_COLUMNS": "40"])
            let lines = cut.output.split(separator: "\n")
            #expect(lines.count == piped.output.split(separator: "\n").count)
            #expect(lines.allSatisfy { $0.unicodeScalars.count <= 40 }, "\(arguments): \(cut.output)")
            #expect(lines.contains { $0.hasSuffix("…") })
            // COLUMNS alone is a terminal's business: piped output stays whole.
            #expect(try Self.run(home, arguments, ["COLUMNS": "40"]).output == piped.output)
        }
    }

    /// Wide enough, the columns keep their fixed widths; too narrow for them, each column takes
    /// only what its cells need, so the row shows more before the cut (here: CHANGED whole).
    @Test func aNarrowTerminalFitsColumnsToTheirCells() throws {
        let home = try Self.home()
        defer { home.remove() }
        let wide = try Self.run(home, ["drafts", "list"], ["MISSIVE_COLUMNS": "200"]).output.split(separator: "\n")
        #expect(wide.first?.hasPrefix("ID    KIND   TARGET                REVS  CHANGED") == true, "\(wide)")
        let narrow = try Self.run(home, ["drafts", "list"], ["MISSIVE_COLUMNS": "60"]).output.split(separator: "\n")
        let header = try #require(narrow.first)
        #expect(header.hasPrefix("ID  KIND   TARGET          REVS  CHANGED"), "\(narrow)")
        // The widest CHANGED cell ("HH:MM (just now)" or "(N min ago)") ends before column 60.
        for row in narrow.dropFirst() {
            let changed = try #require(row.firstMatch(of: /\d\d:\d\d \([^)]*\)/), "\(row)")
            #expect(row.distance(from: row.startIndex, to: changed.range.upperBound) <= 59, "\(row)")
        }
    }

    @Test func searchMatchesAreBoldOnlyWithColour() throws {
        let home = try Self.home()
        defer { home.remove() }
        let piped = try home.run(["drafts", "search", "flood", "--no-headers"])
        #expect(piped.output.contains("flood control"))
        #expect(!piped.output.contains("[flood]") && !piped.output.contains("\u{1B}"), "\(piped.output)")
        #expect(piped.output.contains("[b]bold[/b]"), "BBCode in the excerpt is not a match mark")
        let forced = try Self.run(home, ["drafts", "search", "flood", "--no-headers"], ["CLICOLOR_FORCE": "1"])
        #expect(forced.output.contains("\u{1B}[1mflood\u{1B}[0m control"), "\(forced.output)")
        #expect(!forced.output.contains("[flood]"))
        // Cut and coloured: the escape codes take no columns and the cut line ends with a reset.
        let both = try Self.run(home, ["drafts", "search", "flood", "--no-headers"], ["CLICOLOR_FORCE": "1", "MISSIVE_COLUMNS": "60"])
        for line in both.output.split(separator: "\n") {
            let visible = line.replacing(/\x{1B}\[[0-9;]*m/, with: "")
            #expect(visible.unicodeScalars.count <= 60 && visible.unicodeScalars.count >= 55, "\(line)")
            if line.contains("\u{1B}") { #expect(line.hasSuffix("\u{1B}[0m")) }
        }
        let noColor = try Self.run(home, ["drafts", "search", "flood"], ["CLICOLOR_FORCE": "1", "NO_COLOR": "1"])
        #expect(!noColor.output.contains("\u{1B}"))
    }
}
