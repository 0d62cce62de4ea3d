import Foundation
import Testing

/// One table style (issue 26): in every listing, each cell starts at the terminal column where its
/// header's name starts, counted as a terminal counts (CJK and emoji take two columns, a combining
/// accent none), and every line is cut to the terminal's width. Run on a terminal (`script`), with
/// COLUMNS at 60 and at 120, with wide and combining characters in cells before the last column.
@Suite struct TableAlignmentTests {
    /// Text a terminal shows in fewer or more columns than it has characters or scalars: "Zoë",
    /// 会議 (2 columns each), 😀 (2) and an e with a combining acute accent (1 column, 2 scalars).
    static let wide = "Zoë会議😀e\u{301}"

    /// Columns a character takes on a terminal, as wcwidth says for the characters these tests
    /// use: written out here rather than taken from Missive, so the test does not check the code
    /// against itself.
    static func columns(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        switch first.value {
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    static func columns(_ text: Substring) -> Int { text.reduce(0) { $0 + columns($1) } }

    /// The terminal column where each of `names` starts in the header line.
    static func starts(of names: [String], in header: Substring) throws -> [Int] {
        var from = header.startIndex
        return try names.map { name in
            let range = try #require(header.range(of: name, range: from..<header.endIndex), "\(name) in \(header)")
            from = range.upperBound
            return columns(header[header.startIndex..<range.lowerBound])
        }
    }

    /// Checks that `row` shows each of `cells` from the column its header starts at, as far as
    /// the line goes before it is cut, and that it is no wider than `width`.
    static func expectAligned(_ row: Substring, cells: [String], starts: [Int], width: Int, _ label: String) {
        #expect(columns(row) <= width, "\(label): wider than \(width): \(row)")
        // The row as a list of terminal cells: a wide character's second cell is nil.
        var screen: [Character?] = []
        for character in row {
            screen.append(character)
            if columns(character) == 2 { screen.append(nil) }
        }
        let cut = row.hasSuffix("…")
        let visible = cut ? screen.count - 1 : screen.count
        for (cell, start) in zip(cells, starts) where !cell.isEmpty && start < visible {
            // What of the cell fits before the cut, cell by cell on the screen.
            var expected: [Character?] = []
            for character in cell {
                expected.append(character)
                if columns(character) == 2 { expected.append(nil) }
            }
            let shown = Array(screen[start..<min(visible, start + expected.count)])
            let fits = cut ? Array(expected.prefix(shown.count)) : expected
            // A wide character that does not fit before "…" is left out whole.
            let trimmed = cut && shown.count < expected.count && fits.last.map { $0 != nil && columns($0!) == 2 } == true
            #expect(shown == fits || (trimmed && Array(shown.dropLast()) == Array(fits.dropLast())),
                    "\(label): \"\(cell)\" should start at column \(start): \(row)")
            if start > 0 { #expect(screen[start - 1] == " ", "\(label): a space before \"\(cell)\": \(row)") }
        }
    }

    /// Runs `arguments` on a terminal COLUMNS wide and checks every row against its cells.
    /// A time in Missive's clock without its relative part ("Nov 28 23:50", "08:41"): the table is run
    /// again after the piped line was read, and "(31 min ago)" may be "(32 min ago)" by then. The
    /// cell's start is what is checked, and the absolute time does not change.
    static var clockTime: Regex<(Substring, Substring?)> { /([A-Z][a-z]{2} \d{1,2} )?\d\d:\d\d/ }

    static func check(_ arguments: [String], names: [String], rows: [[String]], environment: [String: String]) throws {
        var widest = 0
        for width in [120, 60] {
            let result = try runInTerminal(arguments, environment: environment.merging(["COLUMNS": String(width)]) { _, new in new })
            let label = "\(arguments.joined(separator: " ")) at \(width)"
            #expect(result.status == 0, "\(label): \(result.output)")
            // Colour escapes take no columns: the screen is what is left without them.
            let lines = result.output.replacing(/\x{1B}\[[0-9;]*m/, with: "").split(separator: "\n")
            let header = try #require(lines.first, "\(label)")
            #expect(columns(header) <= width, "\(label): \(header)")
            // A header cut short names fewer columns; the rows are checked against those it shows.
            let shown = names.filter { header.contains($0) }
            let starts = try Self.starts(of: shown, in: header)
            #expect(lines.count == rows.count + 1, "\(label): \(result.output)")
            for (line, cells) in zip(lines.dropFirst(), rows) {
                expectAligned(line, cells: Array(cells.prefix(shown.count)), starts: starts, width: width, label)
            }
            if width == 120 { widest = lines.map { columns($0) }.max() ?? 0 }
            // What did not fit in 60 columns is cut there.
            if width == 60, widest > 60 { #expect(lines.contains { $0.hasSuffix("…") }, "\(label): some line is cut: \(result.output)") }
        }
    }

    static func json(_ result: CommandResult) throws -> [[String: Any]] {
        #expect(result.status == 0, "\(result.errorOutput)")
        return try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [[String: Any]])
    }

    /// A home with a reply, and PMs to Zoë and to 会議😀 whose subjects hold all of `wide`, queued.
    static func home() throws -> MissiveHome {
        let home = try MissiveHome()
        let body = try home.file("body.md", Data("a body with \(wide) in it".utf8))
        #expect(try home.run(["reply", "3500001", "--body-file", body, "--no-edit"]).status == 0)
        #expect(try home.run(["pm", "Zoë", "--subject", "plan \(wide)", "--body-file", body, "--no-edit"]).status == 0)
        #expect(try home.run(["pm", "会議😀", "--subject", "e\u{301}t\u{301}e\u{301}", "--body-file", body, "--no-edit"]).status == 0)
        #expect(try home.run(["queue", "1", "2", "3", "--at", "+2h"]).status == 0)
        return home
    }

    @Test func draftsListAndSearch() throws {
        let home = try Self.home()
        defer { home.remove() }
        let drafts = try Self.json(try home.run(["drafts", "list", "--json", "--all"]))
        #expect(drafts.count == 3)
        // The cells as the table words them ("PM to Zoë", "r1"); CHANGED ("14:01 (just now)") and
        // TEXT are taken from the piped table, whose words are not the point: where they start is.
        func rows(_ arguments: [String]) throws -> [[String]] {
            let plain = try home.run(arguments + ["--no-headers"]).output.split(separator: "\n")
            return plain.map { line -> [String] in
                let id = String(line.prefix { $0 != " " })
                let draft = drafts.first { String(describing: $0["id"] ?? "") == id } ?? [:]
                let target = (draft["kind"] as? String) == "pm" ? "PM to \(draft["to"] as? String ?? "")" : "thread 3500001"
                let changed = line.firstMatch(of: /\d\d:\d\d \(just now\)/)
                let text = changed.map { line[$0.range.upperBound...].drop { $0 == " " } } ?? "?"
                return [id, draft["kind"] as? String ?? "", target, "r1", changed.map { String($0.output) } ?? "?", String(text)]
            }
        }
        let list = try rows(["drafts", "list", "--all"])
        #expect(list.count == 3)
        #expect(list.contains { $0[2] == "PM to 会議😀" } && list.contains { $0[5].contains(Self.wide) }, "\(list)")
        let names = ["ID", "KIND", "TARGET", "REVS", "CHANGED", "TEXT"]
        try Self.check(["drafts", "list", "--all"], names: names, rows: list, environment: home.environment())
        try Self.check(["drafts", "search", "body", "--all"], names: names, rows: try rows(["drafts", "search", "body", "--all"]),
                       environment: home.environment())
    }

    @Test func queueList() throws {
        let home = try Self.home()
        defer { home.remove() }
        let items = try Self.json(try home.run(["queue", "list", "--json"]))
        #expect(items.count == 3)
        let shown = try home.run(["queue", "list", "--no-headers"]).output.split(separator: "\n")
        let rows = items.map { item -> [String] in
            let id = String(describing: item["id"] ?? "")
            let line = shown.first { $0.hasPrefix(id + " ") } ?? ""
            // WHEN is "14:01 (in 2 h)", or "Nov 29 01:43 (in 2 h)" after 22:00: its words are taken
            // from the line, its place checked.
            let when = line.firstMatch(of: /([A-Z][a-z]{2} \d{1,2} )?\d\d:\d\d \(in 2 h\)/).map { String($0.output.0) } ?? "?"
            return [id, item["state"] as? String ?? "", when, "d\(String(describing: item["draft"] ?? ""))",
                    item["target"] as? String ?? "", "[0 attempts]"]
        }
        #expect(rows.contains { $0[4].contains("会議😀") && $0[4].contains("e\u{301}") }, "\(rows)")
        try Self.check(["queue", "list"], names: ["ID", "STATE", "WHEN", "DRAFT", "TARGET", "ATTEMPTS", "RESULT"], rows: rows,
                       environment: home.environment())
    }

    @Test func historyProfilesTemplatesAndThemes() throws {
        let home = try Self.home()
        defer { home.remove() }
        // history: the WHEN column before CHANGE.
        let entries = try Self.json(try home.run(["history", "--json"]))
        let lines = try home.run(["history", "--no-headers"]).output.split(separator: "\n")
        let history = zip(entries, lines).map { entry, line in
            [String(describing: entry["id"] ?? ""), String(line.firstMatch(of: Self.clockTime)?.output.0 ?? "?"),
             entry["summary"] as? String ?? ""]
        }
        try Self.check(["history"], names: ["ID", "WHEN", "CHANGE"], rows: history, environment: home.environment())

        // profiles list: a user name with every kind of width, before the URL column.
        #expect(try home.run(["profiles", "add", "wide", "--base-url", "http://127.0.0.1:9/", "--username", Self.wide]).status == 0)
        let profiles = try Self.json(try home.run(["profiles", "list", "--json"]))
        let profileRows = profiles.map { profile in
            [(profile["default"] as? Bool) == true ? "*" : "", profile["name"] as? String ?? "", profile["engine"] as? String ?? "",
             profile["username"] as? String ?? "-", profile["base_url"] as? String ?? ""]
        }
        try Self.check(["profiles", "list"], names: ["NAME", "ENGINE", "USER", "URL"], rows: profileRows.map { Array($0.dropFirst()) },
                       environment: home.environment())

        // templates list: a variable's default with every kind of width, before SUMMARY.
        let folder = home.root.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("""
            ---
            template: wide
            description: "Say \(Self.wide) to a thread"
            kind: reply
            thread: "{{thread|3500001}}"
            ---
            {{greeting|\(Self.wide)}} everyone
            """.utf8).write(to: folder.appendingPathComponent("wide.md"))
        #expect(try home.run(["templates", "import", folder.path]).status == 0)
        let templates = try Self.json(try home.run(["templates", "list", "--json"]))
        let templateRows = templates.map { template in
            [template["name"] as? String ?? "", template["kind"] as? String ?? "", "thread=3500001, greeting=\(Self.wide)",
             template["summary"] as? String ?? ""]
        }
        try Self.check(["templates", "list"], names: ["NAME", "KIND", "VARIABLES", "SUMMARY"], rows: templateRows,
                       environment: home.environment())

        // themes list: a user theme whose parent column is a name with every kind of width.
        let themes = home.root.appendingPathComponent("config/themes")
        try FileManager.default.createDirectory(at: themes, withIntermediateDirectories: true)
        try Data("description = \"\(Self.wide)\"\nparent = \"dark\"\n".utf8).write(to: themes.appendingPathComponent("zoë会議.toml"))
        let listed = try Self.json(try home.run(["themes", "list", "--json"]))
        let themeRows = listed.map { theme in
            [theme["name"] as? String ?? "", theme["parent"] as? String ?? "-", theme["source"] as? String ?? "",
             theme["description"] as? String ?? ""]
        }
        #expect(themeRows.contains { $0[0] == "zoë会議" }, "\(themeRows)")
        try Self.check(["themes", "list", "--color", "none"], names: ["NAME", "PARENT", "SOURCE", "DESCRIPTION"], rows: themeRows,
                       environment: home.environment())
        // With a colour swatch in a column of its own: its escape codes take no columns.
        try Self.check(["themes", "list", "--color", "256"], names: ["NAME", "PARENT", "SWATCH", "SOURCE", "DESCRIPTION"],
                       rows: themeRows.map { [$0[0], $0[1], ""] + $0[2...] }, environment: home.environment())
    }

    /// The forum's tables and the images': `inbox`, `inbox --folder sent` (a PM sent with a wide
    /// subject) and `images list` (one image uploaded, one waiting, named with wide characters).
    @Test func inboxSentItemsAndImages() async throws {
        let (world, pictures) = try await ImageSendTests.world()
        let sent = pictures.appendingPathComponent("\(Self.wide)-sent.png")
        let waiting = pictures.appendingPathComponent("\(Self.wide)-waiting.png")
        try ImageSendTests.png(width: 40, height: 30, fill: 7).write(to: sent)
        try ImageSendTests.png(width: 20, height: 10, fill: 9).write(to: waiting)
        let drafts = try await world.drafts([
            OutboxWorld.pm("hello", to: "Zoë", subject: "\(Self.wide) plan"),
            ImageSendTests.reply("![sent](\(sent.path))"),
            ImageSendTests.reply("![waiting](\(waiting.path))"),
        ])
        #expect(try await world.run(["queue", String(drafts[0]), String(drafts[1])]).status == 0)
        let send = try await world.run(["send"])
        #expect(send.status == 0, "\(send.errorOutput)")
        let later = try await world.run(["queue", String(drafts[2]), "--at", "+2h"])
        #expect(later.status == 0, "\(later.errorOutput)")

        for folder in [["inbox"], ["inbox", "--folder", "sent"]] {
            let messages = try Self.json(try await world.run(folder + ["--json"]))
            #expect(!messages.isEmpty, "\(folder)")
            let plain = try await world.run(folder + ["--no-headers"]).output.split(separator: "\n")
            let rows = zip(messages, plain).map { message, line -> [String] in
                let flag = { (key: String, letter: String) in (message[key] as? Bool) == true ? letter : "-" }
                // DATE in Missive's clock ("08:41 (3 min ago)"), taken from the piped line.
                // The sandbox's PMs are dated minutes ago: yesterday's, with the date, just after midnight.
                let date = line.firstMatch(of: Self.clockTime).map { String($0.output.0) } ?? "?"
                return [String(describing: message["id"] ?? ""), flag("unread", "N") + flag("replied", "R") + flag("forwarded", "F"),
                        date, message["correspondent"] as? String ?? "", message["subject"] as? String ?? ""]
            }
            #expect(rows.allSatisfy { $0[2] != "?" }, "\(folder): dates in the one clock format: \(plain)")
            try Self.check(folder, names: ["ID", "FLAGS", "DATE", folder.count > 1 ? "TO" : "FROM", "SUBJECT"], rows: rows,
                           environment: world.environment)
        }

        let images = try Self.json(try await world.run(["images", "list", "--json"]))
        #expect(images.count == 2)
        let plain = try await world.run(["images", "list", "--no-headers"]).output.split(separator: "\n")
        let rows = zip(images, plain).map { image, line -> [String] in
            let uploaded = image["uploaded_at"] is String ? line.firstMatch(of: Self.clockTime).map { String($0.output.0) } ?? "?" : "-"
            return [image["id"] as? String ?? "-", image["state"] as? String ?? "",
                    "\(image["bytes"] ?? "") B, \(image["width"] ?? "")x\(image["height"] ?? "")",
                    "\(image["item"] ?? "") (\(image["item_state"] as? String ?? ""))", uploaded, image["url"] as? String ?? "-",
                    image["file"] as? String ?? ""]
        }
        #expect(rows.contains { $0[4] != "-" && $0[4] != "?" }, "an upload's time in the one clock format: \(plain)")
        try Self.check(["images", "list"], names: ["ID", "STATE", "SIZE", "ITEM", "UPLOADED", "URL", "FILE"], rows: rows,
                       environment: world.environment)
    }
}
