import ArgumentParser
import Compose
import Store

struct EditPostCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit-post",
        abstract: "Write a new version of one of your posts in your editor.",
        discussion: """
            The draft records the post; fetching its current text needs the forum, which comes later, \
            so the body starts empty (or from --body-file). Prints the draft id.
            """)

    @Argument(help: ArgumentHelp("The post id.", valueName: "post"))
    var post: Int64

    @OptionGroup var options: ComposeOptions

    func validate() throws {
        try requirePositive(post, "post id")
    }

    func run() async throws {
        let workspace = try Workspace.open()
        try await ComposeFlow(workspace: workspace, options: options).run(
            base: DraftContent(kind: .edit, target: DraftTarget(post: post), profile: ""),
            fixed: [.post: String(post)])
    }
}
