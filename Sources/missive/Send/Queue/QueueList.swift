import Application
import ArgumentParser
import Common
import Foundation
import Outbox

extension QueueCommand {
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List outbox items, newest first.",
            discussion: "Columns: id, state, when (due, or when it last changed), draft, what and where, attempts, and the reason or the post.")

        @Option(name: .long, help: ArgumentHelp("Only items in this state (repeatable): \(QueueCommand.List.states.joined(separator: ", ")).", valueName: "state"))
        var state: [String] = []

        @Option(name: .long, help: ArgumentHelp("Show at most this many.", valueName: "n"))
        var limit: Int?

        @Flag(name: .long, help: "Print JSON for scripts.")
        var json = false

        @Flag(name: .long, help: "First ask each box about the items handed to it (one ssh call per box), and settle handoffs whose answers were lost.")
        var refresh = false

        @OptionGroup var headerOptions: HeaderOptions

        static let states = OutboxState.Name.allCases.map(\.rawValue)

        func validate() throws {
            if let limit, limit < 1 { throw ValidationError("--limit must be at least 1") }
            for name in state where !Self.states.contains(name) {
                throw ValidationError("unknown state '\(name)'; states: \(Self.states.joined(separator: ", "))")
            }
        }

        func run() async throws {
            if refresh { try await Workspace.open().refreshHandoffs().run() }
            let queue = try Home.listQueue()
            let states = state.isEmpty ? nil : state
            if json {
                try printJSON(try queue.run(states: states, limit: limit).map(QueueRowJSON.init))
                return
            }
            var table = QueueTable(now: Date())
            try queue.scan(states: states, limit: limit) { table.append($0) }
            if table.isEmpty {
                // A filter that matched nothing is not an empty outbox: say what it does hold.
                var held = 0
                if let states { try queue.scan(states: nil, limit: nil) { _ in held += 1 } }
                guard let states, held > 0 else {
                    Console.note("the outbox is empty: queue a draft with `missive queue DRAFT`")
                    return
                }
                Console.note("no item is \(states.joined(separator: " or ")); the outbox holds \(counted(held, "item")) in other states: `missive queue list` shows them")
                return
            }
            Console.write(table.render(headers: headerOptions.headers, width: TableTerminal.width()))
        }
    }
}

/// The text of `queue list`, one line per item: id, state, local time, draft, what and where,
/// attempts, and the result, laid out as every table (`ColumnLayout`). Built byte by byte from
/// SQLite's own column bytes, because ten thousand items must list in a few milliseconds.
struct QueueTable {
    private var table = ColumnLayout(QueueTable.columns)
    /// The moment the relative times ("in 5 min") are counted from.
    let now: Date
    private var lastTime: [UInt8] = []
    private var lastLocal: [UInt8] = []
    private var lastDate = Date.distantPast
    private static let queued = Array("queued".utf8)

    init(now: Date) {
        self.now = now
    }

    var isEmpty: Bool { table.rowCount == 0 }

    /// The columns' names and the widths they take at least, so that a list keeps its shape from
    /// one run to the next (a time's "(in 5 min)" grows and shrinks).
    static let columns = [("ID", 6), ("STATE", 10), ("WHEN", 27), ("DRAFT", 7), ("TARGET", 0), ("ATTEMPTS", 0), ("RESULT", 0)]

    func render(headers: Bool, width: Int?) -> [UInt8] {
        table.render(headers: headers, width: width)
    }

    mutating func append(_ row: OutboxListingColumns) {
        let state = Array(row.bytes(.state))
        table.append(cell: Self.number(row.id))
        table.append(cell: state)
        table.append(cell: localTime(row.bytes(.time)))
        table.append(cell: row.draftID.map { [UInt8(ascii: "d")] + Self.number($0) } ?? [UInt8(ascii: "-")])
        table.append(cell: row.bytes(.target))
        // A flood wait is the forum asking for a pause, not a failed attempt: counted apart.
        let floodWaits = row.floodWaits, attempts = row.attempts - floodWaits
        table.appendCell { output in
            output.append(UInt8(ascii: "["))
            output.append(contentsOf: Self.number(attempts))
            output.append(contentsOf: (attempts == 1 ? " attempt" : " attempts").utf8)
            if floodWaits > 0 {
                output.append(contentsOf: ", ".utf8)
                output.append(contentsOf: Self.number(floodWaits))
                output.append(contentsOf: (floodWaits == 1 ? " flood wait" : " flood waits").utf8)
            }
            output.append(UInt8(ascii: "]"))
        }
        let result = row.bytes(.result)
        if result.isEmpty, state == Self.queued, lastDate < now.addingTimeInterval(-1) {
            // Its time passed while no sender ran: said as such, not as an ordinary time ago.
            table.append(cell: Array("overdue by \(LocalClock.span(now.timeIntervalSince(lastDate)))".utf8))
        } else {
            table.append(cell: result)
        }
        table.endRow()
    }

    private static func number(_ value: Int64) -> [UInt8] {
        Array(String(value).utf8)
    }

    /// "2026-11-22 05:24:46.123" in UTC as Missive shows every time (`LocalClock`): "Nov 22 06:24
    /// (3 h ago)". Neighbouring items usually share the second, so the last one is kept.
    private mutating func localTime(_ stored: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        let utc = Array(stored.prefix(19))
        if utc == lastTime { return lastLocal }
        func value(_ start: Int, _ count: Int) -> Int32 {
            guard utc.count >= start + count else { return 0 }
            return utc[start..<(start + count)].reduce(0) { $0 * 10 + Int32($1 &- 48) }
        }
        var fields = tm()
        fields.tm_year = value(0, 4) - 1900
        fields.tm_mon = value(5, 2) - 1
        fields.tm_mday = value(8, 2)
        fields.tm_hour = value(11, 2)
        fields.tm_min = value(14, 2)
        fields.tm_sec = value(17, 2)
        let date = Date(timeIntervalSince1970: TimeInterval(timegm(&fields)))
        lastDate = date
        let text = Array(LocalClock.withRelative(date, now: now).utf8)
        lastTime = utc
        lastLocal = text
        return text
    }
}

/// One row of `queue list --json`: the item without its attempts and text (`queue show --json` has
/// those); `attempt_count` is the same count as there (every request, flood waits included, as it
/// always was), `flood_waits` how many of them flood control turned away, `detail` the reason,
/// evidence or last error.
/// Not the `OutboxListing`: its draftID and attempts keep their `--json` names, draft and attempt_count.
struct QueueRowJSON: Encodable {
    var id: Int64
    var state: String
    @JSONNull var due: String?
    @JSONNull var draft: Int64?
    var profile: String
    var kind: String
    var target: String
    var attemptCount: Int
    var floodWaits: Int
    @JSONNull var detail: String?
    /// A number, like every other id (the store keeps the forum's text).
    @JSONNull var postId: Int64?
    @JSONNull var url: String?
    var updatedAt: String
    /// A handed item's box, and its item's state there as last asked (`--refresh` asks); else null.
    @JSONNull var via: String?
    @JSONNull var remoteState: String?

    init(_ row: OutboxListing) {
        id = row.id
        state = row.state
        due = row.due
        draft = row.draftID
        profile = row.profile
        kind = row.kind
        target = row.target
        attemptCount = row.attempts
        floodWaits = row.floodWaits
        detail = row.detail
        postId = row.postID.flatMap { Int64($0) }
        url = row.url
        updatedAt = row.updatedAt
        via = row.via
        remoteState = row.remoteState
    }
}
