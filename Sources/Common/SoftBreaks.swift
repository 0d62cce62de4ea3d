/// How a Markdown line break inside a paragraph (a "soft" break) reaches the forum.
public enum SoftBreaks: String, CaseIterable, Sendable, Codable {
    /// A space, as CommonMark renders it: the forum reflows the paragraph (for people who
    /// hard-wrap their Markdown).
    case space
    /// A newline, which forums turn into a line break: keeps the lines as typed, as a forum's
    /// own text box and GitHub's comments do. What posts use unless config.toml says otherwise.
    case newline
}
