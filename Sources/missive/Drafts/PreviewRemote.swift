import Common
import Forum
import Foundation
import Store

/// `missive preview --remote`: the forum's own rendering of a post, asked for through the
/// profile's adapter with the Preview button of the form the post would be sent from.
enum RemotePreview {
    /// The form to preview with: `--thread` when given, else where the draft or buffer goes.
    static func target(for source: PreviewSource, thread: Int?) throws(PreviewError) -> PreviewTarget {
        if let thread { return .reply(threadID: thread) }
        switch source.kind {
        case nil:
            throw .noRemoteTarget(source.title)
        case .reply?:
            guard let thread = source.target.thread else { throw .incompleteTarget(source.title, missing: "thread") }
            return .reply(threadID: Int(thread))
        case .edit?:
            guard let post = source.target.post else { throw .incompleteTarget(source.title, missing: "post") }
            return .edit(postID: Int(post))
        case .thread?:
            guard let forum = source.target.forum else { throw .incompleteTarget(source.title, missing: "forum") }
            return .newThread(forumID: Int(forum), subject: source.subject)
        case .pm?:
            throw .remotePrivateMessage
        }
    }

    /// Asks the forum. A session that has expired is renewed by asking for the password when
    /// there is a terminal; otherwise the forum's refusal is the answer.
    static func fetch(_ bbcode: String, target: PreviewTarget, profile: Profile, paths: MissivePaths,
                      timeout: Int) async throws -> RenderedPreview {
        let adapter = try ForumConnection.adapter(for: profile, paths: paths, timeout: timeout,
                                                  credentials: TerminalPassword.ifInteractive())
        return try await adapter.preview(target, bbcode: bbcode)
    }
}
