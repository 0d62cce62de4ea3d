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
    case edit(postID: Int, bbcode: String)
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
