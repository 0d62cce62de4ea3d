/// Text as a terminal will show it: how many columns it takes, and made safe to print.
public enum TerminalText {
    /// Columns a character takes: 2 for East Asian wide characters and emoji, 1 otherwise.
    /// (Combining marks ride inside their Character, so they add nothing.)
    public static func width(of character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        if character.unicodeScalars.contains("\u{FE0F}") { return 2 }  // emoji presentation
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
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
}
