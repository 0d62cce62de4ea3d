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

    enum Output: String, CaseIterable, ExpressibleByArgument {
        case html, text
    }

    @Argument(help: "The BBCode file to render (default: standard input).")
    var file: String?

    @Option(help: "The forum engine whose parser to follow.")
    var dialect: Dialect = .default

    @Option(name: .customLong("to"), help: ArgumentHelp("What to write: an HTML fragment or the text a reader sees.", valueName: "format"))
    var output: Output = .html

    func run() throws {
        let source = try TextInput.read(path: file)
        let document = BBCode.parse(source, dialect: dialect)
        let rendered = output == .text ? document.renderText() : document.renderHTML()
        guard !rendered.isEmpty else { return }
        Console.write((rendered.hasSuffix("\n") ? rendered : rendered + "\n"))
    }
}
