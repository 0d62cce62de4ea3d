import Common
import Compose
import Store

/// `templates import`: templates loaded from .md files, all or none; one with the same name is replaced.
public struct ImportTemplates: Sendable {
    let context: LocalContext

    public init(_ context: LocalContext) {
        self.context = context
    }

    public func run(_ paths: [String]) throws {
        var templates: [(name: String, template: Template?)] = []
        for file in try BufferFileList.expand(paths) {
            let template = try TemplateBuffer.parse(
                try TextInput.read(path: file, limit: ComposeEnvironment.defaultByteLimit), source: file)
            if templates.contains(where: { $0.name == template.name }) {
                throw UseCaseError(.dataError, "\(file): template '\(template.name)' is defined twice")
            }
            templates.append((template.name, template))
        }
        let changed = try context.store.changeTemplates(
            templates, kind: .templateImport, summary: "import " + counted(templates.count, "template"), now: context.now)
        context.console.note("imported \(counted(templates.count, "template")), \(changed.count) new or changed")
    }
}
