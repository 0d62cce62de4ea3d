import Application
import ArgumentParser

extension TemplatesCommand {
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List templates.")

        @Flag(name: .long, help: "Print JSON: a list of name, kind, parent, summary.")
        var json = false

        @OptionGroup var headerOptions: HeaderOptions

        func run() async throws {
            let workspace = try Workspace.open(access: .readOnly)
            let templates = try workspace.listTemplates().run()
            if json { return try printJSON(templates.map(TemplateRowJSON.init)) }
            if templates.isEmpty {
                Console.note("no templates yet: `missive templates import drafts/templates` loads the starter set")
            }
            var table = TextTable([("NAME", 20), ("KIND", 8), ("VARIABLES", 12), ("SUMMARY", 0)])
            let byName = Dictionary(templates.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            for template in templates {
                let kind = template.fields["kind"] ?? "(from parent)"
                let parent = template.parent.map { "  < \($0)" } ?? ""
                let variables = TemplateVariables.describe(template, among: byName)
                table.append([template.name, kind, variables.isEmpty ? "-" : variables, template.summary + parent])
            }
            Console.write(table.render(width: TableTerminal.width(), headers: headerOptions.headers))
        }
    }
}

/// One template of `templates list --json`; kind is null when the template takes it from its parent.
/// Not the `Template`: kind taken out of its fields, and no fields or body.
struct TemplateRowJSON: Encodable {
    var name: String
    @JSONNull var kind: String?
    @JSONNull var parent: String?
    var summary: String

    init(_ template: Template) {
        name = template.name
        kind = template.fields["kind"]
        parent = template.parent
        summary = template.summary
    }
}
