import ArgumentParser
import Compose

struct TemplatesShow: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Print a template in the buffer format.")

    @Argument(help: ArgumentHelp("The template's name.", valueName: "name"))
    var name: String

    func run() async throws {
        let workspace = try Workspace.open(access: .readOnly)
        Console.print(TemplateBuffer.render(try workspace.store.template(named: name)).trimmingTrailingNewlines())
    }
}
