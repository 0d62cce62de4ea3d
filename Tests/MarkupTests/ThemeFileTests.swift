import Foundation
import Testing
@testable import Markup

/// One theme file on its own: what it may say, and the errors for what it may not.
@Suite struct ThemeFileTests {
    @Test func readsKeysParentAndDescriptionWithTheirLines() throws {
        let file = try ThemeFile.parse("""
            parent = "dark"
            description = "mine"

            [quote]
            border = "#0f0"
            [text]
            font = "'Fira Code', monospace"
            [html]
            css = ["a { }", "b { }"]
            """, name: "mine", path: "mine.toml")
        #expect(file.parent == .init(name: "dark", line: 1))
        #expect(file.description == "mine")
        #expect(file.settings[.quoteBorder] == .init(value: .color(ThemeColor(red: 0, green: 255, blue: 0)), line: 5))
        #expect(file.settings[.textFont]?.value == .text("'Fira Code', monospace"))
        #expect(file.settings[.htmlCSS]?.value == .text("a { }\nb { }"))
        #expect(file.settings.count == 3)
    }

    @Test func anUnknownKeyNamesTheFileLineAndTheNearestKey() {
        #expect(throws: ThemeError.unknownKey(file: "t.toml", line: 2, key: "quote.boarder", suggestion: "quote.border")) {
            try ThemeFile.parse("[quote]\nboarder = \"#000\"", name: "t", path: "t.toml")
        }
        #expect(throws: ThemeError.unknownKey(file: "t.toml", line: 1, key: "wallpaper", suggestion: nil)) {
            try ThemeFile.parse("wallpaper = \"#000\"", name: "t", path: "t.toml")
        }
    }

    @Test(arguments: [
        ("[text]\ncolor = \"green\"", "text.color", 2),
        ("[text]\ncolor = \"#12345\"", "text.color", 2),
        ("[link]\ncolor = 16777215", "link.color", 2),
        ("[text]\nsize = \"13\"", "text.size", 2),
        ("[text]\nsize = \"13px; color: red\"", "text.size", 2),
        ("[code]\nfont = \"mono; } body { display: none\"", "code.font", 2),
        ("[code]\nfont = \"   \"", "code.font", 2),
        ("[html]\ncss = \"p { }</style><script>alert(1)</script>\"", "html.css", 2),
        ("[html]\ncss = [\"p { }\", 3]", "html.css", 2),
        ("parent = 7", "parent", 1),
        ("parent = \"\"", "parent", 1),
        ("description = false", "description", 1),
    ])
    func aValueOfTheWrongKindIsRejectedWithItsLine(text: String, key: String, line: Int) {
        do {
            _ = try ThemeFile.parse(text, name: "t", path: "/x/t.toml")
            Issue.record("accepted \(text)")
        } catch {
            guard case let .badValue(file, badLine, badKey, _) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(file == "/x/t.toml")
            #expect(badLine == line)
            #expect(badKey == key)
            #expect(error.description.hasPrefix("/x/t.toml:\(line): \(key) must be"))
        }
    }

    @Test func shortColoursExpandAndAnyCaseReads() throws {
        #expect(ThemeColor(hex: "#Fa0")?.description == "#ffaa00")
        #expect(ThemeColor(hex: "#00FF7f") == ThemeColor(red: 0, green: 255, blue: 127))
        #expect(ThemeColor(hex: "00ff7f") == nil)
        #expect(ThemeColor(hex: "#00ff7g") == nil)
        #expect(ThemeColor(hex: "#+1234") == nil)
    }

    @Test func aTOMLSyntaxErrorKeepsTheFileAndLine() {
        #expect(throws: ThemeError.self) { try ThemeFile.parse("[text\ncolor = 1", name: "t", path: "t.toml") }
        do {
            _ = try ThemeFile.parse("[text]\ncolor = #000", name: "t", path: "broken.toml")
        } catch {
            #expect(error.description.hasPrefix("broken.toml:2:"))
            #expect(error.status == .config)
        }
    }

    @Test func aFileThatIsNotUTF8IsNamed() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("themefile-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("latin1.toml")
        try Data([0x5B, 0x74, 0x5D, 0x0A, 0xE9, 0x0A]).write(to: url)
        #expect {
            try ThemeFile.load(url)
        } throws: { error in
            guard let error = error as? ThemeError, case .unreadable(let file, let reason) = error else { return false }
            return file == url.path && reason.contains("UTF-8")
        }
    }
}
