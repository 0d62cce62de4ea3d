import Common
import Forum
import Foundation
import Outbox
import Store

/// What `status` found: what needs the user, in four parts. A part the forum (or the store)
/// could not give says why, and the others still show.
public struct StatusReport: Sendable {
    /// A part of the report: what was found, or why it could not be.
    public enum Part<Value: Sendable>: Sendable {
        case found(Value)
        /// Why it could not be had, and the exit status that says so.
        case unavailable(String, ExitStatus)

        public var value: Value? {
            if case let .found(value) = self { return value }
            return nil
        }
    }

    public struct Message: Sendable, Equatable {
        public var id: Int
        public var from: String
        public var subject: String
        public var date: String
        public var url: URL
    }

    public struct Thread: Sendable, Equatable {
        public var thread: Int
        public var title: String
        public var unread: Int
        /// Every post in the thread, as the list counts them (nil when it does not).
        public var posts: Int?
        public var url: URL
    }

    public struct Quote: Sendable, Equatable {
        public var thread: Int
        public var title: String
        public var post: Int
        public var author: String
        public var url: URL
    }

    public struct Quotes: Sendable, Equatable {
        public var quotes: [Quote]
        /// Threads with news whose first unread page was read for quotes.
        public var scanned: Int
        /// Threads with news left unscanned (beyond `CheckStatus.scanLimit`), only counted.
        public var notScanned: Int
        /// Threads whose page could not be read, with why.
        public var failures: [String]
    }

    public struct OutboxNews: Sendable, Equatable {
        /// Failed, held and unknown items of this profile, newest first.
        public var needsYou: [OutboxListing]
        /// The item that is due next, if any.
        public var nextDue: OutboxListing?
    }

    public var profile: String
    public var messages: Part<[Message]>
    public var threads: Part<[Thread]>
    public var quotes: Part<Quotes>
    public var outbox: Part<OutboxNews>

    /// The parts that could not be had: their names (as `--json` names them), why, and the
    /// exit status each names.
    public var unavailableParts: [(name: String, reason: String, status: ExitStatus)] {
        var parts: [(String, String, ExitStatus)] = []
        if case let .unavailable(reason, status) = messages { parts.append(("messages", reason, status)) }
        if case let .unavailable(reason, status) = threads { parts.append(("threads", reason, status)) }
        if case let .unavailable(reason, status) = quotes { parts.append(("quotes", reason, status)) }
        if case let .unavailable(reason, status) = outbox { parts.append(("outbox", reason, status)) }
        return parts
    }
}

/// `status`: unread private messages, bookmarked threads with new posts, the posts among those
/// that quote the user, and the outbox items that need them. Costs the bookmarks page, the inbox
/// page and one page per thread with news (at most `scanLimit`; the page the list's counts name,
/// where the list gives them). Only looks: read positions stay
/// where they were (`noseen=1`) and no message is opened.
public struct CheckStatus: Sendable {
    public static let scanLimit = 10

    let profile: String
    let reader: any ForumReader
    let forum: any ForumAdapter
    let outbox: @Sendable () throws -> [OutboxListing]

    /// `outbox` lists this profile's items in the states that matter (see `CheckStatus.outboxStates`).
    public init(profile: String, reader: any ForumReader, forum: any ForumAdapter,
                outbox: @escaping @Sendable () throws -> [OutboxListing]) {
        self.profile = profile
        self.reader = reader
        self.forum = forum
        self.outbox = outbox
    }

    public static let outboxStates = ["failed", "held", "unknown", "queued", "pending", "retrying"]

    public func run() async -> StatusReport {
        async let messages = self.messages()
        async let threads = self.threads()
        let bookmarked = await threads
        let quotes: StatusReport.Part<StatusReport.Quotes> = switch bookmarked {
        case let .found(news): .found(await scan(news))
        case let .unavailable(_, status): .unavailable("the bookmarks could not be read", status)
        }
        return StatusReport(profile: profile, messages: await messages, threads: bookmarked, quotes: quotes, outbox: outboxNews())
    }

    private func messages() async -> StatusReport.Part<[StatusReport.Message]> {
        do {
            let inbox = try await forum.privateMessages(in: .inbox)
            return .found(inbox.filter(\.unread).map {
                StatusReport.Message(id: $0.id, from: $0.correspondent, subject: $0.subject, date: $0.date,
                                     url: reader.privateMessageURL($0.id))
            })
        } catch {
            return .unavailable(error.description, error.status)
        }
    }

    private func threads() async -> StatusReport.Part<[StatusReport.Thread]> {
        do {
            let bookmarks = try await reader.bookmarks(limit: ListBookmarks.limit)
            return .found(bookmarks.compactMap { mark -> StatusReport.Thread? in
                guard let unread = mark.unread, unread > 0 else { return nil }
                return StatusReport.Thread(thread: mark.thread, title: mark.title, unread: unread, posts: mark.posts,
                                           url: reader.threadURL(mark.thread, firstUnread: true))
            })
        } catch {
            return .unavailable(error.description, error.status)
        }
    }

    /// The first unread page of each thread with news (the first `scanLimit`), for posts that
    /// quote the user; read with `noseen=1`.
    private func scan(_ threads: [StatusReport.Thread]) async -> StatusReport.Quotes {
        var quotes: [StatusReport.Quote] = []
        var failures: [String] = []
        let scanned = Array(threads.prefix(Self.scanLimit))
        for thread in scanned {
            do {
                // The list's counts name the first unread post's page: one request per thread.
                let position: ThreadPosition = thread.posts.map { .post(number: max($0 - thread.unread + 1, 1)) } ?? .firstUnread
                let page = try await reader.threadPage(thread.thread, at: position, marking: .leaveUnread)
                for post in page.posts where !post.seen && post.quotesYou {
                    quotes.append(StatusReport.Quote(thread: thread.thread, title: thread.title, post: post.id,
                                                     author: post.author, url: thread.url))
                }
            } catch {
                failures.append("thread \(thread.thread): \(error.description)")
            }
        }
        return StatusReport.Quotes(quotes: quotes, scanned: scanned.count - failures.count,
                                   notScanned: max(threads.count - Self.scanLimit, 0), failures: failures)
    }

    private func outboxNews() -> StatusReport.Part<StatusReport.OutboxNews> {
        do {
            let items = try outbox().filter { $0.profile == profile }
            let needsYou = items.filter { ["failed", "held", "unknown"].contains($0.state) }
            let nextDue = items.filter { ["queued", "pending", "retrying"].contains($0.state) && $0.due != nil }
                .min { ($0.due ?? "") < ($1.due ?? "") }
            return .found(StatusReport.OutboxNews(needsYou: needsYou, nextDue: nextDue))
        } catch {
            return .unavailable(String(describing: error), (error as? any MissiveError)?.status ?? .ioError)
        }
    }
}
