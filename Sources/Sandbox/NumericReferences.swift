import Common

/// What vBulletin 3 does with the `&#NNN;` references a browser sends for characters outside
/// windows-1252 (`Common.Windows1252`), and with any a poster typed: it stores the text as
/// posted, references included, and its escaping (`htmlspecialchars_uni`) lets decimal
/// references through to the page, where the browser shows the characters they name. So
/// `&#91;b]x&#91;/b]` is stored as sent and read as the text `[b]x[/b]`, never as bold; a
/// hexadecimal one (`&#x5B;`) has its `&` escaped and is read as typed.
enum NumericReferences {
    /// HTML escaping as vBulletin 3 does it for titles and names: `&` becomes `&amp;` except where
    /// it starts a decimal reference or `&shy;`.
    static func escapeKeepingReferences(_ text: String) -> String {
        pieces(of: text).map { piece in
            piece.isReference ? String(piece.text) : esc(String(piece.text)).replacingOccurrences(of: "&amp;shy;", with: "&shy;")
        }.joined()
    }

    /// Renders stored BBCode with `render` (which escapes `&` and may read references itself) so
    /// that every decimal reference reaches the page exactly as stored. Each distinct reference
    /// stands in as one private-use character while `render` runs: form text never holds those
    /// (a browser sends them as references), and they mean nothing to BBCode or smilies.
    static func renderKeepingReferences(_ text: String, render: (String) -> String) -> String {
        guard text.contains("&#") else { return render(text) }
        var references: [String] = []
        var indexOf: [String: Int] = [:]
        var protected = String.UnicodeScalarView()
        for piece in pieces(of: text) {
            let reference = String(piece.text)
            let index = indexOf[reference] ?? references.count
            guard piece.isReference, index < standInCount, let stand = Unicode.Scalar(standInBase + UInt32(index)) else {
                protected.append(contentsOf: piece.text.unicodeScalars)
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

    /// The text as a reader sees it: decimal references read as characters, the way a browser
    /// reads them (a reference to nothing shows U+FFFD; 128 to 159 name windows-1252's characters).
    static func decode(_ text: String) -> String {
        guard text.contains("&#") else { return text }
        return pieces(of: text).map { piece in
            piece.isReference ? character(named: piece.text.dropFirst(2).dropLast()) : String(piece.text)
        }.joined()
    }

    /// The text cut into runs of other text and decimal references (vBulletin's `&#[0-9]+;`), in order.
    private static func pieces(of text: String) -> [(isReference: Bool, text: Substring)] {
        var pieces: [(isReference: Bool, text: Substring)] = []
        var runStart = text.startIndex
        var index = text.startIndex
        while let ampersand = text[index...].firstIndex(of: "&") {
            let digits = text[ampersand...].dropFirst(2).prefix { $0.isASCII && $0.isNumber }
            guard text[ampersand...].hasPrefix("&#"), !digits.isEmpty, digits.endIndex < text.endIndex,
                  text[digits.endIndex] == ";" else {
                index = text.index(after: ampersand)
                continue
            }
            if runStart < ampersand { pieces.append((false, text[runStart..<ampersand])) }
            let end = text.index(after: digits.endIndex)
            pieces.append((true, text[ampersand..<end]))
            runStart = end
            index = end
        }
        if runStart < text.endIndex { pieces.append((false, text[runStart...])) }
        return pieces
    }

    private static func character(named digits: Substring) -> String {
        let replacement = "\u{FFFD}"
        guard digits.count <= 8, let value = UInt32(digits) else { return replacement }
        if (0x80...0x9F).contains(value) { return Windows1252.decode([UInt8(value)]) }
        guard value != 0, let scalar = Unicode.Scalar(value) else { return replacement }
        return String(Character(scalar))
    }
}
