import Application
import Common
import Foundation

/// `missive preview --remote`: which of the forum's forms previews the post.
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

}
