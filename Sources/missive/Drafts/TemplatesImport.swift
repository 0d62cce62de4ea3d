import ArgumentParser
import Common
import Compose
import Store

struct TemplatesImport: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Load templates from .md files (e.g. drafts/templates), all or none.",
        discussion: "A template with the same name is replaced. Missing parents and parent cycles stop the import.")

    @Argument(help: ArgumentHelp("Template files or directories.", valueName: "path"))
    var paths: [String]

    func validate() throws {
        if paths.isEmpty { throw ValidationError("give the directory or files to import") }
    }

    func run() async throws {
        let workspace = try Workspace.open()
        var templates: [(name: String, template: Template?)] = []
        for file in try BufferFileList.expand(paths) {
            let template = try TemplateBuffer.parse(
                try TextInput.read(path: file, limit: ComposeEnvironment.defaultByteLimit), source: file)
            if templates.contains(where: { $0.name == template.name }) {
                throw CommandError(.dataError, "\(file): template '\(template.name)' is defined twice")
            }
            templates.append((template.name, template))
        }
        let changed = try workspace.store.changeTemplates(
            templates, kind: "template.import", summary: "import \(templates.count) template(s)", now: workspace.now)
        Console.note("imported \(templates.count) template(s), \(changed.count) new or changed")
    }
}
