import Application
import ArgumentParser
import Compose

struct ReplyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reply",
        abstract: "Write a reply to a thread in your editor.",
        discussion: """
            Opens $EDITOR on a buffer with front matter and an empty body (or the template's). If a \
            draft for this thread is open already, it is reopened instead; --new starts another. \
            Prints the draft id.

            --quote fetches each post's quote from the forum, as BBCode, and starts the body with \
            it. In a Markdown draft each quote sits in a ```bbcode fence, which the converter sends \
            exactly as the forum gave it; write your reply below. Quoting into an open draft adds \
            the quotes at its end. If the forum cannot be reached, or you are not logged in, the \
            draft is made without the quotes and a warning says how to fix it.

            THREAD and POST are ids or the forum's URLs for them (showthread.php?threadid=..., \
            showthread.php?goto=post&postid=..., a link ending in #post...).
            """)

    @Argument(help: ArgumentHelp("The thread: its id or URL.", valueName: "thread"))
    var thread: String

    @Option(name: .long, help: ArgumentHelp("A post to quote, by id or URL (repeatable).", valueName: "post"))
    var quote: [String] = []

    @OptionGroup var options: ComposeOptions

    @OptionGroup var fetch: FetchOptions

    @OptionGroup var delivery: DeliveryOptions

    func validate() throws {
        _ = try forumID(thread, .thread)
        for post in quote { _ = try forumID(post, .post) }
        try options.requireBodySource(fetching: !quote.isEmpty)
    }

    func run() async throws {
        let thread = try forumID(thread, .thread)
        // A Misago post URL names its thread; a bare id is looked for in the thread replied to.
        let posts = try quote.map { QuotedPost(try forumID($0, .post), thread: MisagoPostAddress(url: $0).map { Int64($0.threadID) } ?? thread) }
        let workspace = try Workspace.open()
        let draft = try await workspace.composeDraft(
            options, forum: posts.isEmpty ? nil : .quotedPosts(posts), timeout: fetch.timeout, delivery: delivery).run(
            base: DraftContent(kind: .reply, target: DraftTarget(thread: thread), profile: ""),
            fixed: [.thread: String(thread)])
        try await delivery.deliver(draft, workspace: workspace)
    }
}
