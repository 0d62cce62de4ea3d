import Foundation

/// A post icon (or second tag) a forum's new-thread form offers.
public struct PostIcon: Sendable, Equatable, Codable {
    /// The radio group: `iconid` for post icons, or a forum's second tag group such as `tma_ama`.
    public var group: String
    public var id: String
    public var title: String
    public var imageURL: URL?
    /// Checked in the form as it comes: what is sent when nothing else is chosen.
    public var isDefault: Bool

    public init(group: String, id: String, title: String, imageURL: URL? = nil, isDefault: Bool = false) {
        self.group = group
        self.id = id
        self.title = title
        self.imageURL = imageURL
        self.isDefault = isDefault
    }

    /// The radio group of post icons; every other radio group of the form is a tag group.
    public static let iconGroup = "iconid"

    /// What a person types to pick it: its title, or its value when it has none.
    public var name: String { title.isEmpty ? id : title }
}
