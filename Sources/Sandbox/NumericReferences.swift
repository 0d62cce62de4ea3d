/// What the forum does with the `&#N;` references a browser sends for characters outside
/// windows-1252 (`Common.Windows1252`): it stores the characters themselves.
enum NumericReferences {
    /// Turns decimal and hexadecimal character references back into characters, which is what
    /// the forum stores. Anything that is not a well-formed reference to a valid scalar stays as typed.
    static func decode(_ text: String) -> String {
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
