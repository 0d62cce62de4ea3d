import Store

/// `templates list`: every template, by name.
public struct ListTemplates: Sendable {
    let store: Store

    public init(store: Store) {
        self.store = store
    }

    public func run() throws -> [Template] {
        try store.templates()
    }
}
