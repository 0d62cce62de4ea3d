import Compose

/// `templates edit`: a template changed in the editor. Drafts made from it earlier do not change.
public struct EditTemplate: Sendable {
    let environment: ComposeEnvironment
    let console: any ConsoleOutput

    public init(environment: ComposeEnvironment, console: any ConsoleOutput) {
        self.environment = environment
        self.console = console
    }

    public func run(_ name: String) async throws {
        let template = try environment.store.template(named: name)
        if let saved = try await TemplateSession(environment: environment).edit(template, existing: name) {
            console.note("saved template \(saved.name)")
        } else {
            console.note("template \(name) is unchanged")
        }
    }
}
