import Foundation

/// A smilie code from the forum's list, with its group and picture.
public struct Smilie: Sendable, Equatable, Codable {
    public var code: String
    public var group: String
    public var imageURL: URL?
    public var title: String?
}
