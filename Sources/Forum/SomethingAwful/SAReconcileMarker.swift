import Foundation

/// A reconcile marker read on its own, before a send. The adapter reads one itself right before
/// each POST and hands it back with an unknown outcome; a caller that must also settle a send
/// whose answer it never got (the outbox, after its process was killed mid-send) reads one first
/// and records it before anything is posted. An older marker stays valid: it only makes
/// reconcile look back further.
public protocol ReconcileMarkers: Sendable {
    /// The newest id that is surely not this send's: a reply's thread's last post, the newest
    /// message in Sent Items for a PM, the forum's newest thread for a new thread; nil for edits,
    /// which reconcile without one.
    func reconcileMarker(for attempt: Attempt) async throws(ForumError) -> Int?
}

extension SomethingAwfulAdapter: ReconcileMarkers {
    public func reconcileMarker(for attempt: Attempt) async throws(ForumError) -> Int? {
        switch attempt {
        case let .reply(threadID, _, _):
            return try await newestPostID(threadID: threadID)
        case .privateMessage:
            return try await newestSentMessageID()
        case let .newThread(forumID, _, _, _):
            return try await newestThreadID(forumID: forumID)
        case .edit:
            return nil
        }
    }
}
