import Foundation

/// One forum engine's way of doing things over HTTP. Something Awful (and the sandbox, which
/// speaks the same protocol) is the first; another engine is another conforming type.
///
/// Sends return a `PostOutcome` and never throw: every way a send can end is a case of it.
/// Reads throw `ForumError`, which names the cause.
public protocol ForumAdapter: Sendable {
    /// Logs in; the session lands in the profile's cookie jar. The password goes to the forum only.
    func login(username: String, password: String) async throws(ForumError) -> Session
    /// Logs out at the forum (when it can be reached) and forgets the session either way.
    func logout() async
    /// Who the cookie jar says we are, checked with the forum; nil when logged out.
    func currentSession() async throws(ForumError) -> Session?

    func reply(_ reply: Reply) async -> PostOutcome
    /// The BBCode the forum pre-fills when quoting a post: `[quote="name" post="P"]...[/quote]`.
    func quote(postID: Int) async throws(ForumError) -> String
    /// A post's current BBCode, as its edit form holds it.
    func postSource(postID: Int) async throws(ForumError) -> String
    func edit(postID: Int, bbcode: String) async -> PostOutcome
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
}

public struct Session: Sendable, Equatable, Codable {
    public var userID: Int
    public var username: String?

    public init(userID: Int, username: String?) {
        self.userID = userID
        self.username = username
    }
}

/// Where a password comes from when the session has expired and the adapter may log in again.
/// A command with a terminal asks the user; the queued sender without one has none.
public protocol CredentialSource: Sendable {
    func password(for username: String) async -> String?
}

public struct Reply: Sendable, Equatable {
    public var threadID: Int
    public var bbcode: String
    /// The form's checkboxes; nil keeps what the forum pre-checked (bookmark follows the user's setting).
    public var bookmark: Bool?
    public var disableSmilies: Bool
    public var showSignature: Bool?

    public init(threadID: Int, bbcode: String, bookmark: Bool? = nil, disableSmilies: Bool = false, showSignature: Bool? = nil) {
        self.threadID = threadID
        self.bbcode = bbcode
        self.bookmark = bookmark
        self.disableSmilies = disableSmilies
        self.showSignature = showSignature
    }
}

public struct NewThread: Sendable, Equatable {
    public var forumID: Int
    public var subject: String
    public var bbcode: String
    /// A post icon id from `postIcons(forumID:)`; nil keeps the form's default (no icon).
    public var iconID: String?
    /// A second tag, for forums that have one: the radio group's name and the chosen value.
    public var secondaryTag: (group: String, id: String)?

    public init(forumID: Int, subject: String, bbcode: String, iconID: String? = nil, secondaryTag: (group: String, id: String)? = nil) {
        self.forumID = forumID
        self.subject = subject
        self.bbcode = bbcode
        self.iconID = iconID
        self.secondaryTag = secondaryTag
    }

    public static func == (lhs: NewThread, rhs: NewThread) -> Bool {
        lhs.forumID == rhs.forumID && lhs.subject == rhs.subject && lhs.bbcode == rhs.bbcode
            && lhs.iconID == rhs.iconID && lhs.secondaryTag?.group == rhs.secondaryTag?.group
            && lhs.secondaryTag?.id == rhs.secondaryTag?.id
    }
}

public struct PrivateMessage: Sendable, Equatable {
    public enum Relation: Sendable, Equatable {
        case new
        case reply(to: Int)
        case forward(of: Int)
    }

    public var to: String
    public var subject: String
    public var bbcode: String
    public var relation: Relation
    /// A post icon id; nil or "0" for none.
    public var iconID: String?

    public init(to: String, subject: String, bbcode: String, relation: Relation = .new, iconID: String? = nil) {
        self.to = to
        self.subject = subject
        self.bbcode = bbcode
        self.relation = relation
        self.iconID = iconID
    }

    /// The compose page's own length check.
    public static let lengthLimit = 100_000
}

public enum PrivateMessageFolder: String, Sendable, CaseIterable {
    case inbox, sent

    /// The forum's folder ids.
    var folderID: String {
        switch self {
        case .inbox: "0"
        case .sent: "-1"
        }
    }
}

public struct PrivateMessageSummary: Sendable, Equatable, Codable {
    public var id: Int
    public var subject: String
    /// The sender in the inbox, the recipient in Sent Items, as the folder shows it.
    public var correspondent: String
    /// As the forum prints it.
    public var date: String
    public var unread: Bool
    public var replied: Bool
    public var forwarded: Bool
}

public struct PrivateMessageContent: Sendable, Equatable, Codable {
    public var id: Int
    public var subject: String
    public var author: String
    public var date: String
    /// The message as a reader sees it (the forum sends it rendered, not as BBCode).
    public var text: String
}

public struct PostIcon: Sendable, Equatable, Codable {
    /// The radio group: `iconid` for post icons, or a forum's second tag group such as `tma_ama`.
    public var group: String
    public var id: String
    public var title: String
    public var imageURL: URL?
}

public struct Smilie: Sendable, Equatable, Codable {
    public var code: String
    public var group: String
    public var imageURL: URL?
    public var title: String?
}

public enum PreviewTarget: Sendable, Equatable {
    case reply(threadID: Int)
    case edit(postID: Int)
    case newThread(forumID: Int, subject: String)
}

public struct RenderedPreview: Sendable, Equatable {
    /// The `.postbody` markup as the forum rendered it.
    public var html: String
    /// The same, as text for a terminal.
    public var text: String
}

/// A send whose outcome is unknown, described well enough to look for it on the forum.
public enum Attempt: Sendable, Equatable {
    case reply(threadID: Int, bbcode: String)
    case edit(postID: Int, bbcode: String)
    case newThread(forumID: Int, subject: String, bbcode: String)
    case privateMessage(to: String, subject: String, bbcode: String)
}

public enum Reconciliation: Sendable, Equatable {
    /// It is on the forum.
    case landed(Receipt)
    /// We looked where it would be and it is not there: it is safe to send again.
    case absent
    /// We could not look (the forum is down, the page unreadable): decide later.
    case undetermined(ForumError)
}
