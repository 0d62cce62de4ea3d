import Foundation

/// One forum engine's way of doing things over HTTP. Something Awful (and the sandbox, which
/// speaks the same protocol) is the first; another engine is another conforming type.
///
/// Sends return a `PostOutcome` and never throw: every way a send can end is a case of it.
/// Reads throw `ForumError`, which names the cause.
public protocol ForumAdapter: Sendable {
    /// Logs in; the session lands in the profile's cookie jar. The password goes to the forum only.
    func login(username: String, password: String) async throws(ForumError) -> Session
    /// Logs out at the forum (when it can be reached) and forgets the session either way;
    /// says whether the forum itself ended it.
    func logout() async -> ForumLogout
    /// Who the cookie jar says we are, checked with the forum; nil when logged out.
    func currentSession() async throws(ForumError) -> Session?
    /// Whether the cookie jar holds a session at all, answered without asking the forum.
    func hasSavedSession() async -> Bool

    func reply(_ reply: Reply) async -> PostOutcome
    /// The BBCode the forum pre-fills when quoting a post: `[quote="name" post="P"]...[/quote]`.
    func quote(postID: Int) async throws(ForumError) -> String
    /// The same for a post named with its thread (an engine whose posts are found only through
    /// their thread, Misago, needs it; the others ignore it).
    func quote(postID: Int, inThread thread: Int?) async throws(ForumError) -> String
    /// A post's current BBCode, as its edit form holds it.
    func postSource(postID: Int) async throws(ForumError) -> String
    func edit(postID: Int, bbcode: String) async -> PostOutcome
    /// An edit sent only while the post still holds `expecting` (read just before, what the edit
    /// was merged with): checked in the edit form fetched right before the POST, so a change made
    /// on the forum in between is not overwritten (issue 31); nil checks nothing.
    func edit(postID: Int, bbcode: String, expecting: String?) async -> PostOutcome
    func newThread(_ thread: NewThread) async -> PostOutcome
    /// The post icons (and a forum's second tag group) its new-thread form offers.
    func postIcons(forumID: Int) async throws(ForumError) -> [PostIcon]

    func send(_ message: PrivateMessage) async -> PostOutcome
    /// The BBCode the forum pre-fills when replying to a PM: `[quote]name wrote on DATE:...[/quote]`.
    func quotePrivateMessage(id: Int) async throws(ForumError) -> String
    func privateMessages(in folder: PrivateMessageFolder) async throws(ForumError) -> [PrivateMessageSummary]
    func privateMessage(id: Int) async throws(ForumError) -> PrivateMessageContent

    /// The forum's own rendering of a draft, without posting it.
    func preview(_ target: PreviewTarget, bbcode: String) async throws(ForumError) -> RenderedPreview
    func smilies() async throws(ForumError) -> [Smilie]

    /// For a send whose outcome was unknown: did it land?
    func reconcile(_ attempt: Attempt) async -> Reconciliation

    /// Before the editor opens: may this user write to the target, and what does it say there
    /// (the thread's latest posts, the PM answered)? Asks with the requests a send would make
    /// anyway. Never throws: every way it can end is a standing.
    func composeContext(_ target: ComposeTarget) async -> ComposeContext
}

extension ForumAdapter {
    public func quote(postID: Int, inThread thread: Int?) async throws(ForumError) -> String {
        try await quote(postID: postID)
    }

    /// An engine whose edit form does not carry the post's text checks nothing more.
    public func edit(postID: Int, bbcode: String, expecting: String?) async -> PostOutcome {
        await edit(postID: postID, bbcode: bbcode)
    }
}

/// What became of a session at the forum when Missive logged out (the local jar is forgotten
/// either way; whether that worked is the caller's to check).
public enum ForumLogout: Sendable, Equatable {
    /// The forum's answer ended the session (its cookies deleted, or it no longer knows us).
    case ended
    /// The jar held no session: there was nothing to end.
    case noSession
    /// The forum was not asked, or its answer did not end the session: it may stay open there
    /// until it expires. `reason` says why, in words.
    case notEnded(reason: String)
}
