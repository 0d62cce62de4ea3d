/// vBulletin escapes posts with `htmlspecialchars_uni`, which leaves decimal references
/// (`&#91;`) and `&shy;` alone, so the browser shows the character; every other `&` becomes `&amp;`
/// and shows literally. This is what the reader of a vBulletin (and Something Awful) post sees.
enum CharacterReferences {
    static func decodeDecimal(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        let bytes = Array(text.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "&"), let (scalar, length) = reference(in: bytes, at: index) {
                result.append(contentsOf: Array(String(Character(scalar)).utf8))
                index += length
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static let shy = Array("&shy;".utf8)

    /// `&#NNN;` or `&shy;` at `start`: the scalar a browser shows and the reference's length.
    private static func reference(in bytes: [UInt8], at start: Int) -> (Unicode.Scalar, Int)? {
        if bytes.count - start >= shy.count,
            zip(bytes[start..<start + shy.count], shy).allSatisfy({ lowercase($0) == $1 })
        {
            return ("\u{AD}", shy.count)
        }
        guard start + 3 < bytes.count, bytes[start + 1] == UInt8(ascii: "#") else { return nil }
        var index = start + 2
        var value = 0
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            // Browsers clamp huge values to U+FFFD; stop accumulating once past the Unicode range.
            if value <= 0x10FFFF { value = value * 10 + Int(bytes[index] - UInt8(ascii: "0")) }
            index += 1
        }
        guard index > start + 2, index < bytes.count, bytes[index] == UInt8(ascii: ";") else { return nil }
        return (browserScalar(value), index + 1 - start)
    }

    /// Windows-1252's C1 block, as browsers read &#128; to &#159;.
    private static let windows1252: [Int: UInt32] = [
        0x80: 0x20AC, 0x82: 0x201A, 0x83: 0x0192, 0x84: 0x201E, 0x85: 0x2026, 0x86: 0x2020,
        0x87: 0x2021, 0x88: 0x02C6, 0x89: 0x2030, 0x8A: 0x0160, 0x8B: 0x2039, 0x8C: 0x0152,
        0x8E: 0x017D, 0x91: 0x2018, 0x92: 0x2019, 0x93: 0x201C, 0x94: 0x201D, 0x95: 0x2022,
        0x96: 0x2013, 0x97: 0x2014, 0x98: 0x02DC, 0x99: 0x2122, 0x9A: 0x0161, 0x9B: 0x203A,
        0x9C: 0x0153, 0x9E: 0x017E, 0x9F: 0x0178,
    ]

    /// What the HTML standard maps a numeric reference to.
    private static func browserScalar(_ value: Int) -> Unicode.Scalar {
        if let mapped = windows1252[value], let scalar = Unicode.Scalar(mapped) { return scalar }
        guard value != 0, value <= 0x10FFFF, let scalar = Unicode.Scalar(UInt32(value)) else { return "\u{FFFD}" }
        return scalar
    }

    private static func lowercase(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
    }
}
