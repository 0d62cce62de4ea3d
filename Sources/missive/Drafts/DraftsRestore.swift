import ArgumentParser

struct DraftsRestore: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Make an old revision current again (as a new revision; `missive undo` takes it back).")

    @Argument(help: ArgumentHelp("The draft id.", valueName: "id"))
    var id: Int64

    @Argument(help: ArgumentHelp("The revision to restore (see `missive drafts history`).", valueName: "rev"))
    var revision: Int

    func run() async throws {
        let workspace = try Workspace.open()
        switch try workspace.store.restore(id, revision: revision, now: workspace.now) {
        case .unchanged:
            Console.note("draft \(id) already reads as revision \(revision)")
        case let .saved(draft, _):
            Console.note("draft \(id) now reads as revision \(revision) (saved as revision \(draft.revision))")
        }
    }
}
