import Store

/// `templates show`: one template as it is stored (its own fields, nothing inherited).
public struct ShowTemplate: Sendable {
    let store: Store

    public init(store: Store) {
        self.store = store
    }

    public func run(_ name: String) throws -> Template {
        try store.template(named: name)
    }
}
