import ArgumentParser
import Compose

struct TemplatesEdit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Change a template in your editor. Drafts made from it earlier do not change.")

    @Argument(help: ArgumentHelp("The template's name.", valueName: "name"))
    var name: String

    func run() async throws {
        let workspace = try Workspace.open()
        let template = try workspace.store.template(named: name)
        if let saved = try await TemplateSession(environment: workspace.environment).edit(template, existing: name) {
            Console.note("saved template \(saved.name)")
        } else {
            Console.note("template \(name) is unchanged")
        }
    }
}
