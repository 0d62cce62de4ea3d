import ArgumentParser

struct RedoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "redo", abstract: "Do again the change `missive undo` last took back.")

    func run() async throws {
        let workspace = try Workspace.open()
        try await workspace.undoOrRedo(redo: true)
    }
}
