import Foundation
import Testing
@testable import Markup

/// The terminal preview over real parsed BBCode, under real bundled themes.
@Suite struct TerminalRendererTests {
    func theme(_ name: String) throws -> Theme {
        try BundledThemeFixture.theme(name)
    }

    func plain(_ bbcode: String, width: Int = 80, dialect: Dialect = .somethingawful) throws -> String {
        TerminalRenderer(theme: try theme("default"), depth: .none, width: width)
            .render(BBCode.parse(bbcode, dialect: dialect))
    }

    /// Drops SGR and erase escapes, leaving what the screen shows.
    func visible(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*[mK]", with: "", options: .regularExpression)
    }

    @Test func inlineTagsLeaveTheirTextAndPlainTextHasNoEscapes() throws {
        let out = try plain("[b]bold[/b] [i]it[/i] [u]under[/u] [s]gone[/s] [fixed]mono[/fixed]")
        #expect(out == "bold it under gone mono\n")
    }

    @Test func aQuoteIsABarredBlockUnderItsAuthor() throws {
        let out = try plain("before\n[quote=\"Lowtax\" post=\"4242\"]quoted words[/quote]after")
        #expect(out == "before\n\n│ Lowtax posted:\n│ quoted words\n\nafter\n")
        // vBulletin says it its own way.
        let vb = try plain("[quote=Kyle;99]hi[/quote]", dialect: .vbulletin)
        #expect(vb.hasPrefix("│ Originally Posted by Kyle\n│ hi\n"))
    }

    @Test func nestedQuotesStackTheirBars() throws {
        let out = try plain("[quote=\"a\"]outer\n[quote=\"b\"]inner[/quote]\nback[/quote]")
        #expect(out.contains("│ a posted:\n│ outer\n│\n│ │ b posted:\n│ │ inner\n│\n│ back\n"))
    }

    @Test func listsAreNumberedAsTheForumNumbersThem() throws {
        #expect(try plain("[list=1][*]one[*]two[*]three[/list]") == "1. one\n2. two\n3. three\n")
        #expect(try plain("[list][*]x[*]y[/list]") == "• x\n• y\n")
        #expect(try plain("[list=a][*]x[*]y[/list]") == "a. x\nb. y\n")
        #expect(try plain("[list=I][*]x[*]y[*]z[*]w[/list]") == "I. x\nII. y\nIII. z\nIV. w\n")
        #expect(ListNumbers.letters(27) == "aa")
        #expect(ListNumbers.roman(1994) == "mcmxciv")
    }

    @Test func aLongListItemWrapsUnderItsText() throws {
        let out = try plain("[list=1][*]alpha beta gamma delta epsilon zeta[/list]", width: 20)
        #expect(out == "1. alpha beta gamma\n   delta epsilon\n   zeta\n")
    }

    @Test func codeKeepsItsLinesAndIndentation() throws {
        // Something Awful reads tags inside [code]; phpBB shows them as typed.
        let sa = try plain("see:\n[code]if x {\n\treturn [b]y[/b]\n}[/code]")
        #expect(sa == "see:\n\ncode:\n  if x {\n      return y\n  }\n")
        let phpbb = try plain("[code]a  [b]b[/b]   c[/code]", dialect: .phpbb)
        #expect(phpbb == "code:\n  a  [b]b[/b]   c\n")
    }

    @Test func linksShowTheirAddressUnlessTheTextIsTheAddress() throws {
        #expect(try plain("[url=https://example.com/x]the site[/url]") == "the site <https://example.com/x>\n")
        #expect(try plain("[url]https://example.com/x[/url]") == "https://example.com/x\n")
        // A scheme the forum refuses is not offered as an address.
        #expect(try plain("[url=javascript:alert(1)]click[/url]") == "click\n")
    }

    @Test func imagesAndSpoilersAreShownAsSuch() throws {
        #expect(try plain("[img]https://i.example/a.png[/img]") == "[image: https://i.example/a.png]\n")
        #expect(try plain("[timg]https://i.example/b.png[/timg]") == "[image: https://i.example/b.png]\n")
        #expect(try plain("a [spoiler]secret[/spoiler] b") == "a [spoiler: secret] b\n")
        // Not a picture the forum would show: the tags stay as typed, as on the forum.
        #expect(try plain("[img]javascript:x[/img]") == "[img]javascript:x[/img]\n")
    }

