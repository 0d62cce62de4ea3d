import ArgumentParser
import Foundation

/// A listing's table: a header line of column names (unless `--no-headers`), rows padded into
/// columns, and, on a terminal, every line cut to the terminal's width with "…".
///
/// Not a terminal means plain: no cutting, no escape codes. `MISSIVE_COLUMNS=N` forces a width
/// of N columns even then (for tests and for tools that page the output themselves).
struct TextTable {
    struct Column {
        var name: String
        /// Columns this one takes at least (more when a cell is wider); the last column takes
        /// what it needs.
        var width: Int
    }

    var columns: [Column]
    var rows: [[String]] = []

    init(_ columns: [(String, Int)]) {
        self.columns = columns.map { Column(name: $0.0, width: $0.1) }
    }

    mutating func append(_ row: [String]) { rows.append(row) }

    /// The header line alone, padded like the rows below it.
    static func header(_ columns: [(String, Int)]) -> String {
        line(columns.map(\.0), widths: columns.map(\.1))
    }

    static func line(_ cells: [String], widths: [Int]) -> String {
        var text = ""
        for (index, cell) in cells.enumerated() {
            let clean = String(cell.map { $0 == "\n" || $0 == "\t" || $0 == "\r" ? " " : $0 })
            text += index == cells.count - 1 || index >= widths.count ? clean : DraftTable.pad(clean, widths[index])
        }
        return text
    }

    /// The whole table, a line for each row, each ending in a newline; nothing without rows.
    func render(width: Int?, headers: Bool) -> String {
        guard !rows.isEmpty else { return "" }
        // A column is as wide as it says, or its widest cell or name and two spaces (the same
        // with or without the header line, so --no-headers only takes the first line away).
        let widths = columns.indices.map { index in
            let cells = rows.map { index < $0.count ? $0[index].unicodeScalars.count : 0 }
            let widest = max(cells.max() ?? 0, columns[index].name.unicodeScalars.count)
            return max(columns[index].width, widest + 2)
        }
        var lines = headers ? [Self.line(columns.map(\.name), widths: widths)] : []
        lines += rows.map { Self.line($0, widths: widths) }
        return lines.map { Self.cut($0, to: width) + "\n" }.joined()
    }

    /// `line` cut to `width` columns (counted in Unicode scalars) with "…" in the last one.
    static func cut(_ line: String, to width: Int?) -> String {
        guard let width, width > 0, line.unicodeScalars.count > width else { return line }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: line.unicodeScalars.prefix(width - 1))
        return String(scalars) + "…"
    }

    /// Every line of UTF-8 `text` cut to `width` columns; `text` itself when there is no width.
    static func cut(_ text: [UInt8], to width: Int?) -> [UInt8] {
        guard let width, width > 0 else { return text }
        return cutLines(text, width: width)
    }

    /// Columns `line` takes on the screen: its Unicode scalars, escape codes not counted.
    private static func columns(_ line: ArraySlice<UInt8>) -> Int {
        var count = 0
        var inEscape = false
        for byte in line {
            if inEscape {
                if byte >= 0x40, byte <= 0x7E, byte != UInt8(ascii: "[") { inEscape = false }
            } else if byte == 0x1B {
                inEscape = true
            } else if byte & 0xC0 != 0x80 {
                count += 1
            }
        }
        return count
    }

    private static func cutLines(_ text: [UInt8], width: Int) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(text.count)
        var start = 0
        while start < text.count {
            var end = start
            while end < text.count, text[end] != UInt8(ascii: "\n") { end += 1 }
            let line = text[start..<end]
            if columns(line) <= width {
                output += line
            } else {
                // Escape codes (ESC [ … letter) are copied whole and take no columns; the cut
                // line ends with a reset so a bold match cut in half does not run on.
                var kept = 0
                var inEscape = false
                var sawEscape = false
                for byte in line {
                    if inEscape {
                        output.append(byte)
                        if byte >= 0x40, byte <= 0x7E, byte != UInt8(ascii: "[") { inEscape = false }
                        continue
                    }
                    if byte == 0x1B {
                        inEscape = true
                        sawEscape = true
                        output.append(byte)
                        continue
                    }
                    if byte & 0xC0 != 0x80 {
                        if kept == width - 1 { break }
                        kept += 1
                    }
                    output.append(byte)
                }
                output += "…".utf8
                if sawEscape { output += "\u{1B}[0m".utf8 }
            }
            if end < text.count { output.append(UInt8(ascii: "\n")) }
            start = end + 1
        }
        return output
    }
}

/// Where a table is going: how wide it may be and whether escape codes are welcome.
enum TableTerminal {
    /// The width to cut lines to: `MISSIVE_COLUMNS` when set, else on a terminal its width
    /// (TIOCGWINSZ, then `COLUMNS`); nil, meaning no cutting, when stdout is not a terminal.
    static func width(environment: [String: String] = ProcessInfo.processInfo.environment) -> Int? {
        if let forced = environment["MISSIVE_COLUMNS"].flatMap(Int.init), forced > 0 { return forced }
        guard isatty(STDOUT_FILENO) == 1 else { return nil }
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
        return nil
    }
}

/// `--no-headers`, shared by the listing commands.
struct HeaderOptions: ParsableArguments {
    @Flag(name: .customLong("no-headers"), help: "Leave out the line of column names (for scripts).")
    var noHeaders = false

    var headers: Bool { !noHeaders }
}

extension TableTerminal {
    /// Whether to write escape codes: never with a non-empty `NO_COLOR`; always with
    /// `CLICOLOR_FORCE` set to anything but 0 (for tests and pagers that pass them on);
    /// otherwise when stdout is a terminal that is not `TERM=dumb`.
    static func colour(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        if let force = environment["CLICOLOR_FORCE"], !force.isEmpty, force != "0" { return true }
        return isatty(STDOUT_FILENO) == 1 && environment["TERM"] != "dumb"
    }
}
