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
        while text.contains("&#") {
            let decoded = CharacterReferenceDecoder.vBulletinPost.decode(text)
            if decoded == text { break }
            text = decoded
        }
        // A page's parser reads NUL as U+FFFD and every CR or CRLF as LF.
        text = text.replacingOccurrences(of: "\u{0}", with: "\u{FFFD}")
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in String(line.reversed().drop { $0 == " " || $0 == "\t" }.reversed()) }
        return lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func same(_ a: String, _ b: String) -> Bool {
        key(a) == key(b)
    }
}
