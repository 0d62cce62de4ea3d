import Common
import Forum
import Foundation

/// What `read` shows: up to five pages of a thread, and where to read on.
public struct ThreadReading: Sendable {
    public var thread: Int
    public var title: String
    /// The pages read, in order; on `--new` the first page starts at the first unread post.
    public var pages: [ThreadPage]
    /// The thread's last page, as the forum counts them.
    public var lastPage: Int
    /// The page to ask for next, when pages remain beyond those read.
    public var nextPage: Int?
    /// `--new` found nothing unread (the forum led to the last post).
    public var nothingNew: Bool
    public var closed: Bool
    /// Who read it, as the forum says.
    public var reader: String?

    public var posts: [ThreadPost] { pages.flatMap(\.posts) }
}

/// `read THREAD [--new] [--page N] [--no-mark]`: a thread's posts, at most `maxPages` pages in one
/// go. Reading moves the forum's read position as a browser's visit does, unless told not to.
public struct ReadThread: Sendable {
    public static let maxPages = 5

    let forum: any ForumReader

    public init(forum: any ForumReader) {
        self.forum = forum
    }

    public enum Start: Sendable, Equatable {
        case page(Int)
        case firstUnread
    }

    public func run(_ reference: String, from start: Start, markRead: Bool) async throws -> ThreadReading {
        let thread = try ForumReference.parse(reference, as: .thread).id
        let marking: ReadMarking = markRead ? .markRead : .leaveUnread
        var first: ThreadPage
        switch start {
        case let .page(number):
            guard number >= 1 else { throw UseCaseError(.usage, "--page must be 1 or more, not \(number)") }
            first = try await forum.threadPage(thread, at: .page(number), marking: marking)
            if number > first.pages {
                throw UseCaseError(.noInput, "thread \(thread) has \(counted(first.pages, "page")); ask for one of them with --page")
            }
        case .firstUnread:
            first = try await forum.threadPage(thread, at: .firstUnread, marking: marking)
        }
        var nothingNew = false
        if start == .firstUnread {
            if let unread = first.posts.firstIndex(where: { !$0.seen }) {
                first.posts.removeFirst(unread)
            } else {
                // All read: the forum led to the last post; show it alone.
                nothingNew = true
                first.posts = Array(first.posts.suffix(1))
            }
        }
        var pages = [first]
        while !nothingNew, pages.count < Self.maxPages, let last = pages.last, last.page < last.pages {
            pages.append(try await forum.threadPage(thread, at: .page(last.page + 1), marking: marking))
        }
        let last = pages.last ?? first
        return ThreadReading(thread: thread, title: first.title, pages: pages, lastPage: last.pages,
                             nextPage: last.page < last.pages ? last.page + 1 : nil, nothingNew: nothingNew,
                             closed: first.closed, reader: first.reader)
    }
}
