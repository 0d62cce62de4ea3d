import ArgumentParser
import Foundation
import Markup

/// `--color auto|none|16|256|truecolor`, shared by the commands that draw in colour.
/// `auto` looks at the terminal and at NO_COLOR, TERM and COLORTERM.
struct ColorOptions: ParsableArguments {
    @Option(name: .customLong("color"), help: ArgumentHelp(
        "Colours: auto, none, 16, 256 or truecolor. auto uses what the terminal supports, and none when "
            + "standard output is not a terminal or NO_COLOR is set.",
        valueName: "when"))
    var choice: ColorChoice = .auto

    /// The depth to draw with on standard output.
    var depth: ColorDepth {
        switch choice {
        case .auto:
            ColorDepth.detect(environment: ProcessInfo.processInfo.environment, isTerminal: isatty(STDOUT_FILENO) == 1)
        case .fixed(let depth):
            depth
        }
    }
}

enum ColorChoice: ExpressibleByArgument, Equatable {
    case auto
    case fixed(ColorDepth)

    init?(argument: String) {
        if argument == "auto" {
            self = .auto
        } else if let depth = ColorDepth(rawValue: argument) {
            self = .fixed(depth)
        } else {
            return nil
        }
    }

    static var allValueStrings: [String] { ["auto"] + ColorDepth.allCases.map(\.rawValue) }
}
