import Application
import ArgumentParser

extension DraftsCommand {
    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rm",
            abstract: "Delete drafts (`missive undo` brings them back).")

        @Argument(help: ArgumentHelp("The draft ids.", valueName: "id"), transform: DraftNumber.parse)
        var ids: [Int64]

        func validate() throws {
            if ids.isEmpty { throw ValidationError("give the id of the draft to delete") }
        }

        func run() async throws {
            let workspace = try Workspace.open()
            try workspace.deleteDrafts().run(ids)
        }
    }
}
