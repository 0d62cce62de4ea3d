import Forum

/// What `missive icons --json` prints: forum_id, post_icons (id, title, image_url, is_default)
/// and tag_groups (name, default, tags). Every key is always there, null when empty.
struct IconsJSON: Encodable {
    struct Icon: Encodable {
        var id: String
        var title: String
        var imageURL: String?
        var isDefault: Bool

        init(_ icon: PostIcon) {
            id = icon.id
            title = icon.title
            imageURL = icon.imageURL?.absoluteString
            isDefault = icon.isDefault
        }

        enum CodingKeys: String, CodingKey { case id, title, imageURL, isDefault }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(title, forKey: .title)
            try container.encode(imageURL, forKey: .imageURL)
            try container.encode(isDefault, forKey: .isDefault)
        }
    }

    struct Group: Encodable {
        var name: String
        /// The value the form checks as it comes; null when a new thread must name one.
        var `default`: String?
        var tags: [Icon]

        enum CodingKeys: String, CodingKey { case name, `default`, tags }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(`default`, forKey: .default)
            try container.encode(tags, forKey: .tags)
        }
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
