import ArgumentParser

/// swift-argument-parser's own errors (an unknown option, a missing argument, a failed
/// `validate()`) in Missive's voice: `missive: ` where the parser writes `Error: `, and the usage
/// of the command as it was typed. The parser names the command it resolved, so `missive queue 2
/// --at bad` would show the usage of `missive queue add`, the default it ran; a person who typed
/// `missive queue` is shown `missive queue` instead.
enum ParserErrorVoice {
    /// The text for standard error (empty for an error that carries only a status), and the status.
    static func message(for error: any Error, arguments: [String]) -> (text: String, status: Int32) {
        let status = Missive.exitCode(for: error).rawValue
        var text = Missive.fullMessage(for: error)
        if text.hasPrefix("Error: ") { text = "missive: " + lowercasedStart(text.dropFirst("Error: ".count)) }
        if let (typed, resolved) = implicitDefault(arguments) {
            // Only the usage and help lines name the command: a message naming `add` itself stays.
            text = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                line.hasPrefix("Usage: ") || line.contains("See '")
                    ? line.replacingOccurrences(of: resolved + " ", with: typed + " ")
                        .replacingOccurrences(of: resolved + "'", with: typed + "'")
                    : String(line)
            }.joined(separator: "\n")
        }
        return (text, status)
    }

    /// "missive queue" and "missive queue add" when `arguments` name a command and then something
    /// that is none of its subcommands, which the parser takes as its default subcommand's input.
    static func implicitDefault(_ arguments: [String]) -> (typed: String, resolved: String)? {
        var command: any ParsableCommand.Type = Missive.self
        var path = ["missive"]
        for argument in arguments where !argument.hasPrefix("-") {
            let subcommands = command.configuration.subcommands
            guard !subcommands.isEmpty else { return nil }
            if let next = subcommands.first(where: { $0._commandName == argument || $0.configuration.aliases.contains(argument) }) {
                command = next
                path.append(argument)
                continue
            }
            break
        }
        guard let fallback = command.configuration.defaultSubcommand else { return nil }
        let typed = path.joined(separator: " ")
        return (typed, typed + " " + fallback._commandName)
    }

    /// "the value 'x' is invalid" for the parser's "The value 'x' is invalid", as Missive's own
    /// messages read after the prefix; a word in capitals (`EDITOR`) is left as it is.
    private static func lowercasedStart(_ text: Substring) -> String {
        guard let first = text.first, first.isUppercase, text.dropFirst().first?.isLowercase == true else { return String(text) }
        return first.lowercased() + text.dropFirst()
    }
}
