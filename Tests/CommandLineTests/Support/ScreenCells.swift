/// A terminal screen as tmux captured it with `capture-pane -e`: each character with the
/// colours and attributes the SGR escapes before it gave it.
struct ScreenCell: Equatable {
    var character: Character
    /// As written in the escape: "2;r;g;b" (24-bit), "5;n" (256 palette) or "n" (16 colours: 30–37, 90–97, 40–47, 100–107).
    var foreground: String?
    var background: String?
    var bold = false
    var italic = false
    var underline = false
    var strike = false
}

struct Screen {
    let rows: [[ScreenCell]]

    init(capture: String) {
        var rows: [[ScreenCell]] = []
        var style = ScreenCell(character: " ")
        for line in capture.split(separator: "\n", omittingEmptySubsequences: false) {
            var row: [ScreenCell] = []
            var characters = Array(line)[...]
            while let character = characters.popFirst() {
                guard character == "\u{1B}", characters.first == "[" else {
                    var cell = style
                    cell.character = character
                    row.append(cell)
                    continue
                }
                characters.removeFirst()
                var parameters = ""
                while let next = characters.popFirst(), next != "m" { parameters.append(next) }
                Self.apply(parameters, to: &style)
            }
            rows.append(row)
        }
        self.rows = rows
    }

    var text: [String] {
        rows.map { row in
            var line = String(row.map(\.character))
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// The cells of the first occurrence of `text` on screen.
    func cells(of text: String) -> [ScreenCell]? {
        let target = Array(text)
        for row in rows {
            let characters = row.map(\.character)
            guard characters.count >= target.count else { continue }
            for start in 0...(characters.count - target.count) where Array(characters[start..<start + target.count]) == target {
                return Array(row[start..<start + target.count])
            }
        }
        return nil
    }

    var allCells: [ScreenCell] { rows.flatMap { $0 } }

    private static func apply(_ parameters: String, to style: inout ScreenCell) {
        var codes = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }[...]
        if codes.isEmpty { codes = [0] }
        while let code = codes.popFirst() {
            switch code {
            case 0: style = ScreenCell(character: " ")
            case 1: style.bold = true
            case 3: style.italic = true
            case 4: style.underline = true
            case 9: style.strike = true
            case 22: style.bold = false
            case 23: style.italic = false
            case 24: style.underline = false
            case 29: style.strike = false
            case 30...37, 90...97: style.foreground = String(code)
            case 40...47, 100...107: style.background = String(code)
            case 39: style.foreground = nil
            case 49: style.background = nil
            case 38, 48:
                let mode = codes.popFirst() ?? 0
                let count = mode == 2 ? 3 : 1
                let values = (0..<count).compactMap { _ in codes.popFirst() }
                let colour = ([mode] + values).map(String.init).joined(separator: ";")
                if code == 38 { style.foreground = colour } else { style.background = colour }
            default: break
            }
        }
    }
}

/// "#39ff14" as a 24-bit SGR colour, "2;57;255;20".
func sgrTruecolor(_ hex: String) -> String? {
    guard hex.count == 7, hex.first == "#", let value = Int(hex.dropFirst(), radix: 16) else { return nil }
    return "2;\(value >> 16 & 0xFF);\(value >> 8 & 0xFF);\(value & 0xFF)"
}

/// The red, green and blue of an xterm 256-palette colour from the cube or the grey ramp.
func xterm256(_ index: Int) -> (Int, Int, Int)? {
    let levels = [0, 95, 135, 175, 215, 255]
    switch index {
    case 16...231:
        let n = index - 16
        return (levels[n / 36], levels[n / 6 % 6], levels[n % 6])
    case 232...255:
        let grey = 8 + 10 * (index - 232)
        return (grey, grey, grey)
    default:
        return nil
    }
}
