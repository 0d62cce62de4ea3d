import ArgumentParser
import Common
import Foundation
import Markup

/// `missive convert`: the Markdown-to-BBCode converter on its own, stdin/stdout friendly.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert Markdown to a forum's BBCode.",
        discussion: """
            Reads FILE (or standard input when FILE is missing or "-") and writes the BBCode to \
            standard output. BBCode tags the forum knows, typed into the Markdown, pass through; \
            --strict shows them as text instead. Extensions: ~~strike~~, ||spoiler||, and a \
            ```bbcode fenced block copied verbatim.
            """
    )

    @Argument(help: "The Markdown file to convert (default: standard input).")
    var file: String?

    @Option(help: "The forum engine to write for.")
    var dialect: Dialect = .default

    @Flag(help: "Treat all text as literal: every tag-like sequence is shown, not obeyed.")
    var strict = false

    @Option(name: .customLong("soft-breaks"), help: "How a line break inside a paragraph is written.")
    var softBreaks: SoftBreaks = .space

    func run() throws {
        let markdown = try TextInput.read(path: file)
        let converter = BBCodeConverter(dialect: dialect, options: ConversionOptions(strict: strict, softBreaks: softBreaks))
        var bbcode = converter.convertToUTF8(markdown)
        guard !bbcode.isEmpty else { return }
        bbcode.append(UInt8(ascii: "\n"))
        // Straight from the converter's buffer: a post can be megabytes, so no extra copy.
        bbcode.withUnsafeMutableBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            FileHandle.standardOutput.write(Data(bytesNoCopy: base, count: bytes.count, deallocator: .none))
        }
    }
}
