import Application

/// What `missive icons --json` prints: forum_id, post_icons (id, title, image_url, is_default)
/// and tag_groups (name, default, tags). Every key is always there, null when empty.
/// Not `[PostIcon]` as it comes: the icons split into post icons and tag groups.
struct IconsJSON: Encodable {
    /// Not the `PostIcon`: without its radio group, which the key it is listed under says.
    struct Icon: Encodable {
        var id: String
        var title: String
        @JSONNull var imageURL: String?
        var isDefault: Bool

        init(_ icon: PostIcon) {
            id = icon.id
            title = icon.title
            imageURL = icon.imageURL?.absoluteString
            isDefault = icon.isDefault
        }
    }

    /// Not the `TagGroup`: its default as the tag's id, not the whole tag.
    struct Group: Encodable {
        var name: String
        /// The value the form checks as it comes; null when a new thread must name one.
        @JSONNull var `default`: String?
        var tags: [Icon]
    }

    var forumID: Int
    var postIcons: [Icon]
    var tagGroups: [Group]

    init(forumID: Int, icons: [PostIcon]) {
        self.forumID = forumID
        postIcons = icons.filter { $0.group == PostIcon.iconGroup }.map(Icon.init)
        tagGroups = TagGroup.groups(in: icons).map { group in
            Group(name: group.name, default: group.defaultTag?.id, tags: group.tags.map(Icon.init))
        }
    }
}
