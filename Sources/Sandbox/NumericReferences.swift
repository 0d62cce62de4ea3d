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
        guard text.contains("&#") || text.contains("&shy;") else { return esc(text) }
        var out = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            out += esc(String(rest[..<ampersand]))
            let after = rest[ampersand...]
            if let length = decimalReferenceLength(after) ?? (after.hasPrefix("&shy;") ? 5 : nil) {
                let end = after.index(after.startIndex, offsetBy: length)
                out += after[..<end]
                rest = after[end...]
            } else {
                out += "&amp;"
                rest = after.dropFirst()
            }
        }
        return out + esc(String(rest))
    }

    /// Renders stored BBCode with `render` (which escapes `&` and may read references itself) so
    /// that every decimal reference reaches the page exactly as stored. Each distinct reference
    /// stands in as one private-use character while `render` runs: form text never holds those
    /// (a browser sends them as references), and they mean nothing to BBCode or smilies.
    static func renderKeepingReferences(_ text: String, render: (String) -> String) -> String {
        guard text.contains("&#") else { return render(text) }
        var references: [String] = []
        var indexOf: [String: Int] = [:]
        var protected = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            protected += rest[..<ampersand]
            let after = rest[ampersand...]
            guard let length = decimalReferenceLength(after) else {
                protected += "&"
                rest = after.dropFirst()
                continue
            }
            let end = after.index(after.startIndex, offsetBy: length)
            let reference = String(after[..<end])
            let index = indexOf[reference] ?? references.count
            if let stand = Unicode.Scalar(standInBase + UInt32(index)), index < standInCount {
                if index == references.count {
                    references.append(reference)
                    indexOf[reference] = index
                }
                protected.unicodeScalars.append(stand)
            } else {
                protected += reference
            }
            rest = after[end...]
        }
        protected += rest

        var output = String.UnicodeScalarView()
        for scalar in render(protected).unicodeScalars {
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
        var out = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            out += rest[..<ampersand]
            let after = rest[ampersand...]
            guard let length = decimalReferenceLength(after) else {
                out += "&"
                rest = after.dropFirst()
                continue
            }
            let digits = after.dropFirst(2).prefix(length - 3)
            out += character(named: digits)
            rest = after.dropFirst(length)
        }
        return out + rest
    }

    /// The length of `&#DIGITS;` at the start of `text` (vBulletin's `&#[0-9]+;`), or nil.
    private static func decimalReferenceLength(_ text: Substring) -> Int? {
        guard text.hasPrefix("&#") else { return nil }
        let digits = text.dropFirst(2).prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, text.dropFirst(2 + digits.count).first == ";" else { return nil }
        return 3 + digits.count
    }

    private static func character(named digits: Substring) -> String {
        let replacement = "\u{FFFD}"
        guard digits.count <= 8, let value = UInt32(digits) else { return replacement }
        if (0x80...0x9F).contains(value) { return Windows1252.decode([UInt8(value)]) }
        guard value != 0, let scalar = Unicode.Scalar(value) else { return replacement }
        return String(Character(scalar))
    }
}
