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
            if json { return try printJSON(TemplateJSON(template)) }
            Console.print(TemplateBuffer.render(template).trimmingTrailingNewlines())
        }
    }
}

/// What `templates show --json` prints: fields are the template's own front matter (variables
/// unexpanded, without what it inherits), keyed as in the buffer.
struct TemplateJSON: Encodable {
    var name: String
    @JSONNull var parent: String?
    var summary: String
    var fields: [String: String]
    var body: String

    init(_ template: Template) {
        name = template.name
        parent = template.parent
        summary = template.summary
        fields = template.fields
        body = template.body
    }
}
