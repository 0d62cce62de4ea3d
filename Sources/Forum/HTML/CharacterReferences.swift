import CLibXML2
import Common

/// HTML character references (`&amp;`, `&#8217;`, `&#x1F600;`) decoded as a browser does.
enum CharacterReferences {
    static func decode(_ text: Substring) -> String {
        guard text.contains("&") else { return String(text) }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            guard character == "&", let (scalar, next) = reference(in: text, at: index) else {
                result.append(character)
                index = text.index(after: index)
                continue
            }
            result.unicodeScalars.append(scalar)
            index = next
        }
        return result
    }

    /// The character a reference starting at `start` (an `&`) stands for, and where it ends.
    private static func reference(in text: Substring, at start: Substring.Index) -> (Unicode.Scalar, Substring.Index)? {
        let body = text[text.index(after: start)...]
        guard let semicolon = body.prefix(34).firstIndex(of: ";") else { return nil }
        let name = body[body.startIndex..<semicolon]
        let next = text.index(after: semicolon)
        if name.hasPrefix("#") {
            let digits = name.dropFirst()
            let value: UInt32?
            if digits.hasPrefix("x") || digits.hasPrefix("X") {
                value = UInt32(digits.dropFirst(), radix: 16)
            } else {
                value = UInt32(digits, radix: 10)
            }
            guard let value else { return nil }
            return (numericScalar(value), next)
        }
        guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return nil }
        guard let entity = htmlEntityLookup(String(name)), let scalar = Unicode.Scalar(entity.pointee.value) else {
            return nil
        }
        return (scalar, next)
    }

    /// Numeric references to 0x80...0x9F mean windows-1252 characters; invalid ones become U+FFFD
    /// (the HTML standard's rules).
    private static func numericScalar(_ value: UInt32) -> Unicode.Scalar {
        if (0x80...0x9F).contains(value) { return Windows1252.scalar(for: UInt8(value)) }
        if value == 0 { return "\u{FFFD}" }
        return Unicode.Scalar(value) ?? "\u{FFFD}"
    }
}
