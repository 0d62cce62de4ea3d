import Application
import ArgumentParser
import Compose

struct EditPostCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit-post",
        abstract: "Write a new version of one of your posts in your editor.",
        discussion: """
            Fetches the post's current BBCode from the forum and keeps it as the draft's first \
            revision (what an undo of the sent edit puts back), then opens your editor on it. The \
            draft is `format: bbcode`, so you edit the post exactly as the forum holds it; with \
            --format markdown the post sits in a ```bbcode fence (sent verbatim) and you can write \
            Markdown around it. If the forum cannot be reached, or you are not logged in, the draft \
            starts empty and a warning says how to fix it. Prints the draft id.

            POST is the post's id or its URL (showthread.php?goto=post&postid=..., a link ending in #post...).
            """)

    @Argument(help: ArgumentHelp("The post: its id or URL.", valueName: "post"))
    var post: String

    @OptionGroup var options: ComposeOptions

    @OptionGroup var fetch: FetchOptions

    @OptionGroup var delivery: DeliveryOptions

    func validate() throws {
        _ = try forumID(post, .post)
        try options.requireBodySource(fetching: true)
    }

    func run() async throws {
        let post = try forumID(post, .post)
        let workspace = try Workspace.open()
        // The post is BBCode already: a BBCode draft shows it as it is, with nothing to unwrap.
        let format = options.format ?? .bbcode
        let draft = try await workspace.composeDraft(options, forum: .postSource(post), timeout: fetch.timeout, delivery: delivery).run(
            base: DraftContent(kind: .edit, target: DraftTarget(post: post), format: format, profile: ""),
            fixed: [.post: String(post), .format: format.rawValue])
        try await delivery.deliver(draft, workspace: workspace)
    }
}
