import ArgumentParser
import Compose
import Store

struct ThreadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "thread",
        abstract: "Write a new thread in your editor.",
        discussion: "One open draft per forum: running it again reopens that draft. Prints the draft id.")

    @Argument(help: ArgumentHelp("The forum id.", valueName: "forum"))
    var forum: Int64

    @Option(name: .long, help: ArgumentHelp("The thread's title.", valueName: "subject"))
    var subject: String

    @Option(name: .long, help: ArgumentHelp("The post icon id.", valueName: "n"))
    var icon: Int64?

    @OptionGroup var options: ComposeOptions

    func validate() throws {
        try requirePositive(forum, "forum id")
        if let icon { try requirePositive(icon, "icon id") }
        if subject.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("the subject is empty") }
    }

    func run() async throws {
        let workspace = try Workspace.open()
        var fixed: [Buffer.Key: String] = [.forum: String(forum), .subject: subject]
        if let icon { fixed[.icon] = String(icon) }
        try await ComposeFlow(workspace: workspace, options: options).run(
            base: DraftContent(kind: .thread, target: DraftTarget(forum: forum, icon: icon), subject: subject, profile: ""),
            fixed: fixed)
    }
}
