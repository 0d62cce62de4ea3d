import ArgumentParser
import Common
import Forum
import Foundation

/// `missive smilies [SEARCH]`: the forum's smilie codes, cached for a day.
struct SmiliesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "smilies",
        abstract: "List the forum's smilie codes, optionally only those matching SEARCH.",
        discussion: """
            The list is fetched from the forum at most once a day and kept in the state directory \
            (smilies-PROFILE.json); --refresh fetches it now.
            """
    )

    @OptionGroup var forum: ForumOptions

    @Argument(help: "Show only smilies whose code, group or title contains this (case-insensitive).")
    var search: String?

    @Flag(help: "Fetch the list from the forum even if the cached copy is fresh.")
    var refresh = false

    @Flag(help: "Print JSON.")
    var json = false

    struct Cache: Codable {
        var fetchedAt: Date
        var smilies: [Smilie]
    }

    static let maximumAge: TimeInterval = 24 * 3600

    func run() async throws {
        let connection = try ForumConnection.open(forum)
        let file = connection.paths.state.appendingPathComponent("smilies-\(connection.profile.name).json")
        var smilies = refresh ? nil : Self.cached(file)
        if smilies == nil {
            let fetched = try await connection.adapter.smilies()
            Self.store(fetched, in: file, paths: connection.paths)
            smilies = fetched
        }
        let needle = search?.lowercased() ?? ""
        let shown = (smilies ?? []).filter { smilie in
            needle.isEmpty || [smilie.code, smilie.group, smilie.title ?? ""].contains { $0.lowercased().contains(needle) }
        }
        if json { return try printJSON(shown) }
        for smilie in shown {
            print([smilie.code, smilie.group, smilie.title ?? ""].joined(separator: "\t"))
        }
    }

    /// The cached list when it is younger than a day (a broken cache is simply fetched again).
    static func cached(_ file: URL) -> [Smilie]? {
        guard let data = FileManager.default.contents(atPath: file.path) else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard let cache = try? decoder.decode(Cache.self, from: data), -cache.fetchedAt.timeIntervalSinceNow < maximumAge else { return nil }
        return cache.smilies
    }

    /// Best effort: a cache that cannot be written costs a fetch next time, nothing more.
    static func store(_ smilies: [Smilie], in file: URL, paths: MissivePaths) {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        guard (try? paths.createDirectories()) != nil, let data = try? encoder.encode(Cache(fetchedAt: Date(), smilies: smilies)) else { return }
        try? data.write(to: file, options: .atomic)
    }
}
