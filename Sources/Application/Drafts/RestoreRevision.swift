import Store

/// `drafts restore`: an old revision made current again, as a new revision.
public struct RestoreRevision: Sendable {
    let context: LocalContext

    public init(_ context: LocalContext) {
        self.context = context
    }

    public func run(_ id: Int64, revision: Int) throws {
        switch try context.store.restore(id, revision: revision, now: context.now) {
        case .unchanged:
            context.console.note("draft \(id) already reads as revision \(revision)")
        case let .saved(draft, _):
            context.console.note("draft \(id) now reads as revision \(revision) (saved as revision \(draft.revision))")
        }
    }
}
