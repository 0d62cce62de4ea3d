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

    /// Second radio groups on some forums' new-thread forms, keyed by the group's input name.
    static let secondaryTags: [String: [Icon]] = [
        "samart_tag": [Icon(id: 1, name: "Critique Wanted"), Icon(id: 2, name: "Showcase")],
        "tma_ama": [Icon(id: 1, name: "Ask"), Icon(id: 2, name: "Tell")],
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
