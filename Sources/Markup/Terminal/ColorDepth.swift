/// How many colours the terminal can show, which decides the escape codes the preview writes.
public enum ColorDepth: String, Sendable, CaseIterable, Comparable {
    /// Plain text: not a terminal, `NO_COLOR`, or `TERM=dumb`.
    case none
    /// The 16 ANSI colours (SGR 30–37, 90–97).
    case ansi16 = "16"
    /// The xterm 256-colour palette (SGR 38;5;n).
    case ansi256 = "256"
    /// 24-bit colour (SGR 38;2;r;g;b).
    case truecolor

    /// Decides from the environment the way most terminal programs do:
    /// https://no-color.org says any non-empty `NO_COLOR` turns colour off; `COLORTERM` is how
    /// terminals announce 24-bit colour; a `TERM` ending in `-256color` means the 256 palette.
    public static func detect(environment: [String: String], isTerminal: Bool) -> ColorDepth {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        guard isTerminal else { return .none }
        let term = environment["TERM"] ?? ""
        if term == "dumb" { return .none }
        let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
        if colorTerm == "truecolor" || colorTerm == "24bit" || term.hasSuffix("-direct") { return .truecolor }
        if term.contains("256color") { return .ansi256 }
        return .ansi16
    }

    public static func < (lhs: ColorDepth, rhs: ColorDepth) -> Bool {
        guard let left = allCases.firstIndex(of: lhs), let right = allCases.firstIndex(of: rhs) else { return false }
        return left < right
    }
}
