import Foundation

/// Where a running sandbox answers, for others to find: the forum's `GET /_sandbox/status.json`
/// (the image host's address), and `missive-sandbox --json` and its `status.json` file (both).
public struct SandboxStatus: Codable, Sendable, Equatable {
    public var forumURL: URL?
    public var imagesURL: URL
    public var dataDirectory: String?
    public var pid: Int32?

    public init(forumURL: URL? = nil, imagesURL: URL, dataDirectory: String? = nil, pid: Int32? = nil) {
        self.forumURL = forumURL
        self.imagesURL = imagesURL
        self.dataDirectory = dataDirectory
        self.pid = pid
    }

    enum CodingKeys: String, CodingKey {
        case forumURL = "forum_url", imagesURL = "images_url", dataDirectory = "data_directory", pid
    }

    /// The file `missive-sandbox` writes in its data directory while it runs.
    public static let fileName = "status.json"

    public static func decode(_ data: Data) throws -> SandboxStatus {
        try JSONDecoder().decode(SandboxStatus.self, from: data)
    }

    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}
