import Common
import Foundation
import Store

/// The table `drafts list` and `drafts search` print: built as bytes straight from SQLite's
/// columns and written in one go, since 10,000 rows is common.
struct DraftTable {
    private var output: [UInt8] = []
    private(set) var rows = 0
    /// The moment the relative times ("3 h ago") are counted from.
    let now: Date
    /// The minute last printed: consecutive drafts were often changed in the same one.
    private var lastMinute: (number: Int64, text: [UInt8])?

    init(now: Date = Date()) {
        self.now = now
    }

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
        if output.isEmpty { output.reserveCapacity(1 << 16) }
        rows += 1
        let kind = row.kind
        appendNumber(row.id, width: 6)
        pad(kind.rawValue.utf8, 7)
        pad(row.target.describe(kind).utf8, 22)
        appendNumber(Int64(row.revisions), prefix: UInt8(ascii: "r"), width: 5)
        pad(changed(row.updatedAt), 27)
        appendTitle(subject: subject, excerpt: excerpt)
        if row.flagged { output += " [needs fixing]".utf8 }
        if row.state != .open { output += " [\(row.state.rawValue)]".utf8 }
        output.append(UInt8(ascii: "\n"))
    }

    /// The header line's columns, as wide as the rows' columns.
    static let columns = [("ID", 6), ("KIND", 7), ("TARGET", 22), ("REVS", 5), ("CHANGED", 27), ("TEXT", 0)]

    /// Writes the table to stdout, with a header line unless `headers` is false and cut to the
    /// terminal's width, or says `empty` on stderr when there were no rows.
    func print(empty: String, headers: Bool = true) {
        guard rows > 0 else {
            Console.note(empty)
            return
        }
        let width = TableTerminal.width()
        if headers { FileHandle.standardOutput.write(Data((TextTable.cut(TextTable.header(Self.columns), to: width) + "\n").utf8)) }
        FileHandle.standardOutput.write(Data(TextTable.cut(output, to: width)))
    }

    /// `text` and then spaces up to `width` columns, or one space when it fills them already.
    /// Columns are counted in Unicode scalars, which is cheap and right for the text these hold.
    static func pad(_ text: String, _ width: Int) -> String {
        let count = text.unicodeScalars.count
        return count >= width ? text + " " : text + String(repeating: " ", count: width - count)
    }

    private mutating func pad<Bytes: Collection<UInt8>>(_ text: Bytes, _ width: Int) {
        output += text
        let count = Self.scalarCount(text)
        output += repeatElement(UInt8(ascii: " "), count: count >= width ? 1 : width - count)
    }

    private mutating func appendNumber(_ value: Int64, prefix: UInt8? = nil, width: Int) {
        var digits: [UInt8] = []
        var rest = value.magnitude
        repeat {
            digits.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        if value < 0 { digits.append(UInt8(ascii: "-")) }
        if let prefix { digits.append(prefix) }
        pad(digits.reversed(), width)
    }

    /// When a draft last changed, as Missive shows every time (`LocalClock`).
    private mutating func changed(_ date: Date) -> [UInt8] {
        let number = Int64((date.timeIntervalSince1970 / 60).rounded(.down))
        if let lastMinute, lastMinute.number == number { return lastMinute.text }
        let text = Array(LocalClock.withRelative(date, now: now).utf8)
        lastMinute = (number, text)
        return text
    }

    /// "subject: excerpt" (or the excerpt alone) on one line, cut to `titleWidth` columns with "…".
    private mutating func appendTitle(subject: UnsafeBufferPointer<UInt8>, excerpt: UnsafeBufferPointer<UInt8>) {
        let separator = subject.isEmpty ? "".utf8 : ": ".utf8
        let counts = (subject: Self.scalarCount(subject), excerpt: Self.scalarCount(excerpt))
        let total = counts.subject + separator.count + counts.excerpt
        var room = total <= Self.titleWidth ? total : Self.titleWidth - 1
        appendLine(subject, scalars: counts.subject, room: &room)
        appendLine(separator, scalars: separator.count, room: &room)
        appendLine(excerpt, scalars: counts.excerpt, room: &room)
        if total > Self.titleWidth { output += "…".utf8 }
    }

    /// As many of `text`'s scalars as there is `room` for, with line breaks and tabs as spaces
    /// (they would break the table's rows and columns).
    private mutating func appendLine<Bytes: Collection<UInt8>>(_ text: Bytes, scalars: Int, room: inout Int) {
        let isBreak = { (byte: UInt8) in byte == 10 || byte == 13 || byte == 9 }
        if scalars <= room, !text.contains(where: isBreak) {
            output += text
            room -= scalars
            return
        }
        for byte in text {
            if byte & 0xC0 != 0x80 {
                if room == 0 { return }
                room -= 1
            }
            output.append(isBreak(byte) ? UInt8(ascii: " ") : byte)
        }
    }

    /// Unicode scalars in UTF-8: every byte that is not a continuation byte starts one.
    private static func scalarCount<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Int {
        bytes.reduce(0) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) }
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
