import ArgumentParser
import Compose
import Store

struct DraftsDiff: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Show what changed between a revision and the current text (a unified diff).",
        discussion: """
            Without REV, compares the revision before the current one with the current one; when the \
            current one is the first (after `missive undo`), compares it with the newest, which undo took back.
            """)

    @Argument(help: ArgumentHelp("The draft id.", valueName: "id"))
    var id: Int64

    @Argument(help: ArgumentHelp("The revision to compare with the current text.", valueName: "rev"))
    var revision: Int?

    func run() async throws {
        let workspace = try Workspace.open(access: .readOnly)
        let draft = try workspace.store.draft(id)
        // The same revisions `drafts history` lists: after an undo the current one may be the first,
        // with newer ones kept for redo.
        let newest = try workspace.store.revisions(of: id).map(\.number).max() ?? draft.revision
        let number = revision ?? (draft.revision > 1 ? draft.revision - 1 : newest)
        guard number != draft.revision || revision != nil else {
            Console.note("draft \(id) has only one revision; nothing to compare")
            return
        }
        let old = try workspace.store.revision(of: id, number: number)
        let current = try workspace.store.revision(of: id, number: draft.revision)
        let diff = LineDiff.unified(
            text(old), text(current), oldName: "draft \(id) revision \(number)",
            newName: "draft \(id) revision \(draft.revision) (current)")
        if diff.isEmpty { Console.note("no differences") } else { Console.print(diff.trimmingTrailingNewlines()) }
    }

    private func text(_ revision: Revision) -> String {
        revision.raw ?? Buffer.render(revision.content)
    }
}
