import ArgumentParser
import Common
import Foundation
import Markup

/// `missive render`: shows BBCode the way a forum engine would, as HTML or as plain text.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render BBCode the way a forum engine shows it, as HTML or plain text.",
        discussion: """
            Reads FILE (or standard input when FILE is missing or "-") and parses it with a model of \
            the chosen engine's own BBCode parser: tags it does not know stay as text, and unclosed \
            or misnested tags come out as that engine shows them. --to html writes an HTML fragment \
            with bbc-* classes for styling; --to text writes only what a reader sees.
            """
    )

    enum Output: String, CaseIterable {
        case html, text
    }

    @Argument(help: "The BBCode file to render (default: standard input).")
    var file: String?

    @Option(help: "The forum engine whose parser to follow: \(Dialect.allCases.map(\.rawValue).joined(separator: ", ")).")
    var dialect: String = Dialect.default.rawValue

    @Option(name: .customLong("to"), help: "What to write: html or text.")
    var output: String = Output.html.rawValue

    func validate() throws {
        if Dialect(rawValue: dialect) == nil { try Self.reject(.unknownDialect(dialect)) }
        if Output(rawValue: output) == nil { try Self.reject(.unknownOutput(output)) }
    }

    /// swift-argument-parser wraps errors thrown from `validate()`; say it in Missive's one-line
    /// form and leave with the usage status.
    private static func reject(_ error: RenderUsageError) throws -> Never {
        FileHandle.standardError.write(Data("missive: \(error.description)\n".utf8))
        throw ExitCode(error.status.rawValue)
    }

    func run() throws {
        let source = try TextInput.read(path: file)
        let document = BBCode.parse(source, dialect: Dialect(rawValue: dialect) ?? .default)
        let rendered = Output(rawValue: output) == .text ? document.renderText() : document.renderHTML()
        guard !rendered.isEmpty else { return }
        FileHandle.standardOutput.write(Data((rendered.hasSuffix("\n") ? rendered : rendered + "\n").utf8))
    }
}

/// A one-line usage error naming the valid choices, with the usage exit status.
enum RenderUsageError: MissiveError {
    case unknownDialect(String)
    case unknownOutput(String)

    var status: ExitStatus { .usage }

    var description: String {
        switch self {
        case .unknownDialect(let name):
            "unknown dialect '\(name)'; choose one of: \(Dialect.allCases.map(\.rawValue).joined(separator: ", "))"
        case .unknownOutput(let name):
            "unknown --to '\(name)'; choose one of: \(RenderCommand.Output.allCases.map(\.rawValue).joined(separator: ", "))"
        }
    }
}
