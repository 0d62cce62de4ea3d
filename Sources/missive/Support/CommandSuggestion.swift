import ArgumentParser
import Common

/// "did you mean `send`?" for a mistyped subcommand, as git says it. The argument parser
/// suggests close option names itself, but a subcommand it does not know is only "unexpected".
enum CommandSuggestion {
    /// The message for `arguments` (without the program name) when one names no subcommand of the
    /// command it follows and a known one is close to it; nil otherwise.
    static func message(for arguments: [String], root: any ParsableCommand.Type) -> String? {
        var command: any ParsableCommand.Type = root
        var path = ["missive"]
        for argument in arguments where !argument.hasPrefix("-") {
            let subcommands: [any ParsableCommand.Type] = command.configuration.subcommands
            if subcommands.isEmpty { return nil }
            var names: [String] = []
            var matched: (any ParsableCommand.Type)?
            for subcommand in subcommands {
                let name = subcommand._commandName
                // A hidden command (the `help json` topic) is no guess for a typo.
                if subcommand.configuration.shouldDisplay { names.append(name) }
                if name == argument || subcommand.configuration.aliases.contains(argument) { matched = subcommand }
            }
            if let matched {
                command = matched
                path.append(argument)
                continue
            }
            let parent = path.joined(separator: " ")
            // The start of exactly one name (`templ`) means that one.
            let starting = names.filter { $0.hasPrefix(argument) }
            if argument.count >= 3, starting.count == 1 {
                return "'\(argument)' is not a \(parent) command; did you mean `\(parent) \(starting[0])`?"
            }
            guard let best = EditDistance.closest(to: argument, among: names) else { return nil }
            return "'\(argument)' is not a \(parent) command; did you mean `\(parent) \(best)`?"
        }
        return nil
    }
}
