import Store

/// `drafts history`: a draft's revisions, oldest first, and which one is current.
public struct DraftRevisions: Sendable {
    let store: Store

    public init(store: Store) {
        self.store = store
    }

    public func run(_ id: Int64) throws -> (current: Int, revisions: [Revision]) {
        let draft = try store.draft(id)
        return (draft.revision, try store.revisions(of: id))
    }
}
