import Forum
import Foundation

/// `smilies`: the forum's smilie codes, from a cache at most a day old, filtered by a search.
public struct ListSmilies: Sendable {
    let forum: any ForumAdapter
    let cache: SmiliesCache
    let clock: @Sendable () -> Date

    public init(forum: any ForumAdapter, cache: SmiliesCache, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.forum = forum
        self.cache = cache
        self.clock = clock
    }

    /// `refresh` fetches the list even when the cached one is fresh; `search` keeps the smilies
    /// whose code, group or title contains it, in any case.
    public func run(search: String?, refresh: Bool) async throws(ForumError) -> [Smilie] {
        var smilies = refresh ? nil : cache.load(now: clock())
        if smilies == nil {
            let fetched = try await forum.smilies()
            cache.store(fetched, now: clock())
            smilies = fetched
        }
        let needle = search?.lowercased() ?? ""
        return (smilies ?? []).filter { smilie in
            needle.isEmpty || [smilie.code, smilie.group, smilie.title ?? ""].contains { $0.lowercased().contains(needle) }
        }
    }
}
