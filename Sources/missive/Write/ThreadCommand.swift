import Application
import ArgumentParser
import Compose

struct ThreadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "thread",
        abstract: "Write a new thread in your editor.",
        discussion: """
            One open draft per forum: running it again reopens that draft. Prints the draft id. \
            FORUM is the forum's id or its URL (forumdisplay.php?forumid=...). Some forums add a \
            thread tag to the post icon (Ask/Tell's TMA/AMA, SA-Mart's selling/buying...): name it \
            with --tag, by its title or value; `missive icons FORUM` lists both. With the forum \
            reachable, an unknown tag is refused before the editor opens; it is checked again when \
            the thread is sent.
            """)

    @Argument(help: ArgumentHelp("The forum: its id or URL.", valueName: "forum"))
    var forum: String

    @Option(name: .long, help: ArgumentHelp("The thread's title.", valueName: "subject"))
    var subject: String

    @Option(name: .long, help: ArgumentHelp("The post icon id (`missive icons FORUM` lists them).", valueName: "n"))
    var icon: Int64?

    @Option(name: .long, help: ArgumentHelp("The thread tag, for forums that have one: its title (any case) or value.",
                                            valueName: "name"))
    var tag: String?

    @OptionGroup var options: ComposeOptions
    @OptionGroup var delivery: DeliveryOptions

    func validate() throws {
        _ = try forumID(forum, .forum)
        if let icon { try requirePositive(icon, "icon id") }
        if subject.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("the subject is empty") }
        if let tag, tag.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--tag is empty: give the tag's title or value (`missive icons FORUM` lists them), or leave it out")
        }
        try options.requireBodySource(fetching: false)
    }

    func run() async throws {
        let forum = try forumID(forum, .forum)
        let workspace = try Workspace.open()
        var fixed: [Buffer.Key: String] = [.forum: String(forum), .subject: subject]
        if let icon { fixed[.icon] = String(icon) }
        let tag = tag?.trimmingCharacters(in: .whitespaces)
        if let tag {
            fixed[.tag] = tag
            try await workspace.checkThreadTag(profile: options.profile).run(tag, forumID: Int(forum))
        }
        let draft = try await workspace.composeDraft(options, delivery: delivery).run(
            base: DraftContent(kind: .thread, target: DraftTarget(forum: forum, icon: icon, tag: tag), subject: subject, profile: ""),
            fixed: fixed)
        try await delivery.deliver(draft, workspace: workspace)
    }
}
