import Foundation
import GRDB

/// Reading the forum: the index (HTML, or JSON with `json=1` as the login's `next` asks for),
/// a forum's thread list, and a thread's pages with `goto=post` / `goto=lastpost` redirects.
/// One line of a thread list (a forum's, or the bookmarks page), as the viewer sees it.
struct ThreadListRow: Sendable {
    var id: Int64
    var title: String
    var iconId: Int64
    var closed: Bool
    var authorId: Int64
    var author: String
    var posts: Int
    var lastPost: Date?
    var lastPoster: String?
    /// The viewer's read position (`data-idx` of the last post seen); nil: never opened.
    var seen: Int?
    var bookmarked: Bool

    init(_ row: Row) {
        id = row["id"]
        title = row["title"]
        iconId = row["iconId"]
        closed = row["closed"]
        authorId = row["authorId"]
        author = row["username"]
        posts = row["posts"]
        lastPost = row["lastPost"]
        lastPoster = row["lastPoster"]
        seen = row["seen"]
        bookmarked = row["bookmarked"] ?? false
    }

    /// The threads of a list, newest last post first, with the viewer's marks. `filter` is the
    /// SQL that picks the threads (it may name `thread` and `bookmark`).
    static func fetch(_ db: Database, viewer: Int64?, filter: String, arguments: StatementArguments,
                      limit: Int = -1, offset: Int = 0) throws -> [ThreadListRow] {
        let viewerId = viewer ?? 0
        return try Row.fetchAll(db, sql: """
            SELECT thread.id, thread.title, thread.iconId, thread.closed, thread.authorId, user.username,
                   (SELECT COUNT(*) FROM post WHERE post.threadId = thread.id) AS posts,
                   (SELECT MAX(postedAt) FROM post WHERE post.threadId = thread.id) AS lastPost,
                   (SELECT poster.username FROM post JOIN user AS poster ON poster.id = post.authorId
                    WHERE post.threadId = thread.id ORDER BY post.postedAt DESC, post.id DESC LIMIT 1) AS lastPoster,
                   lastSeen.postIndex AS seen, bookmark.threadId IS NOT NULL AS bookmarked
            FROM thread JOIN user ON user.id = thread.authorId
            LEFT JOIN lastSeen ON lastSeen.threadId = thread.id AND lastSeen.userId = \(viewerId)
            LEFT JOIN bookmark ON bookmark.threadId = thread.id AND bookmark.userId = \(viewerId)
            WHERE \(filter) ORDER BY lastPost DESC, thread.id DESC LIMIT \(limit) OFFSET \(offset)
            """, arguments: arguments).map(ThreadListRow.init)
    }

    /// `tr.thread#threadT`: the star (`bm0` when bookmarked), and, once the viewer has opened the
    /// thread, `div.lastseen` with the `x` that marks it unread and, when posts are new, the
    /// `count` link to the first of them holding their number in `<b>`. A thread never opened
    /// has no `lastseen` block at all.
    var html: String {
        var lastSeen = ""
        if let seen {
            let unread = max(posts - seen, 0)
            let count = unread > 0
                ? "<a href=\"/showthread.php?threadid=\(id)&amp;goto=newpost\" class=\"count\" title=\"Jump to first unread post\"><b>\(unread)</b></a>"
                : ""
            lastSeen = "<div class=\"lastseen\"><a href=\"/showthread.php?action=resetseen&amp;threadid=\(id)\" class=\"x\" title=\"Mark as unread\">X</a>\(count)</div>"
        }
        let icon = Catalog.icon(iconId).map { "<img src=\"\($0.imagePath)\" alt=\"\(esc($0.name))\">" } ?? ""
        let date = lastPost.map { "<div class=\"date\">\(esc(ForumDates.post($0)))</div>" } ?? ""
        let poster = lastPoster.map {
            "<a class=\"author\" href=\"showthread.php?goto=lastpost&amp;threadid=\(id)\">\(esc($0))</a>"
        } ?? ""
        return """
            <tr class="thread\(closed ? " closed" : "")" id="thread\(id)">
            <td class="star\(bookmarked ? " bm0" : "")"></td>
            <td class="icon">\(icon)</td>
            <td class="title"><div class="title_inner">\(lastSeen)<div class="info"><a href="showthread.php?threadid=\(id)" class="thread_title">\(NumericReferences.escapeKeepingReferences(title))</a></div></div></td>
            <td class="author"><a href="member.php?action=getinfo&amp;userid=\(authorId)">\(esc(author))</a></td>
            <td class="replies">\(max(posts - 1, 0))</td>
            <td class="lastpost">\(date)\(poster)</td>
            </tr>
            """
    }
}

extension SandboxForum {
    static let postsPerPage = 40

