import ArgumentParser

struct TemplatesList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List templates.")

    func run() async throws {
        let workspace = try Workspace.open(access: .readOnly)
        let templates = try workspace.store.templates()
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
