import ArgumentParser
import Foundation
import Outbox
import Store

struct QueueList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List outbox items, newest first.",
        discussion: "Columns: id, state, when (due, or when it last changed), draft, what and where, attempts, and the reason or the post.")

    @Option(name: .long, help: ArgumentHelp("Only items in this state (repeatable): \(QueueList.states.joined(separator: ", ")).", valueName: "state"))
    var state: [String] = []

    @Option(name: .long, help: ArgumentHelp("Show at most this many.", valueName: "n"))
    var limit: Int?

    @Flag(name: .long, help: "Print JSON for scripts.")
    var json = false

    static let states = ["pending", "queued", "held", "sending", "retrying", "unknown", "sent", "failed", "cancelled"]

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1") }
        for name in state where !Self.states.contains(name) {
            throw ValidationError("unknown state '\(name)'; states: \(Self.states.joined(separator: ", "))")
        }
    }

    func run() async throws {
        let store = try Store.open(paths: .resolve())
        let rows = try store.outboxListing(states: state.isEmpty ? nil : state, limit: limit)
        if json {
            try printJSON(rows.map(QueueRowJSON.init))
            return
        }
        if rows.isEmpty {
            Console.note("the outbox is empty: queue a draft with `missive queue DRAFT`")
            return
        }
        var text = ""
        text.reserveCapacity(rows.count * 100)
        for row in rows { text += Self.line(row) + "\n" }
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func line(_ row: OutboxListing) -> String {
        let when = (row.due ?? row.updatedAt).formatted(Self.timeFormat)
        let draft = row.draftID.map { "d\($0)" } ?? "-"
        let result = row.url ?? row.postID ?? row.detail ?? ""
        return "\(pad(String(row.id), 6))\(pad(row.state, 10))\(pad(when, 20))\(pad(draft, 7))\(row.target)"
            + "  [\(row.attempts) attempt\(row.attempts == 1 ? "" : "s")]" + (result.isEmpty ? "" : "  \(result)")
    }

    static let timeFormat = Date.VerbatimFormatStyle(
        format: "\(year: .defaultDigits)-\(month: .twoDigits)-\(day: .twoDigits) \(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits):\(second: .twoDigits)",
        timeZone: .current, calendar: Calendar(identifier: .gregorian))

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}

/// One row of `queue list --json`.
struct QueueRowJSON: Encodable {
    var id: Int64
    var state: String
    var due: Date?
    var draft: Int64?
    var profile: String
    var kind: String
    var target: String
    var attempts: Int
    var detail: String?
    var postId: String?
    var url: String?
    var updatedAt: Date

    init(_ row: OutboxListing) {
        id = row.id
        state = row.state
        due = row.due
        draft = row.draftID
        profile = row.profile
        kind = row.kind
        target = row.target
        attempts = row.attempts
        detail = row.detail
        postId = row.postID
        url = row.url
        updatedAt = row.updatedAt
    }
}
