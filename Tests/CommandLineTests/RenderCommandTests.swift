import Foundation
import Testing

/// `missive render` as a user runs it: input from stdin or a file, HTML or text out, and every
/// bad input refused with its own exit status and nothing on stdout.
@Suite struct RenderCommandTests {
    @Test func rendersStandardInputAsHTMLBySomethingAwfulRules() throws {
        let result = try runMissive(["render"], stdin: Data("[b]bold[/b] <script> [fixed]f[/fixed]".utf8))
        #expect(result.status == 0)
        #expect(result.output == "<b>bold</b> &lt;script&gt; <code class=\"bbc-fixed\">f</code>\n")
        #expect(result.stderr.isEmpty)
    }

    @Test func rendersAFileAsText() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("post.bbcode")
        try Data("[quote=\"Bob\" post=\"7\"]\nhello\n[/quote]\n[url=http://a.example]link[/url]".utf8).write(to: file)
        let result = try runMissive(["render", file.path, "--to", "text"])
        #expect(result.status == 0)
        #expect(result.output == "Bob posted:\nhello\nlink\n")
    }

    @Test func theDialectDecidesWhatAnUnclosedTagDoes() throws {
        let input = Data("[b]bold to the end".utf8)
        let somethingAwful = try runMissive(["render", "--dialect", "somethingawful"], stdin: input)
        let xenForo = try runMissive(["render", "--dialect", "xenforo"], stdin: input)
        #expect(somethingAwful.output == "[b]bold to the end\n")
        #expect(xenForo.output == "<b>bold to the end</b>\n")
    }

    @Test func emptyInputGivesEmptyOutput() throws {
        for format in ["html", "text"] {
            let result = try runMissive(["render", "--to", format])
            #expect(result.status == 0)
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.isEmpty)
        }
    }

    @Test func unknownDialectIsAUsageErrorListingTheDialects() throws {
        let result = try runMissive(["render", "--dialect", "invision"], stdin: Data("[b]x[/b]".utf8))
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.errorOutput.hasPrefix("missive: the value 'invision' is invalid for '--dialect <dialect>'"))
        #expect(result.errorOutput.contains("'somethingawful', 'vbulletin', 'phpbb', 'xenforo' or 'misago'"), "\(result.errorOutput)")
    }

    @Test func unknownOutputFormatIsAUsageErrorListingTheFormats() throws {
        let result = try runMissive(["render", "--to", "pdf"], stdin: Data("x".utf8))
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.errorOutput.hasPrefix("missive: the value 'pdf' is invalid for '--to <format>'"))
        #expect(result.errorOutput.contains("'html' and 'text'"), "\(result.errorOutput)")
    }

    @Test func helpListsTheValidValues() throws {
        let help = try runMissive(["render", "--help"]).output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("(values: somethingawful, vbulletin, phpbb, xenforo, misago; default: somethingawful)"), "\(help)")
        #expect(help.contains("--to <format>"), "\(help)")
        #expect(help.contains("(values: html, text; default: html)"), "\(help)")
    }

    @Test func missingFileIsNoInput() throws {
        let result = try runMissive(["render", "/nonexistent/post.bbcode"])
        #expect(result.status == 66)
        #expect(result.stdout.isEmpty)
        #expect(result.errorOutput == "missive: /nonexistent/post.bbcode: cannot be read: no such file\n")
    }

    @Test func invalidUTF8NamesTheByteOffset() throws {
        let result = try runMissive(["render"], stdin: Data([0x5B, 0x62, 0x5D, 0xC3, 0x28]))
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        #expect(result.errorOutput.hasPrefix("missive: <stdin>: not valid UTF-8 at byte 3"))
        #expect(result.errorOutput.split(separator: "\n").count == 1)
    }

    @Test func nulByteIsADataError() throws {
        let result = try runMissive(["render", "--to", "text"], stdin: Data([0x61, 0x00, 0x62]))
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        #expect(result.errorOutput.contains("NUL byte at byte 1"))
    }

    @Test func helpDescribesTheOptions() throws {
        let result = try runMissive(["render", "--help"])
        #expect(result.status == 0)
        #expect(result.output.contains("--dialect"))
        #expect(result.output.contains("--to"))
    }
}
