import Foundation

/// The four things a draft can become on the forum.
public enum DraftKind: String, CaseIterable, Codable, Sendable {
    case reply, pm, thread, edit
}

/// How the body is written: converted from Markdown, or sent as BBCode as it is.
public enum DraftFormat: String, CaseIterable, Codable, Sendable {
    case markdown, bbcode
}

/// Where a draft goes. Which fields apply depends on the kind:
/// reply → thread; pm → recipient (plus replyTo or forwardOf); thread → forum (+ icon, tag); edit → post.
public struct DraftTarget: Equatable, Hashable, Codable, Sendable {
    public var thread: Int64?
    public var post: Int64?
    public var forum: Int64?
    public var icon: Int64?
    public var recipient: String?
    /// The private message being answered.
    public var replyTo: Int64?
    /// The private message being forwarded.
    public var forwardOf: Int64?
    /// A new thread's second tag (Ask/Tell's AMA, SA-Mart's selling...): a value or title of the
    /// forum's form, checked against it when the thread is sent.
    public var tag: String?

    public init(
        thread: Int64? = nil, post: Int64? = nil, forum: Int64? = nil, icon: Int64? = nil,
        recipient: String? = nil, replyTo: Int64? = nil, forwardOf: Int64? = nil, tag: String? = nil
    ) {
        self.thread = thread
        self.post = post
        self.forum = forum
        self.icon = icon
        self.recipient = recipient
        self.replyTo = replyTo
        self.forwardOf = forwardOf
        self.tag = tag
    }

    /// The identity used for "one unsent draft per target", after Awful.app's draft keys.
    public func key(for kind: DraftKind) -> String {
        switch kind {
        case .reply: "reply/\(thread.map(String.init) ?? "")"
        case .edit: "edit/\(post.map(String.init) ?? "")"
        case .thread: "thread/\(forum.map(String.init) ?? "")"
        case .pm:
            if let replyTo { "pm/replying/\(replyTo)" }
            else if let forwardOf { "pm/forwarding/\(forwardOf)" }
            else { "pm/to/\((recipient ?? "").lowercased())" }
        }
    }

    /// A short human description: "thread 3507451", "PM to SomeGoon".
    public func describe(_ kind: DraftKind) -> String {
        switch kind {
        case .reply: "thread \(thread.map(String.init) ?? "?")"
        case .edit: "post \(post.map(String.init) ?? "?")"
        case .thread: "forum \(forum.map(String.init) ?? "?")"
        case .pm: "PM to \(recipient ?? "?")"
        }
    }
}

/// Everything a person writes in a draft: what a revision records and the buffer shows.
public struct DraftContent: Equatable, Codable, Sendable {
    public var kind: DraftKind
    public var target: DraftTarget
    public var subject: String
    public var body: String
    public var format: DraftFormat
    public var profile: String

    public init(
        kind: DraftKind, target: DraftTarget, subject: String = "", body: String = "",
        format: DraftFormat = .markdown, profile: String
    ) {
        self.kind = kind
        self.target = target
        self.subject = subject
        self.body = body
        self.format = format
        self.profile = profile
    }

    public var targetKey: String { target.key(for: kind) }
}
