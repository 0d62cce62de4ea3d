import Store

/// `drafts list`: drafts, most recently changed first, at most `limit` of them.
public struct ListDrafts: Sendable {
    let context: LocalContext
    let includeDeleted: Bool
    /// nil: all of them.
    let limit: Int?

    public init(_ context: LocalContext, includeDeleted: Bool, limit: Int?) {
        self.context = context
        self.includeDeleted = includeDeleted
        self.limit = limit
    }

    /// The drafts as values, for JSON.
    public func summaries() throws -> [DraftSummary] {
        try context.store.list(includeDeleted: includeDeleted, limit: limit)
    }

    /// The drafts straight from SQLite's columns, for a table of thousands of rows.
    public func scan(_ visit: (DraftListingColumns) -> Void) throws {
        try context.store.scanDrafts(includeDeleted: includeDeleted, limit: limit, visit)
    }

    /// After the list is shown: a note when there are more drafts than it showed.
    public func tellIfCut(shown: Int) throws {
        guard let limit, shown == limit else { return }
        let total = try context.store.count(includeDeleted: includeDeleted)
        if total > limit { context.console.note("showing the \(limit) most recent of \(total) drafts; --limit 0 shows all") }
    }
}
