import Foundation
import Testing

/// `missive convert` as a user runs it: files or stdin in, BBCode out, errors with their status.
@Suite struct ConvertCommandTests {
    @Test func convertsStandardInputToStandardOutput() throws {
        let result = try runMissive(["convert"], stdin: Data("**hi** `[b]`".utf8))
        #expect(result.status == 0)
        #expect(result.output == "[b]hi[/b] [fixed]&#91;b][/fixed]\n")
        #expect(result.errorOutput.isEmpty)
    }

    @Test func convertsAFileForTheChosenDialect() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("post.md")
        try Data("# Title\n\n~~x~~\n".utf8).write(to: file)
        let result = try runMissive(["convert", file.path, "--dialect", "xenforo"])
        #expect(result.status == 0)
        #expect(result.output == "[HEADING=1]Title[/HEADING]\n\n[S]x[/S]\n")
    }

    @Test func strictAndSoftBreaksOptions() throws {
        let markdown = Data("[b]a\nb".utf8)
        #expect(try runMissive(["convert"], stdin: markdown).output == "[b]a b\n")
        #expect(try runMissive(["convert", "--strict"], stdin: markdown).output == "&#91;b]a b\n")
        #expect(try runMissive(["convert", "--strict", "--dialect", "phpbb"], stdin: markdown).output == "[[b][/b]b]a b\n")
        #expect(try runMissive(["convert", "--soft-breaks", "newline"], stdin: markdown).output == "[b]a\nb\n")
    }

    @Test func emptyInputGivesEmptyOutput() throws {
        let result = try runMissive(["convert"])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.isEmpty)
    }

    /// An unknown value is swift-argument-parser's usage error, as in every other command:
    /// status 64, nothing on stdout, and the valid values named.
    @Test func unknownDialectIsAUsageErrorListingTheValidOnes() throws {
        let result = try runMissive(["convert", "--dialect", "ipb"], stdin: Data("x".utf8))
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.errorOutput.hasPrefix("Error: The value 'ipb' is invalid for '--dialect <dialect>'"))
        #expect(result.errorOutput.contains("'somethingawful', 'vbulletin', 'phpbb' or 'xenforo'"), "\(result.errorOutput)")
    }

    @Test func unknownSoftBreaksIsAUsageErrorListingTheValidOnes() throws {
        let result = try runMissive(["convert", "--soft-breaks", "tab"], stdin: Data("x".utf8))
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.errorOutput.hasPrefix("Error: The value 'tab' is invalid for '--soft-breaks <soft-breaks>'"))
        #expect(result.errorOutput.contains("'space' and 'newline'"), "\(result.errorOutput)")
    }

    @Test func helpListsTheValidValues() throws {
        let help = try runMissive(["convert", "--help"]).output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("(values: somethingawful, vbulletin, phpbb, xenforo; default: somethingawful)"), "\(help)")
        #expect(help.contains("(values: space, newline; default: space)"), "\(help)")
    }

    @Test func invalidUTF8NamesTheByteOffset() throws {
        let result = try runMissive(["convert"], stdin: Data([0x61, 0x62, 0xC3, 0x28]))
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        #expect(result.errorOutput == "missive: <stdin>: not valid UTF-8 at byte 2; save the file as UTF-8 and try again\n")
    }

    @Test func nulByteIsADataError() throws {
        let result = try runMissive(["convert"], stdin: Data([0x61, 0x00]))
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        #expect(result.errorOutput.contains("NUL byte at byte 1"))
    }

    @Test func missingAndUnreadableFilesAreNoInput() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = try runMissive(["convert", directory.appendingPathComponent("nope.md").path])
        #expect(missing.status == 66)
        #expect(missing.stdout.isEmpty)
        #expect(missing.errorOutput.contains("no such file"))
        let isDirectory = try runMissive(["convert", directory.path])
        #expect(isDirectory.status == 66)
        #expect(isDirectory.errorOutput.contains("directory"))
    }
}
