import Store

/// `drafts show`: a draft as it is now, or as one of its revisions had it.
public struct ShowDraft: Sendable {
    let store: Store

    public init(store: Store) {
        self.store = store
    }

    /// The store's files that every save of a draft writes (its WAL, and at a checkpoint the
    /// database), in the data directory: what a watcher of a draft watches.
    public static let changedFiles: Set<String> = [Store.fileName, "\(Store.fileName)-wal"]

    /// The draft, with the content, raw text and problem of `revision` when one is given.
    public func run(_ id: Int64, revision: Int?) throws -> Draft {
        var draft = try store.draft(id)
        if let revision {
            let old = try store.revision(of: id, number: revision)
            draft.content = old.content
            draft.raw = old.raw
            draft.problem = old.problem
            draft.revision = old.number
        }
        return draft
    }
}
