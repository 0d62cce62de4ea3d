import Store

/// `templates rm`: templates deleted together, as one undoable change. A parent still in use cannot go.
public struct DeleteTemplates: Sendable {
    let context: LocalContext

    public init(_ context: LocalContext) {
        self.context = context
    }

    public func run(_ names: [String]) throws {
        // Each must exist: an unknown name is reported before anything is deleted.
        for name in names { _ = try context.store.template(named: name) }
        try context.store.changeTemplates(
            names.map { ($0, nil) }, kind: .templateDelete, summary: "delete template \(names.joined(separator: ", "))",
            now: context.now)
        context.console.note("deleted \(names.joined(separator: ", ")) (`missive undo` brings \(names.count == 1 ? "it" : "them") back)")
    }
}
