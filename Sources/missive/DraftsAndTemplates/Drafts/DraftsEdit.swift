import Application
import ArgumentParser

extension DraftsCommand {
    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: "Open a draft in your editor; each save that changes something is a new revision.")

        @Argument(help: ArgumentHelp("The draft id.", valueName: "id"), transform: DraftNumber.parse)
        var id: Int64

        @Option(name: .customLong("body-file"), help: ArgumentHelp("Replace the body with FILE (- for stdin).", valueName: "file"))
        var bodyFile: String?

        @Flag(name: .customLong("no-edit"), help: "Save the --body-file without opening the editor.")
        var noEdit = false

        func validate() throws {
            if noEdit, bodyFile == nil { throw ValidationError("--no-edit needs --body-file") }
        }

        func run() async throws {
            let workspace = try Workspace.open()
            try await workspace.editDraft().run(id, bodyFile: bodyFile, noEdit: noEdit)
        }
    }
}
