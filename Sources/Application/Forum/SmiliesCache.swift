import Common
import Forum
import Foundation

/// `CACHE/smilies-PROFILE.json`: the forum's smilie list and when it was fetched.
public struct SmiliesCache: Sendable {
    var directory: URL
    var profile: String

    public init(directory: URL, profile: String) {
        self.directory = directory
        self.profile = profile
    }

    public static let maximumAge: TimeInterval = 24 * 3600

    private struct Contents: Codable {
        var fetchedAt: Date
        var smilies: [Smilie]
    }

    public var file: URL { directory.appendingPathComponent("smilies-\(profile).json") }

    /// The cached list when it was fetched less than a day before `now`. A date after `now` (a
    /// clock that was wrong, a file from elsewhere) is no proof of freshness, nor is a broken file:
    /// either is simply fetched again.
    public func load(now: Date) -> [Smilie]? {
        guard let contents = read() else { return nil }
        let age = now.timeIntervalSince(contents.fetchedAt)
        return (0..<Self.maximumAge).contains(age) ? contents.smilies : nil
    }

    /// The cached list however old: enough to draw smilies in a preview (a forum's pictures seldom
    /// change), where fetching again would need the network.
    public func loadAnyAge() -> [Smilie]? { read()?.smilies }

    private func read() -> Contents? {
        guard let data = FileManager.default.contents(atPath: file.path) else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try? decoder.decode(Contents.self, from: data)
    }

    /// Best effort: a cache that cannot be written costs a fetch next time, nothing more.
    public func store(_ smilies: [Smilie], now: Date) {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        guard (try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                         attributes: [.posixPermissions: 0o700])) != nil,
            let data = try? encoder.encode(Contents(fetchedAt: now, smilies: smilies))
        else { return }
        try? PrivateFile.write(data, to: file)
    }
}
