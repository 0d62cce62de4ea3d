import Foundation
import Testing

/// `missive preview` in a real terminal (tmux), read back cell by cell with its colours.
@Suite struct PreviewTerminalTests {
    let home: URL
    let post: String
    var environment: [String: String] { ["MISSIVE_HOME": home.path] }

    init() throws {
        home = try makeTemporaryDirectory("preview-tmux")
        let url = home.appendingPathComponent("post.md")
        try Data(PreviewCommandTests.post.utf8).write(to: url)
        post = url.path
    }

    func run(_ arguments: String, term: String, extra: [String: String] = [:], width: Int = 100) throws -> (Screen, String) {
        let terminal = try TmuxTerminal(command: "\(BuiltBinary.url("missive").path) preview \(post) \(arguments)",
                                        environment: environment.merging(extra) { $1 }, term: term, width: width)
        let text = try terminal.waitForExit()
        #expect(text.contains("[exit 0]"), "\(text)")
        return (Screen(capture: try terminal.capture(escapes: true)), try terminal.capture(escapes: true))
    }

    /// What both colour tests expect to read on screen, whatever the colours.
    func expectLayout(_ screen: Screen) {
        let lines = screen.text
        #expect(lines.contains(" Missive Tester"))
        #expect(lines.contains("Some bold text and a link <https://example.com/x>."))
        #expect(lines.contains("│ Lowtax posted:"))
        #expect(lines.contains("│ quoted words"))
        #expect(lines.contains("1. one") && lines.contains("2. two"))
        #expect(lines.contains("[image: https://i.example/cat.png] and hidden"))
    }

