/// The fixed lists a forum has: post icons, the extra tag groups some forums add, and smilies.
enum Catalog {
    struct Icon: Sendable {
        var id: Int64
        var name: String
        var imagePath: String { "/images/posticons/\(name.lowercased().replacingOccurrences(of: " ", with: "-")).gif" }
    }

    /// Icons for threads and private messages. Id 0 means "no icon".
    static let postIcons: [Icon] = [
        Icon(id: 60, name: "Discussion"),
        Icon(id: 61, name: "Question"),
        Icon(id: 62, name: "News"),
        Icon(id: 63, name: "Art"),
        Icon(id: 64, name: "Serious"),
        Icon(id: 65, name: "Fun"),
    ]

    /// A second radio group on some forums' new-thread forms, next to the post icons. The forum
    /// requires one of its values: a missing or unknown one is refused.
    struct TagGroup: Sendable {
        /// The input's name.
        var name: String
        /// The row's label on the form.
        var label: String
        var tags: [Icon]
        /// The value checked when the form is first shown (Ask/Tell's form starts on TMA), or nil
        /// when the poster must choose.
        var initial: Int64?

        func tag(_ id: Int64) -> Icon? {
            tags.first { $0.id == id }
        }
    }

    /// Second tag groups by input name, with the values the real forms use.
    static let secondaryTags: [String: TagGroup] = [
        "samart_tag": TagGroup(name: "samart_tag", label: "Sale Type:", tags: [
            Icon(id: 1, name: "Selling"), Icon(id: 2, name: "Buying"), Icon(id: 3, name: "Trading"), Icon(id: 4, name: "Other"),
        ], initial: nil),
        "tma_ama": TagGroup(name: "tma_ama", label: "Thread Type:", tags: [
            Icon(id: 0, name: "TMA"), Icon(id: 1, name: "AMA"),
        ], initial: 0),
    ]

    static func icon(_ id: Int64) -> Icon? {
        postIcons.first { $0.id == id }
    }

    struct Smilie: Sendable {
        var code: String
        var title: String
        var imagePath: String { "/images/smilies/\(title.lowercased().replacingOccurrences(of: " ", with: "-")).gif" }
    }

    static let smilieGroups: [(name: String, smilies: [Smilie])] = [
        ("Basic Smilies", [
            Smilie(code: ":)", title: "smile"),
            Smilie(code: ":(", title: "frown"),
            Smilie(code: ":D", title: "big grin"),
            Smilie(code: ";)", title: "wink"),
            Smilie(code: ":o", title: "eek"),
        ]),
        ("Extra Smilies", [
            Smilie(code: ":cheers:", title: "cheers"),
            Smilie(code: ":v:", title: "victory"),
            Smilie(code: ":shobon:", title: "shobon"),
            Smilie(code: ":gonk:", title: "gonk"),
            Smilie(code: ":doh:", title: "doh"),
        ]),
    ]
}
