import Store

/// `drafts search`: drafts whose subject or body has every word, best matches first. The
/// excerpts mark the words found with `MatchMarks`.
public struct SearchDrafts: Sendable {
    let store: Store

    public init(store: Store) {
        self.store = store
    }

    /// The drafts found, and the error of those that match but cannot be read (a damaged store).
    public func run(_ words: [String], includeClosed: Bool, limit: Int) throws -> (found: [DraftSummary], damaged: StoreError?) {
        let (found, damaged) = try store.searchFindingDamage(words.joined(separator: " "), includeClosed: includeClosed, limit: limit,
                                                              marks: (String(MatchMarks.open), String(MatchMarks.close)))
        return (found, try store.damagedError(damaged))
    }

    /// How many sent and deleted drafts have every word: asked when no open draft has, so that
    /// the answer can point at `--all` instead of saying only that nothing matched.
    public func closedMatches(_ words: [String]) throws -> ClosedMatches {
        let rows = try store.search(words.joined(separator: " "), includeClosed: true)
        return ClosedMatches(sent: rows.count(where: { $0.state == .sent }), deleted: rows.count(where: { $0.state == .deleted }))
    }
}

/// Sent and deleted drafts that a search without `--all` left out.
public struct ClosedMatches: Equatable, Sendable {
    public var sent: Int
    public var deleted: Int

    public init(sent: Int, deleted: Int) {
        self.sent = sent
        self.deleted = deleted
    }

    public var isEmpty: Bool { sent == 0 && deleted == 0 }

    /// "2 sent drafts do", "1 deleted draft does", "1 sent draft and 2 deleted drafts do".
    public var phrase: String {
        func count(_ number: Int, _ state: String) -> String? {
            number == 0 ? nil : "\(number) \(state) draft" + (number == 1 ? "" : "s")
        }
        let parts = [count(sent, "sent"), count(deleted, "deleted")].compactMap { $0 }
        let plural = sent + deleted > 1
        return parts.joined(separator: " and ") + (plural ? " do" : " does")
    }
}
