import Foundation
import Store

/// `drafts restore`: an old revision made current again, as a new revision.
public struct RestoreRevision: Sendable {
    let store: Store
    let clock: @Sendable () -> Date
    let console: any ConsoleOutput

    public init(store: Store, clock: @escaping @Sendable () -> Date, console: any ConsoleOutput) {
        self.store = store
        self.clock = clock
        self.console = console
    }

    public func run(_ id: Int64, revision: Int) throws {
        switch try store.restore(id, revision: revision, now: clock()) {
        case .unchanged:
            console.note("draft \(id) already reads as revision \(revision)")
        case let .saved(draft, _):
            console.note("draft \(id) now reads as revision \(revision) (saved as revision \(draft.revision))")
        }
    }
}
