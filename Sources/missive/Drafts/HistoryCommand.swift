import ArgumentParser
import Store

struct HistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List recent changes, newest first; `undo` takes back the first one not marked undone.",
        discussion: "The store keeps the last \(Store.historyLimit).")

    @Option(name: .long, help: ArgumentHelp("Show at most this many.", valueName: "n"))
    var limit = 20

    func validate() throws {
        if limit < 1 { throw ValidationError("--limit must be at least 1") }
    }

    func run() async throws {
        let workspace = try Workspace.open(access: .readOnly)
        let entries = try workspace.store.history(limit: limit)
        if entries.isEmpty { Console.note("no changes yet") }
        for entry in entries {
            let mark = entry.state == .undone ? "  (undone)" : ""
            Console.print("\(DraftTable.pad(String(entry.id), 6))\(Timestamp.iso8601(entry.createdAt))  \(entry.summary)\(mark)")
        }
    }
}
