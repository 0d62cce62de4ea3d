import Common

/// Character references (`&#91;`, `&#x5B;`, `&copy;`) decoded to what a browser shows: the one
/// decoder of the project (the converter, the BBCode parsers, Forum's reconcile and the sandbox
/// forum all read references through it). The numbers are read and mapped one way for everyone
/// (the HTML standard's); which references reach the browser at all is the reader's policy:
/// vBulletin keeps only decimal ones and `&shy;` through its escaping, a browser reading raw
/// HTML takes all of HTML5's.
public struct CharacterReferenceDecoder: Sendable {
    /// Whether `&#x5B;` counts, as well as `&#91;`.
    let hexadecimal: Bool
    /// The named references that count.
    let named: NamedCharacterReferences

    /// What the reader of a vBulletin (and Something Awful) post sees: `htmlspecialchars_uni`
    /// turns every `&` into `&amp;` except before a decimal reference or `&shy;` (in any case).
    public static let vBulletinPost = CharacterReferenceDecoder(hexadecimal: false, named: .softHyphenOnly)
    /// What a browser shows of raw HTML text and attribute values.
    public static let browser = CharacterReferenceDecoder(hexadecimal: true, named: .html5)

    /// One piece of a text cut at its references.
    public enum Piece: Equatable, Sendable {
        /// Text holding no reference this reader decodes.
        case text(Substring)
        /// A reference as written (`&#91;`) and the text it stands for (`[`).
        case reference(Substring, decoded: String)
    }

    public func decode(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        let bytes = Array(text.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        for found in references(in: bytes) {
            result.append(contentsOf: bytes[index..<found.range.lowerBound])
            result.append(contentsOf: found.decoded.utf8)
            index = found.range.upperBound
        }
        result.append(contentsOf: bytes[index...])
        return String(decoding: result, as: UTF8.self)
    }

    /// The text cut into runs of other text and the references this reader decodes, in order,
    /// for a writer that keeps references as written (the sandbox forum's pages do).
    public func pieces(of text: String) -> [Piece] {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text.isEmpty ? [] : [.text(Substring(text))] }
        let utf8 = text.utf8
        // References are ASCII, so their byte offsets are character boundaries.
        func at(_ offset: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offset) }
        var pieces: [Piece] = []
        var index = 0
        for found in references(in: Array(utf8)) {
            if index < found.range.lowerBound { pieces.append(.text(text[at(index)..<at(found.range.lowerBound)])) }
            pieces.append(.reference(text[at(found.range.lowerBound)..<at(found.range.upperBound)], decoded: found.decoded))
            index = found.range.upperBound
        }
        if index < utf8.count { pieces.append(.text(text[at(index)...])) }
        return pieces
    }

    /// Every reference that decodes, with its byte range, in order.
    private func references(in bytes: [UInt8]) -> [(range: Range<Int>, decoded: String)] {
        var found: [(range: Range<Int>, decoded: String)] = []
        var names: [(range: Range<Int>, name: String)] = []
        var index = 0
        while let ampersand = bytes[index...].firstIndex(of: UInt8(ascii: "&")) {
            switch reference(in: bytes, at: ampersand) {
            case .numeric(let scalar, let length)?:
                found.append((ampersand..<ampersand + length, String(Character(scalar))))
                index = ampersand + length
            case .named(let name, let length)?:
                names.append((ampersand..<ampersand + length, name))
                index = ampersand + length
            case nil:
                index = ampersand + 1
            }
        }
        guard !names.isEmpty else { return found }
        // Names are looked up all at once, so a text costs one lookup however many it holds.
        let resolved = named.resolve(Set(names.map(\.name)))
        found += names.compactMap { reference in resolved[reference.name].map { (reference.range, $0) } }
        return found.sorted { $0.range.lowerBound < $1.range.lowerBound }
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
    /// (`&#150;` is an en dash; the five bytes it leaves out stay C1 controls, as in the WHATWG
    /// table), U+FFFD for NUL, surrogates and anything past U+10FFFF.
    static func scalar(for value: Int) -> Unicode.Scalar {
        if (0x80...0x9F).contains(value) { return Windows1252.scalar(for: UInt8(value)) }
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
}
