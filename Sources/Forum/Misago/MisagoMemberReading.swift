import Foundation

/// Reading as a member on Misago (docs/misago.md, "Reading"): bookmarks are its watched threads
/// (`POST /api/v2/threads/T/watch/`, `GET /api/threads/?list=watched`), read tracking is per post
/// (each post's `is_new`; `POST /api/threads/T/posts/P/read/` marks one read; reading the posts
/// marks nothing), and there is no ignore list (its API cannot block a member).
extension MisagoAdapter: ForumReader {
    /// How many pages of a thread are counted back from its last for its unread posts.
    static let unreadPagesCounted = 5

    public func bookmarks(limit: Int) async throws(ForumError) -> [BookmarkedThread] {
        var threads: [BookmarkedThread] = []
        var start: Int?
        repeat {
            let list = try await read(MisagoJSON.ThreadList.self, "api/threads/",
                                      [("list", "watched")] + (start.map { [("start", String($0))] } ?? []), subject: .page)
            for thread in list.results where threads.count < limit && !threads.contains(where: { $0.thread == thread.id }) {
                // The list says only read or not; the number comes from the posts' own marks.
                let unread = thread.isRead == true ? 0 : try await unreadCount(thread.id)
                threads.append(BookmarkedThread(thread: thread.id, title: thread.title, unread: unread, closed: thread.isClosed ?? false))
            }
            start = list.next
        } while start != nil && threads.count < limit
        return threads
    }

    /// The posts not yet read, counted from the last page back (at most `unreadPagesCounted`
    /// pages) until a page has none; reading the posts marks nothing.
    private func unreadCount(_ thread: Int) async throws(ForumError) -> Int {
        let path = "api/threads/\(thread)/posts/"
        var page = try await read(MisagoJSON.PostPage.self, path, subject: .thread)
        let pages = page.postSet.pages
        var count = 0
        var number = pages
        for counted in 0..<Self.unreadPagesCounted where number >= 1 {
            if !(counted == 0 && pages == 1) {
                page = try await read(MisagoJSON.PostPage.self, path, [("page", String(number))], subject: .thread)
            }
            let unread = page.postSet.results.filter { $0.isEvent != true && $0.isNew == true }.count
            count += unread
            if unread < page.postSet.results.count { break }
            number -= 1
        }
        return count
    }

    public func setBookmark(thread: Int, _ bookmarked: Bool) async throws(ForumError) {
        let path = "api/v2/threads/\(thread)/watch/"
        var answer = await write(.post, path, json: ["notifications": bookmarked ? 1 : 0], subject: .thread)
        // Watching changes a setting, never makes a post: an answer that may have landed is only unreadable.
        if case let .mayHaveLanded(evidence) = answer { answer = .failed(.unexpected(evidence)) }
        struct Watch: Decodable { var notifications: Int }
        _ = try decode(Watch.self, answer, from: path)
    }

    public func threadPage(_ thread: Int, at position: ThreadPosition, marking: ReadMarking) async throws(ForumError) -> ThreadPage {
        let path = "api/threads/\(thread)/posts/"
        var page = try await read(MisagoJSON.PostPage.self, path, subject: .thread)
        switch position {
        case let .page(number):
            if number > 1, page.postSet.pages > 1 {
                page = try await read(MisagoJSON.PostPage.self, path, [("page", String(min(number, page.postSet.pages)))], subject: .thread)
            }
        case .firstUnread, .post:
            // The first page holding a post not read; the last page when all are read (its pages'
            // length is the engine's, so a post's number does not name its page).
            var number = 1
            while !page.postSet.results.contains(where: { $0.isNew == true }), number < page.postSet.pages {
                number += 1
                page = try await read(MisagoJSON.PostPage.self, path, [("page", String(number))], subject: .thread)
            }
        }
        // Who reads: the profile's name, else the session's (one request).
        var reader = session.username
        if reader == nil { reader = (try? await me())?.username }
        let posts = page.postSet.results.filter { $0.isEvent != true }.map { post in
            ThreadPost(id: post.id, index: nil, author: post.posterName ?? "", date: post.postedOn ?? "",
                       text: Self.text(ofHTML: post.content ?? "", draw: \.postText),
                       quotesYou: reader.map { Self.quotes(post.content ?? "", name: $0) } ?? false,
                       ignored: false, seen: post.isNew != true)
        }
        if marking == .markRead {
            for post in posts where !post.seen {
                var answer = await write(.post, "api/threads/\(thread)/posts/\(post.id)/read/", json: [String: Any](), subject: .post)
                if case let .mayHaveLanded(evidence) = answer { answer = .failed(.unexpected(evidence)) }
                struct Read: Decodable { var threadIsRead: Bool? }
                _ = try decode(Read.self, answer, from: "api/threads/\(thread)/posts/\(post.id)/read/")
            }
        }
        return ThreadPage(thread: thread, title: page.title, page: page.postSet.page, pages: page.postSet.pages, posts: posts,
                          reader: reader, closed: page.isClosed == true)
    }

    /// Whether the post's HTML quotes `name`: Misago writes each quote's author on its
    /// `blockquote` as `data-author="@NAME"`.
    static func quotes(_ html: String, name: String) -> Bool {
        let escaped = name.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
        return html.lowercased().contains("data-author=\"@\(escaped.lowercased())\"")
    }

    static let noIgnoreList = Rejection.invalid("Misago has no ignore list (its API has no way to block a member)")

    public func ignoreList() async throws(ForumError) -> [String] { throw .rejected(Self.noIgnoreList) }

    public func setIgnoreList(_ names: [String]) async throws(ForumError) -> [String] { throw .rejected(Self.noIgnoreList) }

    public func threadURL(_ thread: Int, firstUnread: Bool) -> URL {
        url("t/thread/\(thread)/" + (firstUnread ? "new/" : ""))
    }

    public func privateMessageURL(_ id: Int) -> URL {
        url("p/thread/\(id)/")
    }
}
