import Foundation
import Store

/// `templates rm`: templates deleted together, as one undoable change. A parent still in use cannot go.
public struct DeleteTemplates: Sendable {
    let store: Store
    let clock: @Sendable () -> Date
    let console: any ConsoleOutput

    public init(store: Store, clock: @escaping @Sendable () -> Date, console: any ConsoleOutput) {
        self.store = store
        self.clock = clock
        self.console = console
    }

    public func run(_ names: [String]) throws {
        // Each must exist: an unknown name is reported before anything is deleted.
        for name in names { _ = try store.template(named: name) }
        try store.changeTemplates(
            names.map { ($0, nil) }, kind: "template.rm", summary: "delete template \(names.joined(separator: ", "))",
            now: clock())
        console.note("deleted \(names.joined(separator: ", ")) (`missive undo` brings \(names.count == 1 ? "it" : "them") back)")
    }
}
