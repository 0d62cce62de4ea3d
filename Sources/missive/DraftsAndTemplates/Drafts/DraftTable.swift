import Application
import Common
import Foundation
import Markup

/// The table `drafts list` and `drafts search` print: built as bytes straight from SQLite's
/// columns and written in one go, since 10,000 rows is common. The columns are laid out as every
/// table's (`ColumnLayout`).
struct DraftTable {
    private var table = ColumnLayout(DraftTable.columns)
    var rows: Int { table.rowCount }
    /// The moment the relative times ("3 h ago") are counted from.
    let now: Date
    /// The minute last printed: consecutive drafts were often changed in the same one.
    private var lastMinute: (number: Int64, text: [UInt8])?

    init(now: Date = Date()) {
        self.now = now
    }

    /// Terminal columns of the text column, beyond which it is cut with "…".
    private static let titleWidth = 60

    /// A row of `drafts list`, read straight from SQLite.
    mutating func append(_ row: DraftListingColumns) {
        append(row, subject: row.subject, excerpt: row.excerpt)
    }

    /// A row of `drafts search`.
    mutating func append(_ row: DraftSummary) {
        var subject = row.subject, excerpt = row.excerpt
        subject.withUTF8 { subject in excerpt.withUTF8 { excerpt in append(row, subject: subject, excerpt: excerpt) } }
    }

    private mutating func append(
        _ row: some DraftTableRow, subject: UnsafeBufferPointer<UInt8>, excerpt: UnsafeBufferPointer<UInt8>
    ) {
        let kind = row.kind
        table.appendCell { Self.appendNumber(row.id, to: &$0) }
        table.append(cell: kind.rawValue.utf8)
        table.append(cell: row.target.describe(kind).utf8)
        table.appendCell { output in
            output.append(UInt8(ascii: "r"))
            Self.appendNumber(Int64(row.revisions), to: &output)
        }
        table.append(cell: changed(row.updatedAt))
        table.appendCell { output in
            Self.appendTitle(subject: subject, excerpt: excerpt, to: &output)
            if row.flagged { output += " [needs fixing]".utf8 }
            if row.state != .open { output += " [\(row.state.rawValue)]".utf8 }
        }
        table.endRow()
    }

    /// The columns' names and the widths they take at least, so that a list keeps its shape from
    /// one run to the next.
    static let columns = [("ID", 6), ("KIND", 7), ("TARGET", 22), ("REVS", 5), ("CHANGED", 27), ("TEXT", 0)]

    /// Writes the table to stdout, with a header line unless `headers` is false and cut to the
    /// terminal's width, or says `empty` on stderr when there were no rows.
    func print(empty: String, headers: Bool = true) {
        guard rows > 0 else {
            Console.note(empty)
            return
        }
        Console.write(table.render(headers: headers, width: TableTerminal.width()))
    }

    private static func appendNumber(_ value: Int64, to output: inout [UInt8]) {
        if value < 0 { output.append(UInt8(ascii: "-")) }
        let start = output.count
        var rest = value.magnitude
        repeat {
            output.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        output[start...].reverse()
    }

    /// When a draft last changed, as Missive shows every time (`LocalClock`).
    private mutating func changed(_ date: Date) -> [UInt8] {
        let number = Int64((date.timeIntervalSince1970 / 60).rounded(.down))
        if let lastMinute, lastMinute.number == number { return lastMinute.text }
        let text = Array(LocalClock.withRelative(date, now: now).utf8)
        lastMinute = (number, text)
        return text
    }

    /// "subject: excerpt" (or the excerpt alone) on one line, cut to `titleWidth` terminal
    /// columns with "…". Line breaks and tabs become spaces when the cell ends.
    private static func appendTitle(
        subject: UnsafeBufferPointer<UInt8>, excerpt: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]
    ) {
        let separator = subject.isEmpty ? "".utf8 : ": ".utf8
        if DisplayWidth.isPlain(subject), DisplayWidth.isPlain(excerpt) {
            // ASCII, a byte a column: cut by counting.
            let total = subject.count + separator.count + excerpt.count
            var room = total <= titleWidth ? total : titleWidth - 1
            func take<Part: Collection<UInt8>>(_ part: Part) {
                let count = min(room, part.count)
                output += part.prefix(count)
                room -= count
            }
            take(subject)
            take(separator)
            take(excerpt)
            if total > titleWidth { output += "…".utf8 }
            return
        }
        // No character takes more columns than it has UTF-8 bytes, so a short title fits unmeasured.
        if subject.count + separator.count + excerpt.count <= titleWidth {
            output += subject
            output += separator
            output += excerpt
            return
        }
        let title = String(decoding: subject, as: UTF8.self) + String(separator) + String(decoding: excerpt, as: UTF8.self)
        guard DisplayWidth.of(title) > titleWidth else {
            output += title.utf8
            return
        }
        var used = 0
        for character in title {
            let columns = TerminalText.width(of: character)
            if used + columns > titleWidth - 1 { break }
            used += columns
            output += character.utf8
        }
        output += "…".utf8
    }
}

/// What a row of the table shows besides its text, whichever way the row was read.
protocol DraftTableRow {
    var id: Int64 { get }
    var kind: DraftKind { get }
    var target: DraftTarget { get }
    var revisions: Int { get }
    var updatedAt: Date { get }
    var flagged: Bool { get }
    var state: DraftState { get }
}

extension DraftListingColumns: DraftTableRow {}
extension DraftSummary: DraftTableRow {}
