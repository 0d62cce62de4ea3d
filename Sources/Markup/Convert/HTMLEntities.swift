import CCMark

/// Decodes the character references in raw HTML text, as a browser shows them. Named
/// references are looked up in libcmark's own HTML5 entity table (by letting cmark parse
/// the reference), so both sides of the round trip agree on every name.
enum HTMLEntities {
    static func decode(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        let utf8 = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(utf8.count)
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "&"), let (decoded, length) = reference(utf8, at: index) {
                output.append(contentsOf: decoded.utf8)
                index += length
            } else {
                output.append(utf8[index])
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The character(s) for the reference at `index`, and how many bytes it spans.
    private static func reference(_ utf8: [UInt8], at index: Int) -> (String, Int)? {
        guard let semicolon = utf8[index...].prefix(40).firstIndex(of: UInt8(ascii: ";")) else { return nil }
        let body = utf8[(index + 1)..<semicolon]
        guard !body.isEmpty else { return nil }
        let length = semicolon - index + 1
        if body.first == UInt8(ascii: "#") {
            let digits = body.dropFirst()
            let hex = digits.first == UInt8(ascii: "x") || digits.first == UInt8(ascii: "X")
            let number = String(decoding: hex ? digits.dropFirst() : digits, as: UTF8.self)
            guard !number.isEmpty, number.count <= (hex ? 6 : 7), let value = UInt32(number, radix: hex ? 16 : 10)
            else { return nil }
            // As HTML5 (and cmark) do: NUL, surrogates and out-of-range become U+FFFD.
            let scalar = value == 0 ? nil : Unicode.Scalar(value)
            return (String(Character(scalar ?? "\u{FFFD}")), length)
        }
        guard body.allSatisfy({ TagSyntax.isNameByte($0) && $0 != UInt8(ascii: "-") && $0 != UInt8(ascii: "_") })
        else { return nil }
        let reference = "&" + String(decoding: body, as: UTF8.self) + ";"
        guard let decoded = namedReference(reference) else { return nil }
        return (decoded, length)
    }

    /// cmark parses `&name;` into a text node holding the character when the name is known.
    private static func namedReference(_ reference: String) -> String? {
        guard let document = CMarkDocument(markdown: reference),
            let paragraph = document.root.firstChild, let text = paragraph.firstChild,
            text.type == CMARK_NODE_TEXT, text.next == nil
        else { return nil }
        let literal = text.literal
        return literal == reference ? nil : literal
    }
}
