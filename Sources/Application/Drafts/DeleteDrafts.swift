import Foundation
import Store

/// `drafts rm`: drafts deleted one by one, each undoable.
public struct DeleteDrafts: Sendable {
    let store: Store
    let clock: @Sendable () -> Date
    let console: any ConsoleOutput

    public init(store: Store, clock: @escaping @Sendable () -> Date, console: any ConsoleOutput) {
        self.store = store
        self.clock = clock
        self.console = console
    }

    public func run(_ ids: [Int64]) throws {
        for id in ids {
            _ = try store.deleteDraft(id, now: clock())
            console.note("deleted draft \(id) (`missive undo` brings it back)")
        }
    }
}
