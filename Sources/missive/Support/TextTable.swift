import ArgumentParser
import Foundation
import Markup

/// A listing's table: a header line of column names (unless `--no-headers`), then the rows, every
/// cell starting at its column's first terminal column; on a terminal, every line cut to the
/// terminal's width with "…". Widths are counted as a terminal shows text (`DisplayWidth`): a CJK
/// character or an emoji takes two columns, a combining accent none.
///
/// Not a terminal means plain: no cutting, no escape codes. `MISSIVE_COLUMNS=N` forces a width
/// of N columns even then (for tests and for tools that page the output themselves).
struct TextTable {
    private var layout: ColumnLayout

    /// Each column's name and the columns it takes at least (more when a cell or the name is
    /// wider); the last column takes what it needs.
    init(_ columns: [(String, Int)]) {
        layout = ColumnLayout(columns)
    }

    var isEmpty: Bool { layout.rowCount == 0 }

    mutating func append(_ row: [String]) {
        for cell in row.prefix(layout.columnCount) { layout.append(cell: cell.utf8) }
        layout.endRow()
    }

    /// The whole table, a line for each row, each ending in a newline; nothing without rows.
    func render(width: Int?, headers: Bool) -> String {
        String(decoding: layout.render(headers: headers, width: width), as: UTF8.self)
    }

    /// Every line of UTF-8 `text` cut to `width` terminal columns with "…" in the last one;
    /// `text` itself when there is no width. Escape codes (ESC [ … letter) take no columns and are
    /// kept whole, and a cut line that had any ends with a reset, so a bold match cut in half
    /// does not run on.
    static func cut(_ text: [UInt8], to width: Int?) -> [UInt8] {
        guard let width, width > 0 else { return text }
        var output: [UInt8] = []
        output.reserveCapacity(text.count)
        var start = 0
        while start < text.count {
            var end = start
            while end < text.count, text[end] != UInt8(ascii: "\n") { end += 1 }
            cutLine(text[start..<end], width: width, into: &output)
            if end < text.count { output.append(UInt8(ascii: "\n")) }
            start = end + 1
        }
        return output
    }

    private static func cutLine(_ line: ArraySlice<UInt8>, width: Int, into output: inout [UInt8]) {
        if DisplayWidth.isPlain(line) {
            // ASCII without escapes, most lines of most tables: a byte is a column.
            if line.count <= width {
                output += line
            } else {
                output += line.prefix(width - 1)
                output += "…".utf8
            }
            return
        }
        let text = String(decoding: line, as: UTF8.self)
        if DisplayWidth.of(text) <= width {
            output += line
            return
        }
        var kept = 0
        var inEscape = false
        var sawEscape = false
        for character in text {
            if inEscape {
                output += character.utf8
                if DisplayWidth.endsEscape(character) { inEscape = false }
                continue
            }
            if character == "\u{1B}" {
                inEscape = true
                sawEscape = true
                output += character.utf8
                continue
            }
            // A wide character that would run into the "…" column is left out whole.
            let columns = TerminalText.width(of: character)
            if kept + columns > width - 1 { break }
            kept += columns
            output += character.utf8
        }
        output += "…".utf8
        if sawEscape { output += "\u{1B}[0m".utf8 }
    }
}

/// Columns a text takes on a terminal: the C library's wcwidth through `TerminalText` for
/// anything past ASCII (2 for CJK and emoji, 0 for a combining mark), escape codes none.
enum DisplayWidth {
    /// Whether `bytes` are ASCII without escape codes, where a byte is a column.
    static func isPlain<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        !bytes.contains { $0 >= 0x80 || $0 == 0x1B }
    }

    static func of<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Int {
        isPlain(bytes) ? bytes.count : of(String(decoding: bytes, as: UTF8.self))
    }

    static func of(_ text: String) -> Int {
        var columns = 0
        var inEscape = false
        for character in text {
            if inEscape {
                if endsEscape(character) { inEscape = false }
            } else if character == "\u{1B}" {
                inEscape = true
            } else {
                columns += TerminalText.width(of: character)
            }
        }
        return columns
    }

    /// The final byte of an escape sequence (ESC [ … m): a letter or other byte from @ to ~.
    static func endsEscape(_ character: Character) -> Bool {
        guard let byte = character.asciiValue else { return false }
        return byte >= 0x40 && byte <= 0x7E && byte != UInt8(ascii: "[")
    }
}

/// The one layout of Missive's tables, for `TextTable` and for the byte-built tables of `drafts
/// list` and `queue list`: cells are kept as UTF-8 in one buffer with their display widths, and
/// laid out once every row is in, each column as wide as its minimum, or its widest cell or name
/// and two spaces. Building bytes rather than Strings keeps ten thousand rows to milliseconds.
struct ColumnLayout {
    let names: [String]
    private let minimums: [Int]
    private var widest: [Int]
    private var bytes: [UInt8] = []
    /// Where each cell ends in `bytes`, and its width, row after row.
    private var ends: [Int] = []
    private var widths: [Int] = []
    private var column = 0
    private(set) var rowCount = 0

