import Application
import ArgumentParser

extension DraftsCommand {
    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Write drafts as buffer files (draft-ID.md), or one draft to stdout.",
            discussion: "`missive drafts import` reads the files back.")

        @Argument(help: ArgumentHelp("Draft ids; all open drafts when none are given.", valueName: "id"), transform: DraftNumber.parse)
        var ids: [Int64] = []

        @Option(name: .long, help: ArgumentHelp("The directory to write into (created if missing).", valueName: "dir"))
        var to: String?

        func validate() throws {
            if to == nil, ids.count != 1 { throw ValidationError("give --to DIR, or exactly one id to print it") }
        }

        func run() async throws {
            let workspace = try Workspace.open(access: .readOnly)
            try workspace.exportDrafts().run(ids, to: to)
        }
    }
}
