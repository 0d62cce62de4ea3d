import ArgumentParser
import Compose
import Store

struct DraftsDiff: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Show what changed between a revision and the current text (a unified diff).",
        discussion: """
            Without REV, compares the revision before the current one with the current one; when the \
            current one is the first (after `missive undo`), compares it with the newest, which undo took \
            back. In --json, diff is "" when nothing changed, and null (as old_revision is) when the draft \
            has only one revision.
            """)

    @Argument(help: ArgumentHelp("The draft id.", valueName: "id"))
    var id: Int64

    @Argument(help: ArgumentHelp("The revision to compare with the current text.", valueName: "rev"))
    var revision: Int?

    @Flag(name: .long, help: "Print JSON: draft, old_revision, new_revision, diff.")
    var json = false

    func run() async throws {
        let workspace = try Workspace.open(access: .readOnly)
        let draft = try workspace.store.draft(id)
        // The same revisions `drafts history` lists: after an undo the current one may be the first,
        // with newer ones kept for redo.
        let newest = try workspace.store.revisions(of: id).map(\.number).max() ?? draft.revision
        let number = revision ?? (draft.revision > 1 ? draft.revision - 1 : newest)
        guard number != draft.revision || revision != nil else {
            if json { return try printJSON(DiffJSON(draft: id, oldRevision: nil, newRevision: draft.revision, diff: nil)) }
            Console.note("draft \(id) has only one revision; nothing to compare")
            return
        }
        let old = try workspace.store.revision(of: id, number: number)
        let current = try workspace.store.revision(of: id, number: draft.revision)
        let diff = LineDiff.unified(
            text(old), text(current), oldName: "draft \(id) revision \(number)",
            newName: "draft \(id) revision \(draft.revision) (current)")
        if json { return try printJSON(DiffJSON(draft: id, oldRevision: number, newRevision: draft.revision, diff: diff)) }
        if diff.isEmpty { Console.note("no differences") } else { Console.print(diff.trimmingTrailingNewlines()) }
    }

    private func text(_ revision: Revision) -> String {
        revision.raw ?? Buffer.render(revision.content)
    }
}

/// What `drafts diff --json` prints: the unified diff as text, "" when the revisions are the same.
struct DiffJSON: Encodable {
    var draft: Int64
    @JSONNull var oldRevision: Int?
    var newRevision: Int
    @JSONNull var diff: String?
}
