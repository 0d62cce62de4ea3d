import Foundation

/// A smilie code from the forum's list, with its group and picture.
public struct Smilie: Sendable, Equatable, Codable {
    public var code: String
    public var group: String
    public var imageURL: URL?
    public var title: String?

    /// Also what `smilies --json` prints, so a missing picture or title is written as null rather
    /// than left out: scripts find every key (the cache reads either).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code, forKey: .code)
        try container.encode(group, forKey: .group)
        try container.encode(imageURL, forKey: .imageURL)
        try container.encode(title, forKey: .title)
    }
}
