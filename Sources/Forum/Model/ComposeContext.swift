import Foundation

/// What a compose command is about to write to, asked of the forum before the editor opens.
public enum ComposeTarget: Sendable, Equatable {
    /// A reply to a thread; also what `reply --quote` writes to (the quote's thread).
    case reply(threadID: Int)
    /// An edit of one post.
    case edit(postID: Int)
    /// A new thread in a forum (a Misago category).
    case newThread(forumID: Int)
    /// A private message: nil for a new one, else the message answered or forwarded.
    case privateMessage(replyingTo: Int?)
}

/// One post shown under the editor's cut line: what the user is answering.
public struct ContextPost: Sendable, Equatable {
    /// The post's (or private message's) id, when the forum gave it.
    public var id: Int?
    public var author: String
    /// The author's role as the forum names it ("Administrator"), when it names one.
    public var role: String?
    /// The date as the forum writes it, in the forum's own time ("Nov 27, 2026 14:02").
    public var date: String
    /// The post as readable text: quotes as "> " lines, smilies as their codes, images as `[img]`.
    public var text: String

    /// Its author is on the reader's ignore list: the forum hides the text (then empty).
    public var ignored: Bool

    public init(id: Int?, author: String, role: String? = nil, date: String, text: String, ignored: Bool = false) {
        self.id = id
        self.author = author
        self.role = role
        self.date = date
        self.text = text
        self.ignored = ignored
    }
}

/// Whether the forum lets this user write to the target, as far as its answer proves.
public enum ComposeStanding: Sendable, Equatable {
    /// The form is there: writing may go ahead.
    case open
    /// The forum's page proves the target itself is refused (closed, missing, not allowed, ...).
    case refused(Rejection)
    /// The session is gone or expired (`.notLoggedIn`), or a bot check answered (`.botCheck`):
    /// nothing is known about the target until the user logs in again.
    case sessionInDoubt(Rejection)
    /// The forum could not be reached or read (refused connection, timeout, 5xx, database error,
    /// an unreadable page); the text says why. Writing may go ahead: the send will find out.
    case unchecked(String)

    /// The standing a failed read of the forum proves. Only the refusals of the target itself are
    /// `refused`; anything the page cannot prove (a forum error in its own words, a user name the
    /// form cannot check, an expired form token) is `unchecked`, never a refusal.
    public init(_ error: ForumError) {
        switch error {
        case let .rejected(rejection):
            switch rejection {
            case .notLoggedIn, .botCheck:
                self = .sessionInDoubt(rejection)
            case .threadClosed, .doesNotExist, .noPermission, .banned, .probation, .platinumRequired, .archivesRequired,
                 .untrustedCertificate:
                self = .refused(rejection)
            case .noSuchUser, .wrongPassword, .tooLong, .invalid, .forumError, .securityTokenExpired:
                self = .unchecked(rejection.description)
            }
        case let .retryLater(_, reason):
            self = .unchecked(reason.description)
        case let .unexpected(evidence):
            self = .unchecked(evidence.description)
        }
    }
}

/// The forum's answer to "may I write to this target, and what does it say there?".
public struct ComposeContext: Sendable, Equatable {
    public var standing: ComposeStanding
    /// What the target says, oldest first and newest last (the thread's latest posts, the PM
    /// answered); empty when the forum shows none or could not be read.
    public var posts: [ContextPost]
    /// The thread's title as the forum shows it, for a reply (nil when the page names none).
    public var title: String?

    public init(standing: ComposeStanding, posts: [ContextPost] = [], title: String? = nil) {
        self.standing = standing
        self.posts = posts
        self.title = title
    }

    /// A read that failed: its standing, no posts.
    public init(_ error: ForumError) {
        self.init(standing: ComposeStanding(error))
    }
}
