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

    @Option(help: "The forum engine to write for: \(Dialect.allCases.map(\.rawValue).joined(separator: ", ")).")
    var dialect: String = Dialect.default.rawValue

    @Flag(help: "Treat all text as literal: every tag-like sequence is shown, not obeyed.")
    var strict = false

    @Option(name: .customLong("soft-breaks"), help: "How a line break inside a paragraph is written: space or newline.")
    var softBreaks: String = SoftBreaks.space.rawValue

    func validate() throws {
        if Dialect(rawValue: dialect) == nil { try Self.reject(.unknownDialect(dialect)) }
        if SoftBreaks(rawValue: softBreaks) == nil { try Self.reject(.unknownSoftBreaks(softBreaks)) }
    }

    /// swift-argument-parser wraps errors thrown from `validate()` (so `Missive.main` never sees
    /// them as Missive's own); say it in Missive's one-line form and leave with its status.
    private static func reject(_ error: ConvertUsageError) throws -> Never {
        FileHandle.standardError.write(Data("missive: \(error.description)\n".utf8))
        throw ExitCode(error.status.rawValue)
    }

    func run() throws {
        let markdown = try TextInput.read(path: file)
        let converter = BBCodeConverter(
            dialect: Dialect(rawValue: dialect) ?? .default,
            options: ConversionOptions(strict: strict, softBreaks: SoftBreaks(rawValue: softBreaks) ?? .space))
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

/// A one-line usage error naming the valid choices, with the usage exit status.
enum ConvertUsageError: MissiveError {
    case unknownDialect(String)
    case unknownSoftBreaks(String)

    var status: ExitStatus { .usage }

    var description: String {
        switch self {
        case .unknownDialect(let name):
            "unknown dialect '\(name)'; choose one of: \(Dialect.allCases.map(\.rawValue).joined(separator: ", "))"
        case .unknownSoftBreaks(let name):
            "unknown --soft-breaks '\(name)'; choose one of: \(SoftBreaks.allCases.map(\.rawValue).joined(separator: ", "))"
        }
    }
}
