import Foundation
import Store

/// The `--json` shape of a draft, stable for scripts: one object per draft, keys as in the buffer.
struct DraftJSON: Encodable {
    var id: Int64
    var kind: String
    var thread: Int64?
    var post: Int64?
    var forum: Int64?
    var icon: Int64?
    var to: String?
    var replyTo: Int64?
    var forward: Int64?
    var subject: String
    var profile: String
    var state: String
    var revisions: Int?
    var revision: Int?
    var updatedAt: String
    var flagged: Bool
    var excerpt: String?
    var format: String?
    var body: String?
    var problem: String?

    init(_ summary: DraftSummary) {
        self.init(id: summary.id, kind: summary.kind, target: summary.target, subject: summary.subject,
                  profile: summary.profile, state: summary.state, updatedAt: summary.updatedAt, flagged: summary.flagged)
        revisions = summary.revisions
        excerpt = summary.excerpt
    }

    init(_ draft: Draft) {
        self.init(id: draft.id, kind: draft.content.kind, target: draft.content.target, subject: draft.content.subject,
                  profile: draft.content.profile, state: draft.state, updatedAt: draft.updatedAt, flagged: draft.raw != nil)
        revision = draft.revision
        format = draft.content.format.rawValue
        body = draft.content.body
        problem = draft.problem
    }

    private init(id: Int64, kind: DraftKind, target: DraftTarget, subject: String, profile: String,
                 state: DraftState, updatedAt: Date, flagged: Bool) {
        self.id = id
        self.kind = kind.rawValue
        thread = target.thread
        post = target.post
        forum = target.forum
        icon = target.icon
        to = target.recipient
        replyTo = target.replyTo
        forward = target.forwardOf
        self.subject = subject
        self.profile = profile
        self.state = state.rawValue
        self.updatedAt = Timestamp.iso8601(updatedAt)
        self.flagged = flagged
    }

    static func print(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        Console.print(String(decoding: try encoder.encode(value), as: UTF8.self))
    }
}

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

/// UTC timestamps for output. Foundation's formatters cost more per call than a 10,000-row list can afford.
enum Timestamp {
    static func day(_ date: Date) -> String {
        let parts = utc(date)
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))"
    }

    private static func two(_ value: Int32) -> String {
        value < 10 ? "0\(value)" : String(value)
    }

    static func iso8601(_ date: Date) -> String {
        let parts = utc(date)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
                      parts.tm_hour, parts.tm_min, parts.tm_sec)
    }

    private static func utc(_ date: Date) -> tm {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return parts
    }
}
