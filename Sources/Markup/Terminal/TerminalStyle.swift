/// How a run of text looks in a terminal, and the SGR escape that makes it look so at a depth.
public struct TerminalStyle: Sendable, Equatable {
    public var foreground: ThemeColor?
    public var background: ThemeColor?
    public var bold = false
    public var italic = false
    public var underline = false
    public var strike = false

    public init(foreground: ThemeColor? = nil, background: ThemeColor? = nil, bold: Bool = false,
                italic: Bool = false, underline: Bool = false, strike: Bool = false) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.italic = italic
        self.underline = underline
        self.strike = strike
    }

    /// A reset followed by everything this style sets; empty when the depth is `.none`.
    /// Starting from a reset means a run never inherits an attribute from the run before it.
    public func escape(at depth: ColorDepth) -> String {
        guard depth != .none else { return "" }
        var codes = ["0"]
        if bold { codes.append("1") }
        if italic { codes.append("3") }
        if underline { codes.append("4") }
        if strike { codes.append("9") }
        if let foreground { codes.append(TerminalPalette.code(for: foreground, depth: depth, background: false)) }
        if let background { codes.append(TerminalPalette.code(for: background, depth: depth, background: true)) }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    public static let reset = "\u{1B}[0m"
}

/// Nearest-colour mapping from 24-bit theme colours to what smaller terminals have.
public enum TerminalPalette {
    /// xterm's default values for the 16 ANSI colours, in SGR order (0–7, then the bright 8–15).
    static let ansi16: [ThemeColor] = {
        let values: [UInt32] = [
            0x000000, 0xCD0000, 0x00CD00, 0xCDCD00, 0x0000EE, 0xCD00CD, 0x00CDCD, 0xE5E5E5,
            0x7F7F7F, 0xFF0000, 0x00FF00, 0xFFFF00, 0x5C5CFF, 0xFF00FF, 0x00FFFF, 0xFFFFFF,
        ]
        return values.map { ThemeColor(red: UInt8($0 >> 16 & 0xFF), green: UInt8($0 >> 8 & 0xFF), blue: UInt8($0 & 0xFF)) }
    }()

    /// The six levels of each channel in the 6×6×6 cube (indexes 16–231).
    static let cubeLevels: [UInt8] = [0, 95, 135, 175, 215, 255]

    public static func code(for color: ThemeColor, depth: ColorDepth, background: Bool) -> String {
        switch depth {
        case .none: return ""
        case .truecolor: return "\(background ? 48 : 38);2;\(color.red);\(color.green);\(color.blue)"
        case .ansi256: return "\(background ? 48 : 38);5;\(index256(color))"
        case .ansi16:
            let index = index16(color)
            let base = index < 8 ? (background ? 40 : 30) : (background ? 100 : 90)
            return String(base + index % 8)
        }
    }

    /// The nearest of the 16 ANSI colours.
    public static func index16(_ color: ThemeColor) -> Int {
        nearest(color, in: ansi16.enumerated().map { ($0.offset, $0.element) })
    }

    /// The nearest entry of the cube or the grey ramp (232–255). The first 16 are left out
    /// because terminals redefine them.
    public static func index256(_ color: ThemeColor) -> Int {
        func level(_ channel: UInt8) -> Int {
            cubeLevels.indices.min { abs(Int(cubeLevels[$0]) - Int(channel)) < abs(Int(cubeLevels[$1]) - Int(channel)) } ?? 0
        }
        let (r, g, b) = (level(color.red), level(color.green), level(color.blue))
        let cube = (16 + 36 * r + 6 * g + b, ThemeColor(red: cubeLevels[r], green: cubeLevels[g], blue: cubeLevels[b]))
        let average = (Int(color.red) + Int(color.green) + Int(color.blue)) / 3
        let step = min(max((average - 8 + 5) / 10, 0), 23)
        let greyLevel = UInt8(8 + 10 * step)
        let grey = (232 + step, ThemeColor(red: greyLevel, green: greyLevel, blue: greyLevel))
        return nearest(color, in: [cube, grey])
    }

    private static func nearest(_ color: ThemeColor, in candidates: [(Int, ThemeColor)]) -> Int {
        candidates.min { color.distance(to: $0.1) < color.distance(to: $1.1) }?.0 ?? 0
    }
}
