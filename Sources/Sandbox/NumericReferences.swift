import Common
import Markup

/// What vBulletin 3 does with the `&#NNN;` references a browser sends for characters outside
/// windows-1252 (`Common.Windows1252`), and with any a poster typed: it stores the text as
/// posted, references included, and its escaping (`htmlspecialchars_uni`) lets decimal
/// references and `&shy;` through to the page, where the browser shows the characters they name.
/// So `&#91;b]x&#91;/b]` is stored as sent and read as the text `[b]x[/b]`, never as bold; a
/// hexadecimal one (`&#x5B;`) has its `&` escaped and is read as typed. Which references pass is
/// Markup's `CharacterReferenceDecoder.vBulletinPost`, the reader the client uses too; what a
/// reader sees of a stored text is that decoder's `decode`.
enum NumericReferences {
    private static let reader = CharacterReferenceDecoder.vBulletinPost

    /// HTML escaping as vBulletin 3 does it for titles and names: `&` becomes `&amp;` except where
    /// it starts a decimal reference or `&shy;`.
    static func escapeKeepingReferences(_ text: String) -> String {
        reader.pieces(of: text).map { piece in
            switch piece {
            case .text(let text): esc(String(text))
            case .reference(let reference, _): String(reference)
            }
        }.joined()
    }

    /// Renders stored BBCode with `render` (which escapes `&` and may read references itself) so
    /// that every reference vBulletin keeps reaches the page exactly as stored. Each distinct
    /// reference stands in as one private-use character while `render` runs: form text never holds
    /// those (a browser sends them as references), and they mean nothing to BBCode or smilies.
    static func renderKeepingReferences(_ text: String, render: (String) -> String) -> String {
        guard text.contains("&") else { return render(text) }
        var references: [String] = []
        var indexOf: [String: Int] = [:]
        var protected = String.UnicodeScalarView()
        for piece in reader.pieces(of: text) {
            guard case .reference(let written, _) = piece else {
                if case .text(let text) = piece { protected.append(contentsOf: text.unicodeScalars) }
                continue
            }
            let reference = String(written)
            let index = indexOf[reference] ?? references.count
            guard index < standInCount, let stand = Unicode.Scalar(standInBase + UInt32(index)) else {
                protected.append(contentsOf: written.unicodeScalars)
                continue
            }
            if index == references.count {
                references.append(reference)
                indexOf[reference] = index
            }
            protected.append(stand)
        }

        var output = String.UnicodeScalarView()
        for scalar in render(String(protected)).unicodeScalars {
            let index = Int(scalar.value) - Int(standInBase)
            if index >= 0, index < references.count {
                output.append(contentsOf: references[index].unicodeScalars)
            } else {
                output.append(scalar)
            }
        }
        return String(output)
    }

    /// Supplementary Private Use Area-B.
    private static let standInBase: UInt32 = 0x10_0000
    private static let standInCount = 0xFFFE

    /// The text as a reader sees it: the references vBulletin keeps read as characters, the way
    /// a browser reads them.
    static func decode(_ text: String) -> String {
        reader.decode(text)
    }
}
