import Application
import ArgumentParser
import Common
import Foundation

/// `missive icons FORUM`: the post icons and tag groups a forum's new-thread form offers, for
/// `thread --icon` and `thread --tag` (front matter `icon:` and `tag:`).
struct IconsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "icons",
        abstract: "List the post icons and thread tags a forum offers for new threads.",
        discussion: """
            Read from the forum's new-thread form, so you must be logged in. First the post icons \
            (id and title: `missive thread FORUM --icon ID`), then each tag group some forums add \
            (Ask/Tell's TMA/AMA, SA-Mart's selling/buying...): its values and titles, and which one \
            the form chooses by default. Name a tag by its title (any case) or its value: \
            `missive thread FORUM --tag TITLE`, or `tag:` in the front matter. A group without a \
            default needs one. FORUM is the forum's id or its URL (forumdisplay.php?forumid=...).
            """
    )

    @Argument(help: ArgumentHelp("The forum: its id or URL.", valueName: "forum"))
    var target: String

    @OptionGroup var forum: ForumOptions

    @Flag(help: "Print JSON: forum_id, post_icons (id, title, image_url, is_default), tag_groups (name, default, tags).")
    var json = false

    func validate() throws {
        _ = try forumID(target, .forum)
    }

    func run() async throws {
        let id = Int(try forumID(target, .forum))
        let icons = try await Home.load().listPostIcons(forum).run(forumID: id)
        let listing = IconsJSON(forumID: id, icons: icons)
        if json { return try printJSON(listing) }
        Console.write(Self.text(listing))
    }

    /// The listing for people: one section per group, ids lined up.
    static func text(_ listing: IconsJSON) -> String {
        func rows(_ icons: [IconsJSON.Icon]) -> String {
            let width = icons.map(\.id.count).max() ?? 0
            return icons.map { icon in
                let id = icon.id.padding(toLength: width, withPad: " ", startingAt: 0)
                return "  \(id)  \(icon.title)\(icon.isDefault ? "  (default)" : "")\n"
            }.joined()
        }
        var text = "Post icons (--icon ID):\n"
        text += listing.postIcons.isEmpty ? "  none\n" : rows(listing.postIcons)
        for group in listing.tagGroups {
            text += "\nTag group \(group.name) (--tag TITLE or VALUE):\n" + rows(group.tags)
            if group.default == nil { text += "  no default: a new thread must name one\n" }
        }
        if listing.tagGroups.isEmpty { text += "\nNo thread tags: --tag does not apply to forum \(listing.forumID).\n" }
        return text
    }
}
