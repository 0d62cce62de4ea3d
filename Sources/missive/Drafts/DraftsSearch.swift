import ArgumentParser

struct DraftsSearch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search the subjects and bodies of open drafts, best matches first.",
        discussion: """
            Every word must appear (as the start of a word): `flood contr` finds "flood control". \
            With --all, what was sent or deleted is searched too: where did I say that?
            """)

    @Argument(help: ArgumentHelp("The words to look for.", valueName: "query"))
    var query: [String]

    @Flag(name: .long, help: "Search sent and deleted drafts too (marked [sent], [deleted]).")
    var all = false

    @Option(name: .long, help: ArgumentHelp("Show at most this many of the best matches.", valueName: "n"))
    var limit = 50

    @Flag(name: .long, help: "Print JSON for scripts.")
    var json = false

    func validate() throws {
        if query.joined().allSatisfy(\.isWhitespace) { throw ValidationError("give some words to search for") }
        if limit < 1 { throw ValidationError("--limit must be at least 1") }
    }

    func run() async throws {
        let workspace = try Workspace.open(access: .readOnly)
        let rows = try workspace.store.search(query.joined(separator: " "), includeClosed: all, limit: limit)
        if json { try DraftJSON.print(rows.map(DraftJSON.init)) } else {
            var table = DraftTable()
            for row in rows { table.append(row) }
            table.print(empty: "no draft matches")
        }
    }
}
