import Application
import ArgumentParser
import Compose

extension DraftsCommand {
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Print a draft (or one of its revisions) in the buffer format.")

        @Argument(help: ArgumentHelp("The draft id.", valueName: "id"), transform: DraftNumber.parse)
        var id: Int64

        @Option(name: .long, help: ArgumentHelp("Show this revision instead of the current one.", valueName: "rev"))
        var revision: Int?

        @Flag(name: .long, help: "Print JSON for scripts.")
        var json = false

        func run() async throws {
            let workspace = try Workspace.open(access: .readOnly)
            let draft = try workspace.showDraft().run(id, revision: revision)
            if json {
                try printJSON(DraftJSON(draft))
            } else if let raw = draft.raw {
                Console.note("draft \(id) needs fixing: \(draft.problem ?? "its front matter has errors")")
                Console.print(raw)
            } else {
                Console.print(Buffer.render(draft.content).trimmingTrailingNewlines())
            }
        }
    }
}
