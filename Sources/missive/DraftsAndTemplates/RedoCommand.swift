import Application
import ArgumentParser

struct RedoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "redo", abstract: "Do again the change `missive undo` last took back.")

    func run() async throws {
        let workspace = try Workspace.open()
        try SendCommand.conclude(try await workspace.stepHistory().run(.redo), workspace: workspace)
    }
}
