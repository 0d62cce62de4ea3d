import Common
import Foundation

/// What the outbox refuses, each with a message that says what to do instead.
public enum OutboxError: MissiveError, Equatable {
    case noSuchItem(Int64)
    case corruptItem(Int64, String)
    /// The draft cannot become a Command yet (no thread, no recipient, empty, bad front matter).
    case draftNotReady(Int64, String)
    /// An edit draft still holds the markers of an edit conflict (`line` of its text).
    case unresolvedConflict(draft: Int64, line: Int, marker: String)
    case alreadyQueued(draft: Int64, revision: Int, item: Int64, state: String)
    case alreadySent(draft: Int64, revision: Int, item: Int64, where: String)
    case transition(item: Int64, TransitionError)
    /// The draft's revision was handed to a box already (`queue --via`): again only with `--again`.
    case alreadyHanded(draft: Int64, revision: Int, item: Int64, remote: String, remoteItem: Int64)
    /// An earlier revision of the draft may be on the forum already (it is sending, unknown, or
    /// on a box), so a newer one is not queued beside it: both could be posted.
    case earlierRevisionOut(draft: Int64, revision: Int, item: Int64, state: String, box: String?)
    /// Handing a revision to a box while an earlier one waits in this queue.
    case earlierRevisionWaiting(draft: Int64, revision: Int, item: Int64, state: String)
    /// Undo reached something the forum already has and cannot take back.
    case delivered(item: Int64, what: String, remedy: String)
    /// Undo or redo found the item changed since the history entry was written.
    case changedSince(item: Int64, state: String)
    case notLoggedIn(profile: String)
    /// The forum's bot check (Cloudflare) answered instead of the forum.
    case botCheck(profile: String)

    public var status: ExitStatus {
        switch self {
        case .noSuchItem: .noInput
        case .corruptItem, .draftNotReady, .unresolvedConflict, .alreadyQueued, .alreadySent, .changedSince, .alreadyHanded: .dataError
        case let .transition(_, error): error.status
        case .delivered, .notLoggedIn, .botCheck: .noPermission
        case let .earlierRevisionOut(_, _, _, _, box): box == nil ? .tempFailure : .dataError
        case .earlierRevisionWaiting: .dataError
        }
    }

    public var description: String {
        switch self {
        case let .noSuchItem(id):
            "outbox item \(id) does not exist (see `missive queue list`)"
        case let .corruptItem(id, why):
            "outbox item \(id) is damaged: \(why)"
        case let .draftNotReady(id, why):
            "draft \(id) cannot be queued: \(why)"
        case let .unresolvedConflict(draft, line, marker):
            "draft \(draft) cannot be queued: it still holds an edit conflict (line \(line) of its body is `\(marker)`). "
                + "Keep the lines you want between the markers, delete the marker lines, with `missive drafts edit \(draft)`; "
                + "then `missive queue \(draft)` sends it against the forum's text as it is then"
        case let .alreadyQueued(draft, revision, item, state):
            "draft \(draft) (revision \(revision)) is already outbox item \(item), which is \(state); "
                + "see `missive queue show \(item)`"
        case let .alreadySent(draft, revision, item, place):
            "draft \(draft) (revision \(revision)) was already sent as outbox item \(item) (\(place)); "
                + "nothing is sent twice: edit the draft to send a new version"
        case let .alreadyHanded(draft, revision, item, remote, remoteItem):
            "draft \(draft) (revision \(revision)) was already handed to \(remote) as outbox item \(item) (item \(remoteItem) there); "
                + "`missive queue list --refresh` shows how it stands there; to hand it once more, on purpose: "
                + "`missive queue \(draft) --via \(remote) --again`"
        case let .earlierRevisionOut(draft, revision, item, state, box?):
            "revision \(revision) of draft \(draft) was handed to \(box) as outbox item \(item) (\(state) there), so this revision "
                + "is not queued beside it: both could be posted. `missive queue cancel \(item)` calls it off on \(box); then queue "
                + "draft \(draft) again"
        case let .earlierRevisionOut(draft, revision, item, state, nil):
            "revision \(revision) of draft \(draft) is outbox item \(item), which is \(state): it may be on the forum already, so "
                + "this revision is not queued beside it. `missive send` settles it (`missive queue show \(item)` says how it stands); "
                + "if it did not go out, queue draft \(draft) again"
        case let .earlierRevisionWaiting(draft, revision, item, state):
            "revision \(revision) of draft \(draft) is outbox item \(item) here (\(state)), so this revision is not handed over "
                + "beside it: both could be posted. `missive queue cancel \(item)` calls it off; then hand draft \(draft) over again"
        case let .transition(item, error):
            "item \(item): \(error.description)"
        case let .delivered(item, what, remedy):
            "item \(item) was delivered: \(what). It cannot be taken back; \(remedy)"
        case let .changedSince(item, state):
            "item \(item) has changed since (it is \(state) now); nothing was changed"
        case let .notLoggedIn(profile):
            "not logged in to profile \(profile): run `missive login --profile \(profile)`; its items stay queued"
        case let .botCheck(profile):
            "the forum's bot check (Cloudflare) answered instead of the forum for profile \(profile); log in with a web "
                + "browser, export its cookies (cookies.txt) and run `missive login --profile \(profile) --cookies FILE`; "
                + "its items stay queued"
        }
    }
}
