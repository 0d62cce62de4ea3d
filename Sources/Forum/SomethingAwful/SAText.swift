import Common
import Markup

/// The one comparison reconcile makes between what was sent and what the forum holds.
///
/// Both sides go through the same function, so a text always matches itself however the forum
/// gave it back. The forum stores the bytes it was sent (windows-1252, with `&#N;` for every
/// other character) and gives them back in a form's textarea either as stored, or with its
/// decimal references turned into characters (vBulletin's `htmlspecialchars_uni` leaves `&#N;`
/// unescaped, so a browser reads `&#128;` as € and `&#91;` as `[`). The key is therefore: the text
/// as sent (encoded to windows-1252 and read back), with decimal references decoded as a reader
/// of the page decodes them until none is left, and the line ends and outer blanks a textarea
/// does not keep made alike.
enum SAText {
    static func key(_ text: String) -> String {
        var text = Windows1252.decode(Windows1252.encode(text))
        // Each pass removes at least one `&`, so this ends; nearly every text takes one pass.
        while text.contains("&") {
            let decoded = CharacterReferenceDecoder.vBulletinPost.decode(text)
            if decoded == text { break }
            text = decoded
        }
        // Scalar by scalar: a combining mark after a line break would join it in a Character.
        // The page parser (gumbo) reads every CR or CRLF as LF, and NUL, controls and
        // noncharacters as U+FFFD when they come as bytes (it keeps them when they come as
        // references): made alike on both sides, they match.
        var lines: [[Unicode.Scalar]] = [[]]
        var afterCR = false
        for scalar in text.unicodeScalars {
            defer { afterCR = scalar == "\r" }
            if scalar == "\n" && afterCR { continue }
            if scalar == "\r" || scalar == "\n" {
                lines.append([])
            } else {
                lines[lines.count - 1].append(Self.shownByParser(scalar) ? scalar : "\u{FFFD}")
            }
        }
        // A textarea keeps no trailing blanks on a line that we would see, nor blank lines around the text.
        var joined = String.UnicodeScalarView()
        for (index, line) in lines.enumerated() {
            if index > 0 { joined.append("\n") }
            joined.append(contentsOf: line.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
        }
        return String(joined).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whether a page's parser shows the character as itself: not NUL, not a control but tab, LF,
    /// FF and CR, not a noncharacter.
    static func shownByParser(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x08, 0x0B, 0x0E...0x1F, 0x7F...0x9F, 0xFDD0...0xFDEF: false
        default: scalar.value & 0xFFFE != 0xFFFE
        }
    }

    static func same(_ a: String, _ b: String) -> Bool {
        key(a) == key(b)
    }
}
