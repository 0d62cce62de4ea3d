import ArgumentParser

struct DraftsList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List open drafts, most recently changed first.",
        discussion: "Columns: id, kind, target, revisions, last change, subject and the start of the body.")

    @Flag(name: .long, help: "Include deleted drafts.")
    var all = false

    @Option(name: .long, help: ArgumentHelp("Show at most this many.", valueName: "n"))
    var limit: Int?

    @Flag(name: .long, help: "Print JSON for scripts.")
    var json = false

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1") }
    }

    func run() async throws {
        let workspace = try Workspace.open()
        let rows = try workspace.store.list(includeDeleted: all, limit: limit)
        if json { try DraftJSON.print(rows.map(DraftJSON.init)) } else {
            DraftTable.print(rows, empty: "no drafts yet: start one with `missive reply THREAD`")
        }
    }
}
