import Forum
import Foundation

/// One operation on the forum, as a value the outbox stores (JSON) and a sender executes later.
/// The BBCode is fixed when the item is queued, so what is sent is what was queued, even if the
/// draft is edited afterwards.
public enum ForumCommand: Sendable, Equatable, Codable {
    case reply(threadID: Int, bbcode: String)
    case privateMessage(to: String, subject: String, bbcode: String, replyTo: Int? = nil, forwardOf: Int? = nil, iconID: String? = nil)
    /// `tag` is the second tag as the draft names it (value or title), resolved against the form
    /// when it is sent. Items stored before it existed have no `tag` key and decode as nil.
    case newThread(forumID: Int, subject: String, bbcode: String, iconID: String? = nil, tag: String? = nil)
    /// `previous` is the post's text before the edit, read again right before each attempt:
    /// what undo puts back. `base` is the post's text the edit was written against (the draft's
    /// base): when the forum's text is no longer that, the send merges (`EditMerge`). Items stored
    /// before it existed have no `base` key, decode as nil, and are sent unmerged as before.
    case edit(postID: Int, bbcode: String, previous: String? = nil, base: String? = nil)

    /// Sends it. Every way this can end is a `PostOutcome`; nothing throws.
    public func execute(on adapter: any ForumAdapter) async -> PostOutcome {
        switch self {
        case let .reply(threadID, bbcode):
            return await adapter.reply(Reply(threadID: threadID, bbcode: bbcode))
        case let .privateMessage(to, subject, bbcode, replyTo, forwardOf, iconID):
            let relation: PrivateMessage.Relation = replyTo.map { .reply(to: $0) } ?? forwardOf.map { .forward(of: $0) } ?? .new
            return await adapter.send(PrivateMessage(to: to, subject: subject, bbcode: bbcode, relation: relation, iconID: iconID))
        case let .newThread(forumID, subject, bbcode, iconID, tag):
            return await adapter.newThread(NewThread(forumID: forumID, subject: subject, bbcode: bbcode, iconID: iconID,
                                                     secondaryTag: tag))
        case let .edit(postID, bbcode, previous, base):
            // An edit that keeps its base was merged with `previous`, read just before: it goes
            // out only while the post still holds that (issue 31: the window between is closed).
            return await adapter.edit(postID: postID, bbcode: bbcode, expecting: base == nil ? nil : previous)
        }
    }

    /// What to look for on the forum when the outcome of a send is unknown; `marker` is an id
    /// read before the send (only what is newer can be it).
    public func attempt(after marker: Int64?) -> Attempt {
        let after = marker.flatMap { Int(exactly: $0) }
        return switch self {
        case let .reply(threadID, bbcode): .reply(threadID: threadID, bbcode: bbcode, after: after)
        case let .privateMessage(to, subject, bbcode, _, _, _): .privateMessage(to: to, subject: subject, bbcode: bbcode, after: after)
        case let .newThread(forumID, subject, bbcode, _, _): .newThread(forumID: forumID, subject: subject, bbcode: bbcode, after: after)
        // The post as it was right before the edit went out (read by `prepareEdit`): reconcile
        // merges with it when the post has changed since.
        case let .edit(postID, bbcode, previous, _): .edit(postID: postID, bbcode: bbcode, before: previous)
        }
    }

    /// The command that takes this one back once it is delivered, where the forum allows one:
    /// only an edit, by editing the post back. A reply, a PM or a thread cannot be unsent.
    /// Its base is what this one left on the forum, so a change made there since is merged with,
    /// not undone along with ours.
    public var undo: ForumCommand? {
        guard case let .edit(postID, bbcode, previous?, _) = self else { return nil }
        return .edit(postID: postID, bbcode: previous, previous: bbcode, base: bbcode)
    }

    /// reply, pm, thread or edit: the draft kinds.
    public var kind: String {
        switch self {
        case .reply: "reply"
        case .privateMessage: "pm"
        case .newThread: "thread"
        case .edit: "edit"
        }
    }

    /// For people: "reply to thread 3500001", "PM to Zoë: hello".
    public var summary: String {
        switch self {
        case let .reply(threadID, _): "reply to thread \(threadID)"
        case let .privateMessage(to, subject, _, _, _, _): "PM to \(to): \(subject)"
        case let .newThread(forumID, subject, _, _, _): "new thread in forum \(forumID): \(subject)"
        case let .edit(postID, _, _, _): "edit of post \(postID)"
        }
    }

    /// Where it lands: two items with one key are reconciled in turn (an unknown one is checked
    /// before another goes to the same place, so that the check looks at the right posts).
    public var targetKey: String {
        switch self {
        case let .reply(threadID, _): "thread/\(threadID)"
        case .privateMessage: "pm/sent"
        case let .newThread(forumID, _, _, _, _): "forum/\(forumID)"
        case let .edit(postID, _, _, _): "post/\(postID)"
        }
    }

    /// The forum's flood control counts posts (replies and new threads) and private messages
    /// apart, per account; an edit is not limited.
    public var floodChannel: String? {
        switch self {
        case .reply, .newThread: "posts"
        case .privateMessage: "messages"
        case .edit: nil
        }
    }

    public var bbcode: String {
        switch self {
        case let .reply(_, bbcode), let .privateMessage(_, _, bbcode, _, _, _), let .newThread(_, _, bbcode, _, _),
             let .edit(_, bbcode, _, _):
            bbcode
        }
    }

    /// The same edit with the post's text before it recorded.
    func remembering(previous text: String) -> ForumCommand {
        guard case let .edit(postID, bbcode, _, base) = self else { return self }
        return .edit(postID: postID, bbcode: bbcode, previous: text, base: base)
    }

    /// Replies, threads and PMs are looked for among what is newer than a marker read before the send.
    var needsMarker: Bool {
        switch self {
        case .reply, .privateMessage, .newThread: true
        case .edit: false
        }
    }

    var needsPreviousText: Bool {
        if case .edit(_, _, nil, _) = self { return true }
        return false
    }

    func encoded() throws -> String {
        String(decoding: try JSONEncoder().encode(self), as: UTF8.self)
    }

    static func decode(_ json: String, item: Int64) throws(OutboxError) -> ForumCommand {
        do {
            return try JSONDecoder().decode(ForumCommand.self, from: Data(json.utf8))
        } catch {
            throw .corruptItem(item, "its command cannot be read (\(error))")
        }
    }
}
