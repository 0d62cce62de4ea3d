/// Character references (`&#91;`, `&#x5B;`, `&copy;`) decoded to what a browser shows. The
/// numbers are read and mapped one way for everyone (the HTML standard's); which references
/// reach the browser at all is the reader's policy: vBulletin keeps only decimal ones and
/// `&shy;` through its escaping, a browser reading raw HTML takes all of HTML5's.
public struct CharacterReferenceDecoder: Sendable {
    /// Whether `&#x5B;` counts, as well as `&#91;`.
    let hexadecimal: Bool
    /// The named references that count.
    let named: NamedCharacterReferences

    /// What the reader of a vBulletin (and Something Awful) post sees: `htmlspecialchars_uni`
    /// turns every `&` into `&amp;` except before a decimal reference or `&shy;`.
    public static let vBulletinPost = CharacterReferenceDecoder(hexadecimal: false, named: .softHyphenOnly)
    /// What a browser shows of raw HTML text and attribute values.
    public static let browser = CharacterReferenceDecoder(hexadecimal: true, named: .html5)

    public func decode(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        let bytes = Array(text.utf8)
        // Names are looked up all at once, so a text costs one lookup however many it holds.
        var names: Set<String> = []
        var index = 0
        while let ampersand = bytes[index...].firstIndex(of: UInt8(ascii: "&")) {
            if case .named(let name, _) = reference(in: bytes, at: ampersand) { names.insert(name) }
            index = ampersand + 1
        }
        let resolved = names.isEmpty ? [:] : named.resolve(names)

        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        index = 0
        while index < bytes.count {
            let replacement: (String, Int)?
            switch bytes[index] == UInt8(ascii: "&") ? reference(in: bytes, at: index) : nil {
            case .numeric(let scalar, let length): replacement = (String(Character(scalar)), length)
            case .named(let name, let length): replacement = resolved[name].map { ($0, length) }
            case nil: replacement = nil
            }
            if let (decoded, length) = replacement {
                result.append(contentsOf: decoded.utf8)
                index += length
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    private enum Reference {
        case numeric(Unicode.Scalar, length: Int)
        case named(String, length: Int)
    }

    /// The reference that starts at the `&` at `start`, if one does.
    private func reference(in bytes: [UInt8], at start: Int) -> Reference? {
        var index = start + 1
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: "#") {
            index += 1
            let isHex = hexadecimal && index < bytes.count && (bytes[index] | 0x20) == UInt8(ascii: "x")
            if isHex { index += 1 }
            guard let (value, end) = NumericCharacterReference.value(in: bytes, from: index, hexadecimal: isHex),
                end < bytes.count, bytes[end] == UInt8(ascii: ";")
            else { return nil }
            return .numeric(NumericCharacterReference.scalar(for: value), length: end + 1 - start)
        }
        // The longest HTML5 name has 31 characters; nothing longer is looked up.
        let nameStart = index
        while index < bytes.count, index - nameStart <= 32, Self.isNameByte(bytes[index]) { index += 1 }
        guard index > nameStart, index - nameStart <= 32, index < bytes.count, bytes[index] == UInt8(ascii: ";")
        else { return nil }
        return .named(String(decoding: bytes[nameStart..<index], as: UTF8.self), length: index + 1 - start)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            false
        }
    }
}

/// The numeric core: how digits become a number, and a number the character a browser shows.
enum NumericCharacterReference {
    /// The value of the digits from `start` and where they end, or nil when there are none.
    /// Any number of digits is read (browsers do), the value saturating past U+10FFFF.
    static func value(in bytes: [UInt8], from start: Int, hexadecimal: Bool) -> (value: Int, end: Int)? {
        var index = start
        var value = 0
        while index < bytes.count, let digit = digit(bytes[index], hexadecimal: hexadecimal) {
            if value <= 0x10FFFF { value = value * (hexadecimal ? 16 : 10) + digit }
            index += 1
        }
        return index > start ? (value, index) : nil
    }

    /// What the HTML standard shows for a numeric reference: the C1 block read as Windows-1252
    /// (`&#150;` is an en dash), U+FFFD for NUL, surrogates and anything past U+10FFFF.
    static func scalar(for value: Int) -> Unicode.Scalar {
        if let mapped = windows1252[value], let scalar = Unicode.Scalar(mapped) { return scalar }
        guard value != 0, value <= 0x10FFFF, let scalar = Unicode.Scalar(UInt32(value)) else { return "\u{FFFD}" }
        return scalar
    }

    private static func digit(_ byte: UInt8, hexadecimal: Bool) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where hexadecimal: Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F") where hexadecimal: Int(byte - UInt8(ascii: "A")) + 10
        default: nil
        }
    }

    /// Windows-1252's C1 block, as browsers read &#128; to &#159;.
    private static let windows1252: [Int: UInt32] = [
        0x80: 0x20AC, 0x82: 0x201A, 0x83: 0x0192, 0x84: 0x201E, 0x85: 0x2026, 0x86: 0x2020,
        0x87: 0x2021, 0x88: 0x02C6, 0x89: 0x2030, 0x8A: 0x0160, 0x8B: 0x2039, 0x8C: 0x0152,
        0x8E: 0x017D, 0x91: 0x2018, 0x92: 0x2019, 0x93: 0x201C, 0x94: 0x201D, 0x95: 0x2022,
        0x96: 0x2013, 0x97: 0x2014, 0x98: 0x02DC, 0x99: 0x2122, 0x9A: 0x0161, 0x9B: 0x203A,
        0x9C: 0x0153, 0x9E: 0x017E, 0x9F: 0x0178,
    ]
}