    func index(_ request: SandboxRequest, user: UserRecord?) async throws -> SandboxResponse {
        let forums = try await database.queue.read { db in try ForumRecord.order(Column("position")).fetchAll(db) }
        if request["json"] == "1" || request["format"] == "json" {
            return .json(try indexJSON(forums: forums, user: user))
        }
        var rows: [String] = []
        var category = ""
        for forum in forums {
            if forum.category != category {
                category = forum.category
                rows.append("<tr class=\"section\"><th colspan=\"2\">\(esc(category))</th></tr>")
            }
            let note = Self.note(forum)
            rows.append("<tr class=\"forum forum_\(forum.id)\"><td class=\"title\"><a class=\"forum\" "
                + "href=\"forumdisplay.php?forumid=\(forum.id)\">\(esc(forum.title))</a></td>"
                + "<td class=\"note\">\(esc(note))</td></tr>")
        }
        let greeting = user.map { "Logged in as <b>\(esc($0.username))</b>." }
            ?? "You are not logged in. <a href=\"/account.php?action=loginform\">Log in</a> (every password is <b>sandbox</b>)."
        return .page(Layout.page(title: "Forums", bodyClass: "index", user: user, content: """
            <p>\(greeting)</p>
            <table id="forums" class="standard">\(rows.joined(separator: "\n"))</table>
            """))
    }

    /// What is special about a forum, for a person choosing where to try something.
    private static func note(_ forum: ForumRecord) -> String {
        var notes: [String] = []
        if !forum.acceptsThreads { notes.append("Not accepting new threads.") }
        if forum.previewFirst { notes.append("New threads are previewed first.") }
        if let group = forum.secondaryTagGroup.flatMap({ Catalog.secondaryTags[$0] }) {
            notes.append("Tag \(group.name): " + group.tags.map { "\($0.id) \($0.name)" }.joined(separator: ", ") + ".")
        }
        if forum.archived { notes.append("Needs the archives upgrade.") }
        if let thread = forum.closedRedirectThreadId { notes.append("New threads are refused as closed (thread \(thread)).") }
        return notes.joined(separator: " ")
    }

    /// The shape of the forum's JSON index: `user`, `forums` (categories with `sub_forums`), `stats`.
    private func indexJSON(forums: [ForumRecord], user: UserRecord?) throws -> Data {
        var categories: [[String: Any]] = []
        for forum in forums {
            let entry: [String: Any] = ["id": forum.id, "title": forum.title, "title_short": forum.title,
                                        "has_threads": true, "description": "", "icon": "", "moderators": [Any](),
                                        "sub_forums": [Any]()]
            if let last = categories.indices.last, categories[last]["title"] as? String == forum.category {
                categories[last]["sub_forums"] = (categories[last]["sub_forums"] as? [Any] ?? []) + [entry]
            } else {
                categories.append(["id": 1000 + forum.position, "title": forum.category, "title_short": forum.category,
                                   "has_threads": false, "description": "", "icon": "", "moderators": [Any](),
                                   "sub_forums": [entry]])
            }
        }
        let profile: [String: Any] = [
            "userid": user?.id ?? 0, "username": user?.username ?? "", "receivepm": user == nil ? 0 : 1,
            "joindate": Int(user?.registeredAt.timeIntervalSince1970 ?? 0), "role": "",
        ]
        let object: [String: Any] = ["user": profile, "forums": categories, "stats": ["usercount": 4]]
        return try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    }

    func forumDisplay(_ request: SandboxRequest, user: UserRecord?) async throws -> SandboxResponse {
        guard let forumId = request.id("forumid"),
              let forum = try await database.queue.read({ db in try ForumRecord.fetchOne(db, key: forumId) })
        else { return ErrorPages.standardError(ErrorPages.Message.invalidForum, user: user) }
        try readable(forum: forum, user: user)
        let rows = try await database.queue.read { db in
            try ThreadListRow.fetch(db, viewer: user?.id, filter: "thread.forumId = ?", arguments: [forumId])
        }
        let threads = rows.map(\.html)
        let post = forum.acceptsThreads
            ? "<ul class=\"postbuttons\"><li><a href=\"newthread.php?action=newthread&amp;forumid=\(forum.id)\">Post New Thread</a></li></ul>"
            : ""
        return .page(Layout.page(title: forum.title, bodyClass: "forumdisplay forum_\(forum.id)", user: user,
                                 bodyAttributes: " data-forum=\"\(forum.id)\"", content: """
            \(Layout.breadcrumbs([(forum.title, "forumdisplay.php?forumid=\(forum.id)")]))
            \(post)
            <table id="forum" class="threadlist">
            <thead><tr><th class="star"></th><th class="icon"></th><th class="title">Thread</th><th class="author">Author</th><th class="replies">Replies</th><th class="lastpost">Last post</th></tr></thead>
            <tbody>
            \(threads.joined(separator: "\n"))
            </tbody>
            </table>
            """))
    }

