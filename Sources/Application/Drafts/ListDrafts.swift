import Store

/// `drafts list`: drafts, most recently changed first, at most `limit` of them.
public struct ListDrafts: Sendable {
    let store: Store
    let console: any ConsoleOutput
    let includeDeleted: Bool
    /// nil: all of them.
    let limit: Int?

    public init(store: Store, console: any ConsoleOutput, includeDeleted: Bool, limit: Int?) {
        self.store = store
        self.console = console
        self.includeDeleted = includeDeleted
        self.limit = limit
    }

    /// The drafts as values, for JSON.
    public func summaries() throws -> [DraftSummary] {
        try store.list(includeDeleted: includeDeleted, limit: limit)
    }

    /// The drafts straight from SQLite's columns, for a table of thousands of rows.
    public func scan(_ visit: (DraftListingColumns) -> Void) throws {
        try store.scanDrafts(includeDeleted: includeDeleted, limit: limit, visit)
    }

    /// After the list is shown: a note when there are more drafts than it showed.
    public func tellIfCut(shown: Int) throws {
        guard let limit, shown == limit else { return }
        let total = try store.count(includeDeleted: includeDeleted)
        if total > limit { console.note("showing the \(limit) most recent of \(total) drafts; --limit 0 shows all") }
    }
}
