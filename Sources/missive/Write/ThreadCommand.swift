import ArgumentParser
import Compose
import Forum
import Store

struct ThreadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "thread",
        abstract: "Write a new thread in your editor.",
        discussion: """
            One open draft per forum: running it again reopens that draft. Prints the draft id. \
            FORUM is the forum's id or its URL (forumdisplay.php?forumid=...).
            """)

    @Argument(help: ArgumentHelp("The forum: its id or URL.", valueName: "forum"))
    var forum: String

    @Option(name: .long, help: ArgumentHelp("The thread's title.", valueName: "subject"))
    var subject: String

    @Option(name: .long, help: ArgumentHelp("The post icon id.", valueName: "n"))
    var icon: Int64?

    @OptionGroup var options: ComposeOptions
    @OptionGroup var delivery: DeliveryOptions

    func validate() throws {
        _ = try forumID(forum, .forum)
        if let icon { try requirePositive(icon, "icon id") }
        if subject.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("the subject is empty") }
        try options.requireBodySource(fetching: false)
    }

    func run() async throws {
        let forum = try forumID(forum, .forum)
        let workspace = try Workspace.open()
        var fixed: [Buffer.Key: String] = [.forum: String(forum), .subject: subject]
        if let icon { fixed[.icon] = String(icon) }
        let draft = try await ComposeFlow(workspace: workspace, options: options).run(
            base: DraftContent(kind: .thread, target: DraftTarget(forum: forum, icon: icon), subject: subject, profile: ""),
            fixed: fixed)
        try await delivery.deliver(draft, workspace: workspace)
    }
}
