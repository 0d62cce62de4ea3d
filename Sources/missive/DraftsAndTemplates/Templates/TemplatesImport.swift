import Application
import ArgumentParser

extension TemplatesCommand {
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Load templates from .md files (e.g. drafts/templates), all or none.",
            discussion: "A template with the same name is replaced. Missing parents and parent cycles stop the import.")

        @Argument(help: ArgumentHelp("Template files or directories.", valueName: "path"))
        var paths: [String]

        func validate() throws {
            if paths.isEmpty { throw ValidationError("give the directory or files to import") }
        }

        func run() async throws {
            let workspace = try Workspace.open()
            try workspace.importTemplates().run(paths)
        }
    }
}
