import ArgumentParser

struct TemplatesRm: AsyncParsableCommand {
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
        for name in names { _ = try workspace.store.template(named: name) }
        try workspace.store.changeTemplates(
            names.map { ($0, nil) }, kind: "template.rm", summary: "delete template \(names.joined(separator: ", "))",
            now: workspace.now)
        Console.note("deleted \(names.joined(separator: ", ")) (`missive undo` brings \(names.count == 1 ? "it" : "them") back)")
    }
}
