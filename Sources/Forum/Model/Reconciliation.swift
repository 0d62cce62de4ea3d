import Common
import Foundation

/// A send whose outcome is unknown, described well enough to look for it on the forum.
///
/// `after` is the unknown outcome's `Evidence.reconcileAfter`, read before the POST: the thread's
/// last post (a reply), the forum's newest thread (a new thread) or the newest message in Sent
/// Items (a PM). Only posts and messages newer
/// than it can be this send, and only having looked back to it proves the send absent. Without
/// it (nil) reconcile cannot tell an older identical post from this one and stays undetermined.
public enum Attempt: Sendable, Equatable {
    case reply(threadID: Int, bbcode: String, after: Int? = nil)
    /// `before`: the post's text when the edit went out (read right before it), when known: a
    /// post that holds neither it nor ours was changed on the forum since, and reconcile merges
    /// to tell whether ours is in it (issue 31).
    case edit(postID: Int, bbcode: String, before: String? = nil)
    case newThread(forumID: Int, subject: String, bbcode: String, after: Int? = nil)
    case privateMessage(to: String, subject: String, bbcode: String, after: Int? = nil)
}

public enum Reconciliation: Sendable, Equatable {
    /// It is on the forum.
    case landed(Receipt)
    /// We looked where it would be and it is not there: it is safe to send again.
    case absent
    /// We could not look (the forum is down, the page unreadable): decide later.
    case undetermined(ForumError)
}

/// What the text of a post whose edit's answer was lost says about the edit.
public enum EditFound: Sendable, Equatable {
    /// It holds our text, or our change together with a change made on the forum since.
    case ours
    /// It still holds the text it had before our edit went out: ours did not land.
    case before
    /// Something else: changed on the forum since, and not so that our change is in it.
    case neither

    /// `same` compares two texts as the engine shows them. With the text before, a post that
    /// holds neither is merged three ways (base: before, ours, theirs: the post now): when that
    /// merge is the post itself, our change is in it.
    public static func decide(now: String, ours: String, before: String?, same: (String, String) -> Bool) -> EditFound {
        if same(now, ours) { return .ours }
        guard let before else { return .before }
        if same(now, before) { return .before }
        let base = LineMerge.normalized(before), theirs = LineMerge.normalized(now)
        let merge = LineMerge.merge(base: base, ours: LineMerge.normalized(ours), theirs: theirs)
        return merge.isClean && same(merge.text, theirs) ? .ours : .neither
    }

    /// The reconciliation, for a post `id` (`receipt` when ours is in it).
    public func reconciliation(_ receipt: Receipt, postID: Int) -> Reconciliation {
        switch self {
        case .ours: .landed(receipt)
        case .before: .absent
        case .neither:
            .undetermined(.unexpected(Evidence(Self.neitherSummary(postID))))
        }
    }

    static func neitherSummary(_ postID: Int) -> String {
        "post \(postID) holds neither the edit nor the text it had before it: it was changed on the forum since, "
            + "and whether the edit is in it cannot be told"
    }

    /// Whether a reconcile of an edit of `postID` settled nothing because the post holds
    /// neither side (as opposed to a forum that could not be asked).
    public static func isNeither(_ error: ForumError, postID: Int) -> Bool {
        if case let .unexpected(evidence) = error { evidence.summary == neitherSummary(postID) } else { false }
    }
}