    func showThread(_ request: SandboxRequest, user: UserRecord?) async throws -> SandboxResponse {
        let perPage = request.id("perpage").map { Int(min(max($0, 1), 200)) } ?? Self.postsPerPage
        switch request["goto"] {
        case "post":
            return try await redirectToPost(request.id("postid"), perPage: perPage, user: user)
        case "lastpost":
            // A thread that does not exist is refused below, as "Invalid thread specified".
            guard let threadId = request.id("threadid"), let last = try await database.queue.read({ db in
                try Int64.fetchOne(db, sql: "SELECT id FROM post WHERE threadId = ? ORDER BY postedAt DESC, id DESC LIMIT 1",
                                   arguments: [threadId])
            }) else { break }
            return try await redirectToPost(last, perPage: perPage, user: user)
        case "newpost":
            // The first post after the viewer's read position (the first post of a thread never
            // opened; the last when all is read). Like the real one, the redirect drops `perpage`.
            guard let threadId = request.id("threadid"), let next = try await database.queue.read({ db in
                try Self.firstUnreadPost(db, userId: user?.id, threadId: threadId)
            }) else { break }
            return try await redirectToPost(next, perPage: Self.postsPerPage, user: user)
        default:
            break
        }
        switch request.action {
        case "setseen", "resetseen": return try await setSeen(request, user: user)
        default: break
        }
        guard let threadId = request.id("threadid"),
              let (thread, forum) = try await database.queue.read({ db -> (ThreadRecord, ForumRecord?)? in
                  guard let thread = try ThreadRecord.fetchOne(db, key: threadId) else { return nil }
                  return (thread, try ForumRecord.fetchOne(db, key: thread.forumId))
              })
        else { return ErrorPages.standardError(ErrorPages.Message.invalidThread, user: user) }
        try readable(forum: forum, thread: thread, user: user)

        // `userid=U` shows only U's posts (the "?" link next to each post); 0 means everyone.
        let onlyAuthor = request.id("userid").flatMap { $0 == 0 ? nil : $0 }
        let page = try await database.queue.read { db in
            var all = PostRecord.filter(Column("threadId") == threadId)
            if let onlyAuthor { all = all.filter(Column("authorId") == onlyAuthor) }
            let total = try all.fetchCount(db)
            let pages = max(1, (total + perPage - 1) / perPage)
            let page = min(max(Int(request.id("pagenumber") ?? 1), 1), pages)
            let posts = try all.order(Column("postedAt"), Column("id")).limit(perPage, offset: (page - 1) * perPage).fetchAll(db)
            let seen = try user.flatMap { try Self.lastSeen(db, userId: $0.id, threadId: threadId) } ?? 0
            let ignored = try user.map { try Self.ignoredIds(db, userId: $0.id) } ?? []
            return ThreadPage(number: page, pages: pages, posts: posts, seen: seen, ignored: ignored,
                              authors: try UserRecord.fetchAll(db, keys: Set(posts.map(\.authorId))),
                              roles: try Self.staffRoles(db))
        }
        let pages = page.pages
        let byId = Dictionary(uniqueKeysWithValues: page.authors.map { ($0.id, $0) })
        let firstIndex = (page.number - 1) * perPage
        let tables = page.posts.enumerated().map { offset, post in
            let index = firstIndex + offset + 1
            return PostViews.table(post, author: byId[post.authorId], index: index, viewer: user,
                                   seen: onlyAuthor == nil && index <= page.seen,
                                   ignored: page.ignored.contains(post.authorId), role: page.roles[post.authorId])
        }
        // A page viewed moves the member's read position to its last post, as a browser's visit
        // does; `noseen=1` (how clients look without touching it) leaves it. A page of one
        // member's posts has other indices, so it never moves it.
        if let user, request["noseen"] != "1", onlyAuthor == nil, !page.posts.isEmpty {
            let last = firstIndex + page.posts.count
            try await database.queue.write { db in try Self.markSeen(db, userId: user.id, threadId: threadId, upTo: last) }
        }
        var warning = ""
        if let user, user.standing == .probation, let until = user.probationUntil, until > now {
            warning = ErrorPages.probationWarning(user, until: until)
        }
        let reply = thread.closed ? "<li class=\"closed\">Thread closed</li>"
            : "<li><a href=\"newreply.php?action=newreply&amp;threadid=\(thread.id)\">Reply</a></li>"
        let content = """
            \(warning)
            \(pageLinks(threadId: thread.id, page: page.number, pages: pages, perPage: perPage))
            \(Layout.breadcrumbs([(forum?.title ?? "", "forumdisplay.php?forumid=\(thread.forumId)"),
                                  (thread.title, "showthread.php?threadid=\(thread.id)")]))
            <div class="threadbar top"><ul class="postbuttons">\(reply)</ul></div>
            <div id="thread" class="thread:\(thread.id)">
            \(tables.joined(separator: "\n"))
            </div>
            <a name="lastpost"></a>
            """
        return .page(Layout.page(title: thread.title, bodyClass: "showthread forum_\(thread.forumId)", user: user,
                                 bodyAttributes: " data-thread=\"\(thread.id)\" data-forum=\"\(thread.forumId)\"",
                                 content: content))
    }

