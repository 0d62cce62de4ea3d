/// The forum's character set. Pages go out in windows-1252 and form bodies come in that way,
/// with every character outside it written as a decimal reference (`&#128512;`), as browsers do.
public enum Windows1252 {
    /// Code points of bytes 0x80...0x9F; the five bytes the code page leaves undefined map to
    /// the C1 control with the same number (as WHATWG's decoder does), so every byte round-trips.
    private static let high: [UInt32] = [
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
        0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
        0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
        0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
    ]

    private static let byteForHigh: [UInt32: UInt8] = {
        var table: [UInt32: UInt8] = [:]
        for (offset, scalar) in high.enumerated() { table[scalar] = UInt8(0x80 + offset) }
        return table
    }()

    /// Every byte means something, so decoding never fails.
    public static func decode<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var scalars = String.UnicodeScalarView()
        for byte in bytes {
            let value = (0x80...0x9F).contains(byte) ? high[Int(byte) - 0x80] : UInt32(byte)
            if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
        }
        return String(scalars)
    }

    /// The byte for one scalar, or nil when the code page lacks it.
    public static func byte(for scalar: Unicode.Scalar) -> UInt8? {
        let value = scalar.value
        if value < 0x80 || (0xA0...0xFF).contains(value) { return UInt8(value) }
        return byteForHigh[value]
    }

    /// Encodes text for a page or a form body: characters outside the code page become `&#N;`.
    public static func encode(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let byte = byte(for: scalar) {
                bytes.append(byte)
            } else {
                bytes.append(contentsOf: Array("&#\(scalar.value);".utf8))
            }
        }
        return bytes
    }

    /// Turns decimal and hexadecimal character references back into characters, which is what
    /// the forum stores. Anything that is not a well-formed reference to a valid scalar stays as typed.
    public static func decodeNumericReferences(_ text: String) -> String {
        guard text.contains("&#") else { return text }
        let scalars = Array(text.unicodeScalars)
        var output = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if scalars[index] == "&", index + 2 < scalars.count, scalars[index + 1] == "#",
               let (scalar, length) = reference(in: scalars, at: index + 2) {
                output.append(scalar)
                index += 2 + length
            } else {
                output.append(scalars[index])
                index += 1
            }
        }
        return String(output)
    }

    /// Parses `NNN;` or `xHHH;` starting at `start`; returns the scalar and how many scalars it used.
    private static func reference(in scalars: [Unicode.Scalar], at start: Int) -> (Unicode.Scalar, Int)? {
        var index = start
        var radix: UInt32 = 10
        if index < scalars.count, scalars[index] == "x" || scalars[index] == "X" {
            radix = 16
            index += 1
        }
        var value: UInt32 = 0
        var digits = 0
        while index < scalars.count, let digit = hexDigit(scalars[index]), digit < radix {
            value = value &* radix &+ digit
            digits += 1
            index += 1
            if digits > 8 { return nil }
        }
        guard digits > 0, index < scalars.count, scalars[index] == ";",
              let scalar = Unicode.Scalar(value), value != 0 else { return nil }
        return (scalar, index - start + 1)
    }

    private static func hexDigit(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar.value {
        case 0x30...0x39: return scalar.value - 0x30
        case 0x41...0x46: return scalar.value - 0x41 + 10
        case 0x61...0x66: return scalar.value - 0x61 + 10
        default: return nil
        }
    }
}
