import Application
import ArgumentParser

extension TemplatesCommand {
    struct New: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "new",
            abstract: "Write a new template in your editor (or read it from a file).",
            discussion: "The buffer is a draft buffer plus `template:`, `description:` and `parent:`; values and body may use {{variables}}.")

        @Argument(help: ArgumentHelp("The template's name.", valueName: "name"))
        var name: String

        @Option(name: .long, help: ArgumentHelp("The kind of draft it makes.", valueName: "kind"))
        var kind: DraftKind = .reply

        @Option(name: .long, help: ArgumentHelp("A template to inherit fields from.", valueName: "name"))
        var parent: String?

        @Option(name: .long, help: ArgumentHelp("Read the whole template buffer from FILE (- for stdin) instead of the editor.", valueName: "file"))
        var file: String?

        func validate() throws {
            if !Template.isValidName(name) { throw ValidationError("'\(name)' is not a template name (letters, digits, - _ .)") }
        }

        func run() async throws {
            let workspace = try Workspace.open()
            try await workspace.newTemplate()
                .run(name, kind: kind, parent: parent, file: file)
        }
    }
}
