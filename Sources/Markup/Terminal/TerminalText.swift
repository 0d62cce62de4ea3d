import CWidth

/// Text as a terminal will show it: how many columns it takes, and made safe to print.
public enum TerminalText {
    /// Columns a character takes, as the C library's `wcwidth` counts its first scalar: 2 for
    /// East Asian wide characters and emoji, 0 for a combining mark or joiner standing alone, 1
    /// otherwise. (Marks and joiners after a base ride inside its Character and add nothing.)
    /// Two kinds of emoji `wcwidth` cannot see from one scalar are wide too: a character asking
    /// for emoji presentation (U+FE0F) and a flag (a pair of regional indicators, each of which
    /// `wcwidth` counts as 1).
    public static func width(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value >= 0x20 && first.value < 0x7F && scalars.count == 1 { return 1 }  // ASCII, most of any post
        if scalars.contains("\u{FE0F}") { return 2 }
        if (0x1F1E6...0x1F1FF).contains(first.value) && scalars.count > 1 { return 2 }
        // A control is printed as U+FFFD, one column (see `printable`).
        return cellWidth(of: first) ?? 1
    }

    public static func width<S: StringProtocol>(of text: S) -> Int {
        text.reduce(0) { $0 + width(of: $1) }
    }

    /// The text with every control character a terminal would obey (ESC, BEL, CSI, the C1 set...)
    /// replaced by U+FFFD, so a post cannot move the cursor, retitle the window or change colours.
    /// A tab becomes spaces up to the next multiple of four, counted from `column`.
    public static func printable(_ text: String, column: Int = 0) -> String {
        var out = ""
        var column = column
        for character in text {
            if character == "\t" {
                let spaces = 4 - column % 4
                out += String(repeating: " ", count: spaces)
                column += spaces
                continue
            }
            let isControl = character.unicodeScalars.contains { scalar in
                scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
            }
            out.append(isControl ? "\u{FFFD}" : character)
            column += isControl ? 1 : width(of: character)
        }
        return out
    }

    /// The C library's `wcwidth` of one scalar (0, 1 or 2), in a UTF-8 locale of its own (the
    /// process's is usually "C", where it knows nothing past ASCII); its tables follow Unicode's
    /// East Asian Width and emoji data. Nil for a control, or when there is no such locale.
    static func cellWidth(of scalar: Unicode.Scalar) -> Int? {
        let columns = cwidth_columns(scalar.value)
        return columns >= 0 ? Int(columns) : nil
    }
}
