import Application
import ArgumentParser

extension DraftsCommand {
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List open drafts, most recently changed first.",
            discussion: """
                Columns: id, kind, target, revisions, last change, subject and the start of the body. \
                Shows the 100 most recent unless --limit says otherwise (--limit 0 shows all).
                """)

        @Flag(name: .long, help: "Include sent and deleted drafts (marked [sent], [deleted]).")
        var all = false

        @Option(name: .long, help: ArgumentHelp("Show at most this many (0: all).", valueName: "n"))
        var limit = 100

        @Flag(name: .long, help: "Print JSON for scripts.")
        var json = false

        @OptionGroup var headerOptions: HeaderOptions

        func validate() throws {
            if limit < 0 { throw ValidationError("--limit must be 0 (all) or more") }
        }

        func run() async throws {
            let workspace = try Workspace.open(access: .readOnly)
            let list = workspace.listDrafts(includeDeleted: all, limit: limit == 0 ? nil : limit)
            if json {
                let rows = try list.summaries()
                try printJSON(rows.map(DraftJSON.init))
                try list.tellIfCut(shown: rows.count)
            } else {
                var table = DraftTable()
                try list.scan { table.append($0) }
                table.print(empty: "no drafts yet: start one with `missive reply THREAD`", headers: headerOptions.headers)
                try list.tellIfCut(shown: table.rows)
            }
        }
    }
}
