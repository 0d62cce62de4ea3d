import Foundation

/// A 24-bit colour as theme files write it: `#rrggbb` (or the short `#rgb`).
public struct ThemeColor: Sendable, Hashable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Reads `#rrggbb` or `#rgb` (any case); nil for anything else, named colours included,
    /// because the terminal renderer needs numbers.
    public init?(hex text: String) {
        let digits = Array(text.unicodeScalars)
        guard digits.first == "#", digits.dropFirst().allSatisfy(\.properties.isASCIIHexDigit) else { return nil }
        let hex = String(String.UnicodeScalarView(digits.dropFirst()))
        let long: String
        switch hex.count {
        case 6: long = hex
        case 3: long = hex.map { "\($0)\($0)" }.joined()
        default: return nil
        }
        guard let value = UInt32(long, radix: 16) else { return nil }
        self.init(red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
    }

    /// `#rrggbb`, lower case.
    public var description: String {
        "#" + [red, green, blue].map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }

    /// WCAG relative luminance, 0 (black) to 1 (white).
    public var luminance: Double {
        func linear(_ channel: UInt8) -> Double {
            let c = Double(channel) / 255
            return c <= 0.039_28 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG contrast ratio between two colours, 1 to 21.
    public func contrast(with other: ThemeColor) -> Double {
        let (light, dark) = luminance > other.luminance ? (luminance, other.luminance) : (other.luminance, luminance)
        return (light + 0.05) / (dark + 0.05)
    }

    /// Squared distance weighted for how eyes see (the "redmean" approximation), used to pick
    /// the nearest palette colour when a terminal has only 256 or 16.
    func distance(to other: ThemeColor) -> Double {
        let meanRed = (Double(red) + Double(other.red)) / 2
        let dr = Double(red) - Double(other.red)
        let dg = Double(green) - Double(other.green)
        let db = Double(blue) - Double(other.blue)
        return (2 + meanRed / 256) * dr * dr + 4 * dg * dg + (2 + (255 - meanRed) / 256) * db * db
    }
}
