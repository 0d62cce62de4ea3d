import Compose
import Store

/// How the outcome of a save is told: the draft id as the result (for scripts), the rest as notes.
public struct SaveReport: Sendable {
    let console: any ConsoleOutput
    /// The command queues or sends the draft next (`--queue`, `--send`), and says so itself.
    let delivering: Bool
    /// The item of a draft that waits in the outbox, and the revision it holds: a new revision
    /// saved does not change what it sends, which is said (nil: not asked).
    let waitingItem: (@Sendable (Int64) -> (item: Int64, revision: Int)?)?

    public init(console: any ConsoleOutput, delivering: Bool = false,
                waitingItem: (@Sendable (Int64) -> (item: Int64, revision: Int)?)? = nil) {
        self.console = console
        self.delivering = delivering
        self.waitingItem = waitingItem
    }

    public func created(_ draft: Draft) {
        console.print(String(draft.id))
        let created = "created draft \(draft.id): \(draft.content.kind.rawValue), \(draft.content.target.describe(draft.content.kind))"
        console.note(delivering ? created : created + "; `missive preview \(draft.id)` shows it, `missive queue \(draft.id)` sends it")
    }

    public func save(_ result: SaveResult) {
        switch result {
        case let .unchanged(draft):
            console.print(String(draft.id))
            console.note("draft \(draft.id) is unchanged")
        case let .saved(draft, concurrent):
            console.print(String(draft.id))
            console.note("saved draft \(draft.id) as revision \(draft.revision)")
            if !delivering, let waiting = waitingItem?(draft.id), waiting.revision != draft.revision {
                console.note("the outbox still holds revision \(waiting.revision) as item \(waiting.item): `missive queue \(draft.id)` "
                    + "puts revision \(draft.revision) in its place")
            }
            if concurrent {
                console.note("another session saved draft \(draft.id) while you were editing; both texts are revisions "
                    + "(see `missive drafts history \(draft.id)`)")
            }
        }
    }

    @discardableResult
    public func session(_ result: SessionResult) throws -> Draft? {
        let draft: Draft
        switch result.outcome {
        case .discarded:
            console.note("the body was empty, so the new draft was discarded")
            return nil
        case let .emptied(same):
            console.note("the buffer was emptied, so nothing was saved: draft \(same.id) keeps revision \(same.revision) "
                + "(`missive drafts rm \(same.id)` deletes it)")
            return nil
        case let .created(new):
            created(new)
            draft = new
        case let .saved(saved, concurrent):
            save(.saved(saved, concurrent: concurrent))
            draft = saved
        case let .unchanged(same):
            save(.unchanged(same))
            draft = same
        }
        if let problem = result.problem {
            throw UseCaseError(.dataError, "the front matter still has errors (\(problem)); the text is kept in draft "
                + "\(draft.id), flagged: fix it with `missive drafts edit \(draft.id)`")
        }
        return draft
    }
}
