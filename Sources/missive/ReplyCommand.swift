import ArgumentParser
import Compose
import Store

struct ReplyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reply",
        abstract: "Write a reply to a thread in your editor.",
        discussion: """
            Opens $EDITOR on a buffer with front matter and an empty body (or the template's). If a \
            draft for this thread is open already, it is reopened instead; --new starts another. \
            Prints the draft id.
            """)

    @Argument(help: ArgumentHelp("The thread id.", valueName: "thread"))
    var thread: Int64

    @Option(name: .long, help: ArgumentHelp("A post to quote (repeatable).", valueName: "post"))
    var quote: [Int64] = []

    @OptionGroup var options: ComposeOptions

    func validate() throws {
        try requirePositive(thread, "thread id")
        for post in quote { try requirePositive(post, "post id to quote") }
    }

    func run() async throws {
        let workspace = try Workspace.open()
        if !quote.isEmpty {
            Console.note("quoting posts needs the forum, which this build cannot reach yet; the draft starts without the quotes")
        }
        try await ComposeFlow(workspace: workspace, options: options).run(
            base: DraftContent(kind: .reply, target: DraftTarget(thread: thread), profile: ""),
            fixed: [.thread: String(thread)])
    }
}

/// Ids on the forum are positive numbers; anything else is a usage error before the store is touched.
func requirePositive(_ value: Int64, _ what: String) throws {
    if value <= 0 { throw ValidationError("the \(what) must be a positive number, not \(value)") }
}