    @Test func aLabelledImageShowsItsLabelInPlaceOfItsAddress() throws {
        let renderer = TerminalRenderer(theme: try theme("default"), depth: .none, width: 80,
                                        imageLabels: ["https://stand.in/0": "cat.png, 640x480 PNG, 12 KB"])
        let document = BBCode.parse("[img]https://stand.in/0[/img] [img]https://stand.in/1[/img]", dialect: .somethingawful)
        #expect(renderer.render(document) == "[image: cat.png, 640x480 PNG, 12 KB] [image: https://stand.in/1]\n")
    }

    @Test func noLineIsWiderThanTheWidth() throws {
        let words = (0..<400).map { ["goon", "a", "extraordinarily", "🙂", "漢字", "https://example.com/very/long/path/that/cannot/break"][$0 % 6] }
        let post = "[quote=\"x\"]" + words.joined(separator: " ") + "[/quote]\n[list][*]" + words.joined(separator: " ") + "[/list]"
        for width in [20, 33, 80] {
            let out = try plain(post, width: width)
            for line in out.split(separator: "\n") {
                #expect(TerminalText.width(of: line) <= width, "\(width): \(line)")
            }
            // Nothing was lost on the way: every word is still there, in order.
            #expect(out.components(separatedBy: "extraordinarily").count == 2 * 67 + 1)
        }
    }

    @Test func controlCharactersInAPostCannotReachTheTerminal() throws {
        let hostile = "a\u{1B}]0;pwned\u{07}b\u{1B}[2Jc\u{9B}31md"
        let out = TerminalRenderer(theme: try theme("yospos"), depth: .truecolor, width: 80)
            .render(BBCode.parse(hostile, dialect: .somethingawful))
        #expect(!out.contains("\u{07}") && !out.contains("\u{9B}"))
        #expect(!out.contains("\u{1B}]"))
        #expect(!out.contains("\u{1B}[2J"))
        #expect(visible(out).hasPrefix("a\u{FFFD}]0;pwned\u{FFFD}b\u{FFFD}[2Jc\u{FFFD}31md"))
    }

    @Test func coloursComeFromTheThemeAtEachDepth() throws {
        let yospos = try theme("yospos")
        let document = BBCode.parse("[b]hi[/b] there", dialect: .somethingawful)
        let truecolor = TerminalRenderer(theme: yospos, depth: .truecolor, width: 40).render(document)
        // Bold in yospos's bold accent, body text in phosphor green, both on black.
        #expect(truecolor.contains("\u{1B}[0;1;38;2;200;255;192;48;2;0;0;0mhi"))
        #expect(truecolor.contains("\u{1B}[0;38;2;57;255;20;48;2;0;0;0m there"))
        // The rest of the line is spaces on the post's black, out to the width, then a reset.
        #expect(truecolor.hasSuffix("\u{1B}[0;48;2;0;0;0m" + String(repeating: " ", count: 32) + "\u{1B}[0m\n"))

        let palette = TerminalRenderer(theme: yospos, depth: .ansi256, width: 40).render(document)
        #expect(palette.contains("38;5;\(TerminalPalette.index256(ThemeColor(red: 57, green: 255, blue: 20)))"))
        #expect(!palette.contains("38;2;"))
        let sixteen = TerminalRenderer(theme: yospos, depth: .ansi16, width: 40).render(document)
        #expect(sixteen.contains("\u{1B}[0;92;40m there"))  // bright green on black
        #expect(visible(truecolor) == "hi there" + String(repeating: " ", count: 32) + "\n")
        #expect(visible(palette) == visible(truecolor))
    }

