import Store

/// `drafts search`: drafts whose subject or body has every word, best matches first. The
/// excerpts carry SQLite's match marks (`[word]`).
public struct SearchDrafts: Sendable {
    let store: Store

    public init(store: Store) {
        self.store = store
    }

    public func run(_ words: [String], includeClosed: Bool, limit: Int) throws -> [DraftSummary] {
        try store.search(words.joined(separator: " "), includeClosed: includeClosed, limit: limit)
    }
}
