/// The forum's character set, shared by the client (Forum) and the sandbox forum. Text goes out as
/// windows-1252 bytes, and every character the code page lacks goes as a decimal reference
/// (`&#128512;`), which is what a browser does when a form's charset cannot hold the character, and
/// what the forum turns back into the character.
public enum Windows1252 {
    /// Bytes 0x80...0x9F: the letters and punctuation windows-1252 puts where Latin-1 has controls.
    /// The five unassigned bytes map to the C1 controls of the same value (the WHATWG index does the same).
    private static let high: [Unicode.Scalar] = [
        "\u{20AC}", "\u{81}", "\u{201A}", "\u{192}", "\u{201E}", "\u{2026}", "\u{2020}", "\u{2021}",
        "\u{2C6}", "\u{2030}", "\u{160}", "\u{2039}", "\u{152}", "\u{8D}", "\u{17D}", "\u{8F}",
        "\u{90}", "\u{2018}", "\u{2019}", "\u{201C}", "\u{201D}", "\u{2022}", "\u{2013}", "\u{2014}",
        "\u{2DC}", "\u{2122}", "\u{161}", "\u{203A}", "\u{153}", "\u{9D}", "\u{17E}", "\u{178}",
    ]

    private static let encodeTable: [UInt32: UInt8] = {
        var table: [UInt32: UInt8] = [:]
        for (offset, scalar) in high.enumerated() { table[scalar.value] = UInt8(0x80 + offset) }
        return table
    }()

    /// The byte for `scalar`, or nil when windows-1252 has no such character.
    public static func byte(for scalar: Unicode.Scalar) -> UInt8? {
        switch scalar.value {
        case 0..<0x80, 0xA0...0xFF: UInt8(scalar.value)
        default: encodeTable[scalar.value]
        }
    }

    /// `text` as windows-1252, with `&#NNNN;` for each character outside it.
    public static func encode(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let byte = byte(for: scalar) {
                bytes.append(byte)
            } else {
                bytes.append(contentsOf: "&#\(scalar.value);".utf8)
            }
        }
        return bytes
    }

    /// The character of one byte.
    public static func scalar(for byte: UInt8) -> Unicode.Scalar {
        (0x80...0x9F).contains(byte) ? high[Int(byte - 0x80)] : Unicode.Scalar(byte)
    }

    /// Every byte decodes to one character, so this never fails. Every forum page goes through
    /// here, so it writes UTF-8 bytes directly instead of appending scalars one by one.
    public static func decode<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        // Unspecialized (called from another module), the loop below pays a generic call per byte.
        if let decoded = bytes.withContiguousStorageIfAvailable(decode(contiguous:)) { return decoded }
        return Array(bytes).withUnsafeBufferPointer(decode(contiguous:))
    }

    private static func decode(contiguous bytes: UnsafeBufferPointer<UInt8>) -> String {
        var utf8: [UInt8] = []
        utf8.reserveCapacity(bytes.count + bytes.count / 8)
        for byte in bytes {
            if byte < 0x80 {
                utf8.append(byte)
            } else {
                utf8.append(contentsOf: scalar(for: byte).utf8)
            }
        }
        return String(decoding: utf8, as: UTF8.self)
    }
}
