import Application
import ArgumentParser

extension DraftsCommand {
    struct Diff: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "diff",
            abstract: "Show what changed between a revision and the current text (a unified diff).",
            discussion: """
                Without REV, compares the revision before the current one with the current one; when the \
                current one is the first (after `missive undo`), compares it with the newest, which undo took \
                back. The bodies are compared line by line; a front matter key that changed is one line above \
                them ("subject: old → new"); Missive's own comment is never shown. On a terminal the diff is \
                coloured as `git diff` colours one (not when piped, nor with NO_COLOR). In --json, diff is "" when nothing changed, and null (as old_revision is) when the draft \
                has only one revision.
                """)

        @Argument(help: ArgumentHelp("The draft id.", valueName: "id"), transform: DraftNumber.parse)
        var id: Int64

        @Argument(help: ArgumentHelp("The revision to compare with the current text.", valueName: "rev"))
        var revision: Int?

        @Flag(name: .long, help: "Print JSON: draft, old_revision, new_revision, diff.")
        var json = false

        func run() async throws {
            let workspace = try Workspace.open(access: .readOnly)
            let result = try workspace.diffDraft().run(id, revision: revision)
            if json { return try printJSON(DiffJSON(draft: id, oldRevision: result.old, newRevision: result.new, diff: result.diff)) }
            guard let diff = result.diff else { return Console.note("draft \(id) has only one revision; nothing to compare") }
            guard !diff.isEmpty else { return Console.note("no differences") }
            let text = diff.trimmingTrailingNewlines()
            Console.print(TableTerminal.colour() ? DiffPaint.paint(text) : text)
        }
    }
}

/// What `drafts diff --json` prints: the unified diff as text, "" when the revisions are the same.
/// Not `DiffDraft.Result`: it adds the draft's id, names the revisions, and leaves out fields and body.
struct DiffJSON: Encodable {
    var draft: Int64
    @JSONNull var oldRevision: Int?
    var newRevision: Int
    @JSONNull var diff: String?
}
