import Common
import Compose
import Foundation
import Store

/// `templates import`: templates loaded from .md files, all or none; one with the same name is replaced.
public struct ImportTemplates: Sendable {
    let store: Store
    let clock: @Sendable () -> Date
    let console: any ConsoleOutput

    public init(store: Store, clock: @escaping @Sendable () -> Date, console: any ConsoleOutput) {
        self.store = store
        self.clock = clock
        self.console = console
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
        let changed = try store.changeTemplates(
            templates, kind: "template.import", summary: "import \(templates.count) template(s)", now: clock())
        console.note("imported \(templates.count) template(s), \(changed.count) new or changed")
    }
}
