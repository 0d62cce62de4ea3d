import ArgumentParser

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
            var best: (name: String, distance: Int)?
            for name in names {
                let edits = distance(argument, name)
                if best.map({ edits < $0.distance }) ?? true { best = (name, edits) }
            }
            guard let best, best.distance <= max(1, min(2, argument.count / 2)) else { return nil }
            return "'\(argument)' is not a \(parent) command; did you mean `\(parent) \(best.name)`?"
        }
        return nil
    }

    /// Edits (insert, delete, substitute, swap two neighbours) from `a` to `b`.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
