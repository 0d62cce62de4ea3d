import Application
import ArgumentParser
import Compose

extension TemplatesCommand {
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Print a template in the buffer format.")

        @Argument(help: ArgumentHelp("The template's name.", valueName: "name"))
        var name: String

        @Flag(name: .long, help: "Print JSON: name, parent, summary, fields, body.")
        var json = false

        func run() async throws {
            let workspace = try Workspace.open(access: .readOnly)
            let template = try workspace.showTemplate().run(name)
            if json { return try printJSON(template) }
            Console.print(TemplateBuffer.render(template).trimmingTrailingNewlines())
        }
    }
}
