import Application
import ArgumentParser

extension TemplatesCommand {
    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rm",
            abstract: "Delete templates (`missive undo` brings them back). A parent still in use cannot go.")

        @Argument(help: ArgumentHelp("The templates' names.", valueName: "name"))
        var names: [String]

        func validate() throws {
            if names.isEmpty { throw ValidationError("give the name of the template to delete") }
        }

        func run() async throws {
            let workspace = try Workspace.open()
            try workspace.deleteTemplates().run(names)
        }
    }
}
