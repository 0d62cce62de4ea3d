import Application
import ArgumentParser

extension TemplatesCommand {
    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: "Change a template in your editor. Drafts made from it earlier do not change.")

        @Argument(help: ArgumentHelp("The template's name.", valueName: "name"))
        var name: String

        func run() async throws {
            let workspace = try Workspace.open()
            try await workspace.editTemplate().run(name)
        }
    }
}
