import Application
import ArgumentParser

struct UndoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo",
        abstract: "Take back the last change (a draft saved, deleted, restored; a template changed; a queue or send).",
        discussion: "Works across runs: the history is in the store. `missive redo` does it again.")

    func run() async throws {
        let workspace = try Workspace.open()
        try SendCommand.conclude(try await workspace.stepHistory().run(.undo), workspace: workspace)
    }
}
