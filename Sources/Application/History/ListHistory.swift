import Store

/// `history`: the recent changes, newest first, as `undo` and `redo` step through them.
public struct ListHistory: Sendable {
    let store: Store

    public init(store: Store) {
        self.store = store
    }

    /// How many changes the store keeps.
    public static let kept = Store.historyLimit

    public func run(limit: Int) throws -> [HistoryEntry] {
        try store.history(limit: limit)
    }
}
