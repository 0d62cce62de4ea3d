import Common
import Compose
import Store

/// `drafts diff`: what changed between a revision and the current text.
public struct DiffDraft: Sendable {
    let store: Store

    public init(store: Store) {
        self.store = store
    }

    /// The comparison made: `old` and `diff` are nil when the draft has only one revision;
    /// `diff` is "" when the revisions read the same.
    public struct Result: Equatable, Sendable {
        public var old: Int?
        public var new: Int
        public var diff: String?

        public init(old: Int?, new: Int, diff: String?) {
            self.old = old
            self.new = new
            self.diff = diff
        }
    }

    /// Without `revision`, the one before the current; when the current one is the first (after
    /// an undo), the newest, which the undo took back.
    public func run(_ id: Int64, revision: Int?) throws -> Result {
        let draft = try store.draft(id)
        // The same revisions `drafts history` lists: after an undo the current one may be the first,
        // with newer ones kept for redo.
        let newest = try store.revisions(of: id).map(\.number).max() ?? draft.revision
        let number = revision ?? (draft.revision > 1 ? draft.revision - 1 : newest)
        guard number != draft.revision || revision != nil else { return Result(old: nil, new: draft.revision, diff: nil) }
        let old = try store.revision(of: id, number: number)
        let current = try store.revision(of: id, number: draft.revision)
        let diff = LineDiff.unified(
            text(old), text(current), oldName: "draft \(id) revision \(number)",
            newName: "draft \(id) revision \(draft.revision) (current)")
        return Result(old: number, new: draft.revision, diff: diff)
    }

    private func text(_ revision: Revision) -> String {
        revision.raw ?? Buffer.render(revision.content)
    }
}
