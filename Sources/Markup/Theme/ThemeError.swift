import Common

/// What can be wrong with a theme. Every case names the file(s) to fix.
public enum ThemeError: MissiveError, Equatable {
    case syntax(TOMLError)
    case unreadable(file: String, reason: String)
    case unknownKey(file: String, line: Int, key: String, suggestion: String?)
    case badValue(file: String, line: Int, key: String, expected: String)
    case unknownParent(theme: String, file: String, line: Int?, parent: String, known: [String])
    /// Each step of the loop as (theme, file that set its parent).
    case cycle([Step])
    case unknownTheme(String, known: [String])
    /// A theme name in config.toml that is no theme, said where it was written.
    case invalidConfigValue(String)
    case missingKey(theme: String, key: String, files: [String])
    case noBundledThemes(searched: [String])

    public struct Step: Sendable, Equatable {
        public var theme: String
        public var file: String
    }

    public var status: ExitStatus { .config }

    public var description: String {
        switch self {
        case .syntax(let error):
            error.description
        case let .unreadable(file, reason):
            "\(file): cannot read the theme: \(reason)"
        case let .unknownKey(file, line, key, suggestion):
            "\(file):\(line): \"\(key)\" is not a theme key"
                + (suggestion.map { "; did you mean \"\($0)\"?" } ?? "; see docs/themes.md for the keys")
        case let .badValue(file, line, key, expected):
            "\(file):\(line): \(key) must be \(expected)"
        case let .unknownParent(theme, file, line, parent, known):
            "\(file)\(line.map { ":\($0)" } ?? ""): theme \"\(theme)\" names parent \"\(parent)\", which is not a theme; "
                + "known: \(known.joined(separator: ", "))"
        case .cycle(let steps):
            "theme parents form a loop: "
                + (steps + steps.prefix(1)).map { "\($0.theme) (\($0.file))" }.joined(separator: " -> ")
        case let .unknownTheme(name, known):
            "no theme named \"\(name)\"; known: \(known.joined(separator: ", ")) (see `missive themes list`)"
        case .invalidConfigValue(let message):
            message
        case let .missingKey(theme, key, files):
            "theme \"\(theme)\" has no value for \(key): none of \(files.joined(separator: ", ")) sets it "
                + "(the default theme must set every key)"
        case .noBundledThemes(let searched):
            "cannot find Missive's bundled themes; looked in \(searched.joined(separator: ", ")) "
                + "(set MISSIVE_THEMES_DIR to the Themes folder)"
        }
    }
}
