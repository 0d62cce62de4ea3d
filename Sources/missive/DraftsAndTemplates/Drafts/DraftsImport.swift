import Application
import ArgumentParser

extension DraftsCommand {
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Make drafts from buffer files (.md files with front matter), all or none.",
            discussion: """
                Takes files and directories (their .md files). Every file is checked first; one bad file \
                stops the import with its name and line, and nothing is stored. Prints the new ids.
                """)

        @Argument(help: ArgumentHelp("Buffer files or directories.", valueName: "path"))
        var paths: [String]

        func validate() throws {
            if paths.isEmpty { throw ValidationError("give the files or directories to import") }
        }

        func run() async throws {
            let workspace = try Workspace.open()
            try workspace.importDrafts().run(paths)
        }
    }
}