    init(_ columns: [(String, Int)]) {
        names = columns.map(\.0)
        minimums = columns.map(\.1)
        widest = names.map { DisplayWidth.of($0) }
    }

    var columnCount: Int { names.count }

    /// A cell made of `text`, the next one of the row.
    mutating func append<Bytes: Collection<UInt8>>(cell text: Bytes) {
        let start = bytes.count
        bytes.append(contentsOf: text)
        endCell(from: start)
    }

    /// A cell written straight into the buffer by `write`, for builders that make it bit by bit.
    mutating func appendCell(_ write: (inout [UInt8]) -> Void) {
        let start = bytes.count
        write(&bytes)
        endCell(from: start)
    }

    private mutating func endCell(from start: Int) {
        if bytes.isEmpty { bytes.reserveCapacity(1 << 16) }
        // Line breaks and tabs become spaces: they would break the rows and columns.
        var plain = true
        bytes.withUnsafeMutableBufferPointer { buffer in
            for index in start..<buffer.count {
                let byte = buffer[index]
                if byte >= 0x80 || byte == 0x1B {
                    plain = false
                } else if byte == 10 || byte == 13 || byte == 9 {
                    buffer[index] = UInt8(ascii: " ")
                }
            }
        }
        // The last column is never padded, so its width is not needed: measuring past ASCII is
        // the dear part, and the last column (a draft's text) is where most of it is.
        let last = column == names.count - 1
        let width = plain || last ? bytes.count - start : DisplayWidth.of(bytes[start...])
        ends.append(bytes.count)
        widths.append(width)
        if column < widest.count, width > widest[column] { widest[column] = width }
        column += 1
    }

    /// Ends the row, with empty cells for the columns it did not fill.
    mutating func endRow() {
        while column < names.count { append(cell: EmptyCollection<UInt8>()) }
        column = 0
        rowCount += 1
    }

    /// The table as lines of UTF-8, the header line first when `headers`, each line cut to
    /// `width` columns (when there is one) and ending in a newline; nothing without rows. A row
    /// is padded up to its last cell with text, so no line ends in spaces.
    func render(headers: Bool, width: Int?) -> [UInt8] {
        guard rowCount > 0 else { return [] }
        // The same widths with or without the header line, so --no-headers only takes it away.
        // The minimums keep columns where they were from one run to the next; on a terminal too
        // narrow for them, each column takes only what its widest cell needs, so more of the
        // row shows before the cut.
        let natural = names.indices.map { max(minimums[$0], widest[$0] + 2) }
        let fits = width.map { natural.dropLast().reduce(0, +) + widest[names.count - 1] <= $0 } ?? true
        let columns = fits ? natural : names.indices.map { widest[$0] + 2 }
        var header: [UInt8] = []
        if headers {
            let last = names.lastIndex { !$0.isEmpty } ?? 0
            for (index, name) in names.enumerated() where index <= last {
                header += name.utf8
                if index < last { header += repeatElement(UInt8(ascii: " "), count: max(columns[index] - DisplayWidth.of(name), 1)) }
            }
            header.append(UInt8(ascii: "\n"))
        }
        // A pad is at most its column's width (every column is at least 2), so this is enough.
        let capacity = header.count + bytes.count + rowCount * (columns.reduce(0, +) + 1)
        let count = names.count
        // Copied with pointers: ten thousand rows of seven cells are seventy thousand copies.
        let output = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, written in
            written = 0
            guard let target = buffer.baseAddress else { return }
            var at = 0
            header.withUnsafeBufferPointer { source in
                if let base = source.baseAddress { (target + at).update(from: base, count: source.count) }
                at += source.count
            }
            bytes.withUnsafeBufferPointer { source in
                ends.withUnsafeBufferPointer { ends in
                    widths.withUnsafeBufferPointer { widths in
                        var start = 0
                        var cell = 0
                        for _ in 0..<rowCount {
                            var lastFilled = -1
                            for index in 0..<count where ends[cell + index] > (cell + index == 0 ? 0 : ends[cell + index - 1]) {
                                lastFilled = index
                            }
                            for index in 0..<count {
                                let end = ends[cell]
                                if end > start, let base = source.baseAddress {
                                    (target + at).update(from: base + start, count: end - start)
                                    at += end - start
                                }
                                if index < lastFilled {
                                    let pad = max(columns[index] - widths[cell], 1)
                                    (target + at).update(repeating: UInt8(ascii: " "), count: pad)
                                    at += pad
                                }
                                start = end
                                cell += 1
                            }
                            target[at] = UInt8(ascii: "\n")
                            at += 1
                        }
                    }
                }
            }
            written = at
        }
        return TextTable.cut(output, to: width)
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
