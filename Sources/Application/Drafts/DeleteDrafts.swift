import Store

/// `drafts rm`: drafts deleted one by one, each undoable.
public struct DeleteDrafts: Sendable {
    let context: LocalContext

    public init(_ context: LocalContext) {
        self.context = context
    }

    public func run(_ ids: [Int64]) throws {
        for id in ids {
            _ = try context.store.deleteDraft(id, now: context.now)
            context.console.note("deleted draft \(id) (`missive undo` brings it back)")
        }
    }
}