    @Test func defaultThemeInTruecolor() throws {
        let (screen, _) = try run("--theme default", term: "xterm-256color", extra: ["COLORTERM": "truecolor"])
        expectLayout(screen)
        let keys = try resolvedThemeKeys("default", environment: environment)
        func colour(_ key: String) -> String? { keys[key].flatMap(sgrTruecolor) }

        let bold = try #require(screen.cells(of: "bold"))
        #expect(bold.allSatisfy { $0.bold && $0.foreground == colour("accent.bold") && $0.background == colour("post.background") })
        let plain = try #require(screen.cells(of: "Some"))
        #expect(plain.allSatisfy { !$0.bold && $0.foreground == colour("text.color") })
        let link = try #require(screen.cells(of: "link <"))
        #expect(link.prefix(4).allSatisfy { $0.underline && $0.foreground == colour("link.color") })
        let bar = try #require(screen.cells(of: "│ quoted"))
        #expect(bar[0].foreground == colour("quote.border") && bar[0].background == colour("quote.background"))
        #expect(bar[2].foreground == colour("quote.color"))
        let header = try #require(screen.cells(of: "Lowtax posted:"))
        #expect(header.allSatisfy { $0.bold && $0.foreground == colour("quote.header_color") })
        let spoiler = try #require(screen.cells(of: "hidden"))
        #expect(spoiler.allSatisfy { $0.background == colour("spoiler.background") && $0.foreground == colour("spoiler.color") })
        let marker = try #require(screen.cells(of: "1."))
        #expect(marker[0].foreground == colour("accent.list_marker"))
        let image = try #require(screen.cells(of: "[image:"))
        #expect(image[0].foreground == colour("accent.image"))
        // The poster's name on the post's header bar, which reaches across the whole width.
        let name = try #require(screen.cells(of: " Missive Tester"))
        #expect(name.allSatisfy { $0.bold && $0.background == colour("post.header_background") })
        let headerRow = try #require(screen.rows.first { String($0.map(\.character)).hasPrefix(" Missive Tester") })
        #expect(headerRow.count == 100 && headerRow.allSatisfy { $0.background == colour("post.header_background") })
        // Every line of the post is painted to the same width, in its own background: the
        // quote's to the end of the quote's lines, the post's elsewhere.
        let postRows = screen.rows.filter { row in
            let text = String(row.map(\.character))
            return !row.isEmpty && !text.hasPrefix("[exit") && !text.hasPrefix("Pane is dead")
        }
        #expect(postRows.count > 8)
        #expect(postRows.allSatisfy { $0.count == 100 && $0.allSatisfy { $0.background != nil } },
                "\(postRows.map { String($0.map(\.character)) })")
        let quoted = try #require(screen.rows.first { String($0.map(\.character)).hasPrefix("│ quoted") })
        #expect(quoted.last?.background == colour("quote.background"))
        let someRow = try #require(screen.rows.first { String($0.map(\.character)).hasPrefix("Some") })
        #expect(someRow.last?.background == colour("post.background"))
    }

    @Test func yosposIn256Colours() throws {
        let (screen, raw) = try run("--theme yospos", term: "xterm-256color")
        expectLayout(screen)
        #expect(!raw.contains("38;2;") && !raw.contains("48;2;"))
        // Phosphor green text on black, from the palette.
        let text = try #require(screen.cells(of: "Some"))
        let foreground = try #require(text[0].foreground)
        #expect(foreground.hasPrefix("5;"))
        let rgb = try #require(Int(foreground.dropFirst(2)).flatMap(xterm256))
        #expect(rgb.1 == 255 && rgb.0 < 128 && rgb.2 < 128, "\(rgb)")
        #expect(text[0].background == "5;16")  // black
        let bold = try #require(screen.cells(of: "bold"))
        #expect(bold.allSatisfy(\.bold) && bold[0].foreground != foreground)
    }

    @Test func aPlainTermGetsSixteenColours() throws {
        let (screen, _) = try run("--theme yospos", term: "xterm")
        expectLayout(screen)
        let colours = Set(screen.allCells.compactMap(\.foreground) + screen.allCells.compactMap(\.background))
        #expect(!colours.isEmpty)
        #expect(colours.allSatisfy { Int($0).map { (30...37).contains($0) || (90...97).contains($0) || (40...47).contains($0) || (100...107).contains($0) } ?? false },
                "\(colours)")
        #expect(screen.cells(of: "Some")?.first?.foreground == "92")  // bright green
    }

    @Test func noColorGivesPlainTextInATerminal() throws {
        let (colourScreen, _) = try run("--theme yospos", term: "xterm-256color", extra: ["COLORTERM": "truecolor"])
        let (screen, raw) = try run("--theme yospos", term: "xterm-256color", extra: ["COLORTERM": "truecolor", "NO_COLOR": "1"])
        #expect(!raw.contains("\u{1B}"))
        // Same layout, the spoiler marked in words since no colour can show it.
        #expect(screen.text.contains("[image: https://i.example/cat.png] and [spoiler: hidden]"))
        let withoutSpoiler = screen.text.map { $0.replacingOccurrences(of: "[spoiler: hidden]", with: "hidden") }
        #expect(withoutSpoiler == colourScreen.text)
    }

    @Test func thePreviewWrapsToTheTerminalsWidth() throws {
        let long = home.appendingPathComponent("long.md")
        let words = Array(repeating: "lorem ipsum dolor sit amet", count: 12).joined(separator: " ")
        try Data("[quote=\"x\"]\(words)[/quote]\n\(words)".utf8).write(to: long)
        let terminal = try TmuxTerminal(command: "\(BuiltBinary.url("missive").path) preview \(long.path)",
                                        environment: environment, term: "xterm-256color", width: 50)
        let text = try terminal.waitForExit()
        // capture-pane -J joins lines the terminal wrapped, so a long line here was written long.
        let lines = text.split(separator: "\n").filter { !$0.hasPrefix("[exit") && !$0.hasPrefix("Pane is dead") }
        #expect(lines.count > 10)
        #expect(lines.allSatisfy { $0.count <= 50 }, "\(lines)")
        #expect(lines.filter { $0.hasPrefix("│ ") }.count >= 6)
    }
}
