import Foundation

/// What reading the forum returns: bookmarked threads with their unread counts, a thread's page
/// of posts, the ignore list.

/// A thread on the member's bookmark list.
public struct BookmarkedThread: Sendable, Equatable, Codable {
    public var thread: Int
    public var title: String
    /// Posts after the member's read position; nil when the forum does not say (a thread never
    /// opened: the list shows no read marker for it). 0 when everything is read.
    public var unread: Int?
    public var closed: Bool
    /// Every post in the thread (its replies and the first), when the list says.
    public var posts: Int?

    public init(thread: Int, title: String, unread: Int?, closed: Bool = false, posts: Int? = nil) {
        self.thread = thread
        self.title = title
        self.unread = unread
        self.closed = closed
        self.posts = posts
    }
}

/// Which page of a thread to read.
public enum ThreadPosition: Sendable, Equatable {
    /// Page N (1 is the first).
    case page(Int)
    /// The page holding the first post the member has not read, as the forum's "new posts" link.
    case firstUnread
    /// The page holding the thread's post number N (1 is the first), when a list said how many
    /// posts there are and how many are unread: no request to find the page.
    case post(number: Int)
}

/// Whether reading moves the forum's read position, as a browser's visit does.
public enum ReadMarking: Sendable, Equatable {
    case markRead
    case leaveUnread
}

/// One post on a thread page.
public struct ThreadPost: Sendable, Equatable, Codable {
    public var id: Int
    /// Its place in the thread (1 is the first post), when the page says.
    public var index: Int?
    public var author: String
    /// As the forum prints it, in the forum's time.
    public var date: String
    /// The post as readable text (quotes as "> " lines under "NAME posted:", smilies as codes,
    /// images and links as addresses); nil when its author is ignored (the forum hides it).
    public var text: String?
    /// It quotes the member reading.
    public var quotesYou: Bool
    public var ignored: Bool
    /// The member had read it before this visit.
    public var seen: Bool

    public init(id: Int, index: Int?, author: String, date: String, text: String?, quotesYou: Bool, ignored: Bool, seen: Bool) {
        self.id = id
        self.index = index
        self.author = author
        self.date = date
        self.text = text
        self.quotesYou = quotesYou
        self.ignored = ignored
        self.seen = seen
    }
}

/// One page of a thread as the member sees it.
public struct ThreadPage: Sendable, Equatable {
    public var thread: Int
    public var title: String
    public var page: Int
    public var pages: Int
    public var posts: [ThreadPost]
    /// Who the forum says is reading (its `loggedinusername`), when it says.
    public var reader: String?
    public var closed: Bool

    public init(thread: Int, title: String, page: Int, pages: Int, posts: [ThreadPost], reader: String?, closed: Bool) {
        self.thread = thread
        self.title = title
        self.page = page
        self.pages = pages
        self.posts = posts
        self.reader = reader
        self.closed = closed
    }

    /// The first post the member had not read, on this page.
    public var firstUnread: ThreadPost? { posts.first { !$0.seen } }
}

/// Reading the forum as a member: bookmarks, thread pages, the ignore list. Separate from
/// `ForumAdapter` so that an engine can post before it can read; reads throw `ForumError`.
public protocol ForumReader: Sendable {
    /// The bookmark list, every page of it (at most `limit` threads).
    func bookmarks(limit: Int) async throws(ForumError) -> [BookmarkedThread]
    func setBookmark(thread: Int, _ bookmarked: Bool) async throws(ForumError)
    func threadPage(_ thread: Int, at position: ThreadPosition, marking: ReadMarking) async throws(ForumError) -> ThreadPage
    /// The names on the ignore list.
    func ignoreList() async throws(ForumError) -> [String]
    /// Replaces the ignore list; answers the list as the forum keeps it afterwards.
    func setIgnoreList(_ names: [String]) async throws(ForumError) -> [String]
    /// The address a person opens for a thread (at its first unread post).
    func threadURL(_ thread: Int, firstUnread: Bool) -> URL
    /// The address of a private message.
    func privateMessageURL(_ id: Int) -> URL
}