    /// What one page of a thread shows its viewer.
    private struct ThreadPage {
        var number: Int
        var pages: Int
        var posts: [PostRecord]
        var seen: Int
        var ignored: Set<Int64>
        var authors: [UserRecord]
        var roles: [Int64: String]
    }

    /// `action=setseen&threadid=T&index=N` marks the thread read up to post N (the date cell's
    /// `lastseen_icon`); `action=resetseen&threadid=T` forgets the read position (the thread
    /// list's `x`). Either answers JSON with `json=1`, else the thread's redirect page.
    private func setSeen(_ request: SandboxRequest, user: UserRecord?) async throws -> SandboxResponse {
        let user = try member(user)
        guard let threadId = request.id("threadid"),
              try await database.queue.read({ db in try ThreadRecord.exists(db, key: threadId) })
        else { return ErrorPages.standardError(ErrorPages.Message.invalidThread, user: user) }
        let reset = request.action == "resetseen"
        let index = try await database.queue.write { db -> Int? in
            if reset {
                try db.execute(sql: "DELETE FROM lastSeen WHERE userId = ? AND threadId = ?", arguments: [user.id, threadId])
                return nil
            }
            let count = try PostRecord.filter(Column("threadId") == threadId).fetchCount(db)
            let index = min(max(Int(request.id("index") ?? 0), 0), count)
            try Self.markSeen(db, userId: user.id, threadId: threadId, upTo: index, exactly: true)
            return index
        }
        if request["json"] == "1" {
            let object: [String: Any] = ["threadid": threadId, "index": index.map { $0 as Any } ?? NSNull()]
            return .json(try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
        }
        return ErrorPages.redirect(reset ? "The thread is marked unread." : "The thread is marked seen up to that post.",
                                   to: "showthread.php?threadid=\(threadId)", user: user)
    }

    /// `div.pages`: the page picker with the current page selected.
    private func pageLinks(threadId: Int64, page: Int, pages: Int, perPage: Int) -> String {
        let base = "showthread.php?threadid=\(threadId)&amp;perpage=\(perPage)"
        let options = (1...pages).map { number in
            "<option value=\"\(number)\"\(number == page ? " selected=\"selected\"" : "")>\(number)</option>"
        }.joined()
        var links = ""
        if page > 1 { links += "<a href=\"\(base)&amp;pagenumber=\(page - 1)\" title=\"Previous page\">&lsaquo;</a>" }
        links += "<select data-url=\"\(base)\">\(options)</select>"
        if page < pages { links += "<a href=\"\(base)&amp;pagenumber=\(page + 1)\" title=\"Next page\">&rsaquo;</a>" }
        links += "<a href=\"\(base)&amp;pagenumber=\(pages)\" title=\"Last page\">\(pages) &raquo;</a>"
        return "<div class=\"pages top\">\(links)</div>"
    }

    /// `showthread.php?goto=post&postid=P` answers with a redirect naming the thread and page.
    private func redirectToPost(_ postId: Int64?, perPage: Int, user: UserRecord?) async throws -> SandboxResponse {
        guard let postId, let location = try await database.queue.read({ db -> (Int64, Int)? in
            guard let post = try PostRecord.fetchOne(db, key: postId) else { return nil }
            let before = try Int.fetchOne(db, sql: """
                SELECT COUNT(*) FROM post WHERE threadId = ? AND (postedAt < ? OR (postedAt = ? AND id < ?))
                """, arguments: [post.threadId, post.postedAt, post.postedAt, post.id]) ?? 0
            return (post.threadId, before / perPage + 1)
        }) else { return ErrorPages.standardError(ErrorPages.Message.invalidPost, user: user) }
        let perPageParameter = perPage == Self.postsPerPage ? "" : "&perpage=\(perPage)"
        return .redirect(to: "/showthread.php?threadid=\(location.0)\(perPageParameter)&pagenumber=\(location.1)#post\(postId)")
    }
}
