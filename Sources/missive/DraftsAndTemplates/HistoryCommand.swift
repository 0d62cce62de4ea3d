import Application
import ArgumentParser
import Foundation

struct HistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List recent changes, newest first; `undo` takes back the first one not marked undone.",
        discussion: "The store keeps the last \(ListHistory.kept).")

    @Option(name: .long, help: ArgumentHelp("Show at most this many.", valueName: "n"))
    var limit = 20

    @Flag(name: .long, help: "Print JSON: a list of id, kind, summary, state, created_at.")
    var json = false

    @OptionGroup var headerOptions: HeaderOptions

    func validate() throws {
        if limit < 1 { throw ValidationError("--limit must be at least 1") }
    }

    func run() async throws {
        let workspace = try Workspace.open(access: .readOnly)
        let entries = try workspace.listHistory().run(limit: limit)
        if json { return try printJSON(entries.map(HistoryEntryJSON.init)) }
        if entries.isEmpty { Console.note("no changes yet") }
        var table = TextTable([("ID", 6), ("WHEN", 32), ("CHANGE", 0)])
        for entry in entries {
            let mark = entry.state == .undone ? "  (undone)" : ""
            table.append([String(entry.id), Timestamp.local(entry.createdAt, now: workspace.now), entry.summary + mark])
        }
        Console.write(table.render(width: TableTerminal.width(), headers: headerOptions.headers))
    }
}

/// One change of `history --json`; state is done or undone.
/// Not the `HistoryEntry`: without the payload undo needs, and kind as stored.
struct HistoryEntryJSON: Encodable {
    var id: Int64
    var kind: String
    var summary: String
    var state: String
    var createdAt: Date

    init(_ entry: HistoryEntry) {
        id = entry.id
        kind = entry.storedKind
        summary = entry.summary
        state = entry.state.rawValue
        createdAt = entry.createdAt
    }
}
