/// A few coloured cells that show a theme at a glance in `missive themes list`:
/// the page, text on the post, a link, a quote's bar, code, and a spoiler bar.
public enum ThemeSwatch {
    public static func render(_ theme: Theme, depth: ColorDepth) -> String {
        guard depth != .none else { return "" }
        let post = theme.color(.postBackground)
        let cells: [(String, TerminalStyle)] = [
            ("  ", TerminalStyle(background: theme.color(.pageBackground))),
            (" Aa", TerminalStyle(foreground: theme.color(.textColor), background: post)),
            (" ln", TerminalStyle(foreground: theme.color(.linkColor), background: post, underline: true)),
            (" ", TerminalStyle(background: post)),
            ("▌", TerminalStyle(foreground: theme.color(.quoteBorder), background: theme.color(.quoteBackground))),
            ("q ", TerminalStyle(foreground: theme.color(.quoteColor), background: theme.color(.quoteBackground))),
            ("{}", TerminalStyle(foreground: theme.color(.codeColor), background: theme.color(.codeBackground))),
            ("  ", TerminalStyle(background: theme.color(.spoilerBackground))),
        ]
        return cells.map { $0.1.escape(at: depth) + $0.0 }.joined() + TerminalStyle.reset
    }
}
