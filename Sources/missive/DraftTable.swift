import Foundation
import Store

/// The table `drafts list` and `drafts search` print, written in one go (10,000 rows is common).
enum DraftTable {
    static func print(_ rows: [DraftSummary], empty: String) {
        guard !rows.isEmpty else {
            Console.note(empty)
            return
        }
        var output = ""
        output.reserveCapacity(rows.count * 120)
        for row in rows {
            var title = row.subject.isEmpty ? row.excerpt : row.subject + ": " + row.excerpt
            if title.utf8.contains(where: { $0 == 10 || $0 == 13 || $0 == 9 }) {
                title = String(String.UnicodeScalarView(title.unicodeScalars.map { $0 == "\n" || $0 == "\r" || $0 == "\t" ? " " : $0 }))
            }
            output += pad(String(row.id), 6) + pad(row.kind.rawValue, 7) + pad(row.target.describe(row.kind), 22)
            output += pad("r\(row.revisions)", 5) + Timestamp.day(row.updatedAt) + "  " + clip(title, 60)
            if row.flagged { output += " [needs fixing]" }
            if row.state != .open { output += " [\(row.state.rawValue)]" }
            output += "\n"
        }
        FileHandle.standardOutput.write(Data(output.utf8))
    }

    /// Columns are counted in Unicode scalars, which is cheap and right for the text these hold.
    static func pad(_ text: String, _ width: Int) -> String {
        let count = text.unicodeScalars.count
        return count >= width ? text + " " : text + String(repeating: " ", count: width - count)
    }

    static func clip(_ text: String, _ width: Int) -> String {
        let scalars = text.unicodeScalars
        guard let end = scalars.index(scalars.startIndex, offsetBy: width - 1, limitedBy: scalars.endIndex),
              end < scalars.endIndex, scalars.index(after: end) < scalars.endIndex
        else { return text }
        return String(scalars[..<end]) + "…"
    }
}
