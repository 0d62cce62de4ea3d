import Application
import ArgumentParser

extension DraftsCommand {
    struct Restore: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "restore",
            abstract: "Make an old revision current again (as a new revision; `missive undo` takes it back).")

        @Argument(help: ArgumentHelp("The draft id.", valueName: "id"), transform: DraftNumber.parse)
        var id: Int64

        @Argument(help: ArgumentHelp("The revision to restore (see `missive drafts history`).", valueName: "rev"))
        var revision: Int

        func run() async throws {
            let workspace = try Workspace.open()
            try workspace.restoreRevision().run(id, revision: revision)
        }
    }
}
