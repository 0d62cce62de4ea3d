import Foundation

/// A post icon (or second tag) a forum's new-thread form offers.
public struct PostIcon: Sendable, Equatable, Codable {
    /// The radio group: `iconid` for post icons, or a forum's second tag group such as `tma_ama`.
    public var group: String
    public var id: String
    public var title: String
    public var imageURL: URL?
}
