import ArgumentParser
import Compose
import Store

struct PMCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pm",
        abstract: "Write a private message in your editor.",
        discussion: """
            One open draft per recipient (or per message answered or forwarded): running it again \
            reopens that draft. Prints the draft id.
            """)

    @Argument(help: ArgumentHelp("The user to write to.", valueName: "user"))
    var user: String

    @Option(name: .long, help: ArgumentHelp("The message's subject.", valueName: "subject"))
    var subject: String?

    @Option(name: .customLong("reply-to"), help: ArgumentHelp("The private message this answers.", valueName: "pm"))
    var replyTo: Int64?

    @Option(name: .long, help: ArgumentHelp("The private message this forwards.", valueName: "pm"))
    var forward: Int64?

    @OptionGroup var options: ComposeOptions

    func validate() throws {
        if user.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("the user name is empty") }
        if user.contains("\n") { throw ValidationError("a user name is one line") }
        if replyTo != nil, forward != nil { throw ValidationError("use --reply-to or --forward, not both") }
        if let replyTo { try requirePositive(replyTo, "message id") }
        if let forward { try requirePositive(forward, "message id") }
    }

    func run() async throws {
        let workspace = try Workspace.open()
        var fixed: [Buffer.Key: String] = [.to: user]
        if let subject { fixed[.subject] = subject }
        if let replyTo { fixed[.reply_to] = String(replyTo) }
        if let forward { fixed[.forward] = String(forward) }
        try await ComposeFlow(workspace: workspace, options: options).run(
            base: DraftContent(
                kind: .pm, target: DraftTarget(recipient: user, replyTo: replyTo, forwardOf: forward),
                subject: subject ?? "", profile: ""),
            fixed: fixed)
    }
}