    @Test func everyLineIsPaintedInItsBackgroundOutToTheWidth() throws {
        let post = """
            short
            a much longer line of words that has to wrap at forty columns, twice or more over
            [quote="Lowtax"]a quoted line that is long enough to wrap inside its bar as well[/quote]
            [code]let x = 1
            \(String(repeating: "y", count: 38))
            [/code]
            [list=1][*]one[*]two[/list]
            end
            """
        let out = TerminalRenderer(theme: try theme("default"), depth: .truecolor, width: 40)
            .render(BBCode.parse(post, dialect: .somethingawful), header: "Missive Tester")
        #expect(!out.contains("\u{1B}[K"))
        let lines = out.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count > 12)
        #expect(out.hasSuffix("\n"))
        for line in lines {
            // Every line shows exactly 40 columns, blank ones and full ones too...
            #expect(TerminalText.width(of: visible(String(line))) == 40, "\(line.debugDescription)")
            // ...every cell of them on a background (every escape sets one, the first one comes
            // before any text), and only the end of the line resets it.
            #expect(line.hasPrefix("\u{1B}["), "\(line.debugDescription)")
            #expect(line.hasSuffix(TerminalStyle.reset), "\(line.debugDescription)")
            let body = line.dropLast(TerminalStyle.reset.count)
            let escapes = body.matches(of: /\u{1B}\[[0-9;]*m/).map { String(body[$0.range]) }
            #expect(!escapes.isEmpty && escapes.allSatisfy { $0.contains(";48;2;") }, "\(line.debugDescription)")
        }
        // The long lines wrapped, and the 40-column code line (2 of indent + 38) filled its line.
        #expect(lines.filter { visible(String($0)).hasPrefix("│ ") }.count >= 3)
        #expect(lines.contains { visible(String($0)) == "  " + String(repeating: "y", count: 38) })
    }

    @Test func thePaletteMapsToTheNearestColour() {
        #expect(TerminalPalette.index256(ThemeColor(red: 0, green: 0, blue: 0)) == 16)
        #expect(TerminalPalette.index256(ThemeColor(red: 255, green: 255, blue: 255)) == 231)
        #expect(TerminalPalette.index256(ThemeColor(red: 0x80, green: 0x80, blue: 0x80)) == 244)
        #expect(TerminalPalette.index256(ThemeColor(red: 255, green: 176, blue: 0)) == 214)
        #expect(TerminalPalette.index16(ThemeColor(red: 0, green: 0, blue: 128)) == 4)
        #expect(TerminalPalette.index16(ThemeColor(red: 230, green: 20, blue: 220)) == 5)
        #expect(TerminalPalette.index16(ThemeColor(red: 255, green: 60, blue: 255)) == 13)
        #expect(TerminalPalette.code(for: ThemeColor(red: 0, green: 0, blue: 0), depth: .ansi16, background: true) == "40")
        #expect(TerminalPalette.code(for: ThemeColor(red: 250, green: 250, blue: 250), depth: .ansi16, background: false) == "97")
    }

    @Test func depthFollowsTheEnvironment() {
        #expect(ColorDepth.detect(environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"], isTerminal: true) == .truecolor)
        #expect(ColorDepth.detect(environment: ["TERM": "xterm-256color"], isTerminal: true) == .ansi256)
        #expect(ColorDepth.detect(environment: ["TERM": "xterm"], isTerminal: true) == .ansi16)
        #expect(ColorDepth.detect(environment: ["TERM": "dumb", "COLORTERM": "truecolor"], isTerminal: true) == .none)
        #expect(ColorDepth.detect(environment: ["TERM": "xterm-256color"], isTerminal: false) == .none)
        #expect(ColorDepth.detect(environment: ["TERM": "xterm-256color", "NO_COLOR": "1"], isTerminal: true) == .none)
        // no-color.org: an empty NO_COLOR does not count.
        #expect(ColorDepth.detect(environment: ["TERM": "xterm-256color", "NO_COLOR": ""], isTerminal: true) == .ansi256)
    }

    @Test func theHeaderBarNamesThePoster() throws {
        let out = TerminalRenderer(theme: try theme("default"), depth: .none, width: 40)
            .render(BBCode.parse("hi", dialect: .somethingawful), header: "Missive Tester")
        #expect(out == " Missive Tester\nhi\n")
    }
}
