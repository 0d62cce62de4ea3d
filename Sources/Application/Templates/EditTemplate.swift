import Compose

/// `templates edit`: a template changed in the editor. Drafts made from it earlier do not change.
public struct EditTemplate: Sendable {
    let context: LocalContext

    public init(_ context: LocalContext) {
        self.context = context
    }

    public func run(_ name: String) async throws {
        let template = try context.store.template(named: name)
        if let saved = try await TemplateSession(environment: context.environment).edit(template, existing: name) {
            context.console.note("saved template \(saved.name)")
        } else {
            context.console.note("template \(name) is unchanged")
        }
    }
}
