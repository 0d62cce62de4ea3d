import ArgumentParser
import Store

struct TemplatesList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List templates.")

    @Flag(name: .long, help: "Print JSON: a list of name, kind, parent, summary.")
    var json = false

    func run() async throws {
        let workspace = try Workspace.open(access: .readOnly)
        let templates = try workspace.store.templates()
        if json { return try printJSON(templates.map(TemplateRowJSON.init)) }
        if templates.isEmpty {
            Console.note("no templates yet: `missive templates import drafts/templates` loads the starter set")
        }
        for template in templates {
            let kind = template.fields["kind"] ?? "(from parent)"
            let parent = template.parent.map { "  < \($0)" } ?? ""
            Console.print("\(DraftTable.pad(template.name, 20))\(DraftTable.pad(kind, 8))\(template.summary)\(parent)")
        }
    }
}

/// One template of `templates list --json`; kind is null when the template takes it from its parent.
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
