import Application

/// What `missive icons --json` prints: forum_id, post_icons (id, title, image_url, is_default)
/// and tag_groups (name, default, tags). Every key is always there, null when empty.
struct IconsJSON: Encodable {
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
