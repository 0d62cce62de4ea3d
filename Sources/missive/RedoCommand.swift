import ArgumentParser

struct RedoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "redo", abstract: "Do again the change `missive undo` last took back.")

    func run() async throws {
        let workspace = try Workspace.open()
        Console.note(try workspace.store.redo(now: workspace.now).message)
    }
}
