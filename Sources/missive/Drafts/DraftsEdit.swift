import ArgumentParser
import Common
import Compose
import Store

struct DraftsEdit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Open a draft in your editor; each save that changes something is a new revision.")

    @Argument(help: ArgumentHelp("The draft id.", valueName: "id"))
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
        var draft = try workspace.store.draft(id)
        if let bodyFile {
            draft.content.body = FrontMatter.trimBody(try TextInput.read(path: bodyFile, limit: ComposeEnvironment.defaultByteLimit))
            if noEdit {
                Report.save(try workspace.store.saveRevision(
                    of: id, DraftWrite(content: draft.content), basedOn: draft.revision, now: workspace.now))
                return
            }
        }
        try Report.session(try await EditSession(environment: workspace.environment).edit(draft))
    }
}
