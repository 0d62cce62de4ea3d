import Foundation
import GRDB

/// Reading the forum: the index (HTML, or JSON with `json=1` as the login's `next` asks for),
/// a forum's thread list, and a thread's pages with `goto=post` / `goto=lastpost` redirects.
/// One line of a forum's thread list.
private struct ThreadListRow: Sendable {
    var id: Int64
    var title: String
    var iconId: Int64
    var closed: Bool
    var authorId: Int64
    var author: String
    var posts: Int
    var lastPost: Date?

    init(_ row: Row) {
        id = row["id"]
        title = row["title"]
        iconId = row["iconId"]
        closed = row["closed"]
        authorId = row["authorId"]
        author = row["username"]
        posts = row["posts"]
        lastPost = row["lastPost"]
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
            try Row.fetchAll(db, sql: """
                SELECT thread.id, thread.title, thread.iconId, thread.closed, thread.authorId, user.username,
                       (SELECT COUNT(*) FROM post WHERE post.threadId = thread.id) AS posts,
                       (SELECT MAX(postedAt) FROM post WHERE post.threadId = thread.id) AS lastPost
                FROM thread JOIN user ON user.id = thread.authorId
                WHERE thread.forumId = ? ORDER BY lastPost DESC, thread.id DESC
                """, arguments: [forumId]).map(ThreadListRow.init)
        }
        let threads = rows.map { row in
            """
            <tr class="thread\(row.closed ? " closed" : "")" id="thread\(row.id)">
            <td class="icon">\(Catalog.icon(row.iconId).map { "<img src=\"\($0.imagePath)\" alt=\"\(esc($0.name))\">" } ?? "")</td>
            <td class="title"><div class="info"><a href="showthread.php?threadid=\(row.id)" class="thread_title">\(NumericReferences.escapeKeepingReferences(row.title))</a></div></td>
            <td class="author"><a href="member.php?action=getinfo&amp;userid=\(row.authorId)">\(esc(row.author))</a></td>
            <td class="replies">\(max(row.posts - 1, 0))</td>
            <td class="lastpost">\(esc(row.lastPost.map(ForumDates.post) ?? ""))</td>
            </tr>
            """
        }
        let post = forum.acceptsThreads
            ? "<ul class=\"postbuttons\"><li><a href=\"newthread.php?action=newthread&amp;forumid=\(forum.id)\">Post New Thread</a></li></ul>"
            : ""
        return .page(Layout.page(title: forum.title, bodyClass: "forumdisplay forum_\(forum.id)", user: user,
                                 bodyAttributes: " data-forum=\"\(forum.id)\"", content: """
            \(Layout.breadcrumbs([(forum.title, "forumdisplay.php?forumid=\(forum.id)")]))
            \(post)
            <table id="forum" class="threadlist">
            <thead><tr><th></th><th>Thread</th><th>Author</th><th>Replies</th><th>Last post</th></tr></thead>
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
        case "lastpost", "newpost":
            // A thread that does not exist is refused below, as "Invalid thread specified".
            guard let threadId = request.id("threadid"), let last = try await database.queue.read({ db in
                try Int64.fetchOne(db, sql: "SELECT id FROM post WHERE threadId = ? ORDER BY postedAt DESC, id DESC LIMIT 1",
                                   arguments: [threadId])
            }) else { break }
            return try await redirectToPost(last, perPage: perPage, user: user)
        default:
            break
        }
        guard let threadId = request.id("threadid"),
              let (thread, forum) = try await database.queue.read({ db -> (ThreadRecord, ForumRecord?)? in
                  guard let thread = try ThreadRecord.fetchOne(db, key: threadId) else { return nil }
                  return (thread, try ForumRecord.fetchOne(db, key: thread.forumId))
              })
        else { return ErrorPages.standardError(ErrorPages.Message.invalidThread, user: user) }
        try readable(forum: forum, thread: thread, user: user)

        let (total, posts, authors) = try await database.queue.read { db in
            var all = PostRecord.filter(Column("threadId") == threadId)
            // `userid=U` shows only U's posts (the "?" link next to each post); 0 means everyone.
            if let author = request.id("userid"), author != 0 { all = all.filter(Column("authorId") == author) }
            let total = try all.fetchCount(db)
            let pages = max(1, (total + perPage - 1) / perPage)
            let page = min(max(Int(request.id("pagenumber") ?? 1), 1), pages)
            let posts = try all.order(Column("postedAt"), Column("id")).limit(perPage, offset: (page - 1) * perPage).fetchAll(db)
            return (total, posts, try UserRecord.fetchAll(db, keys: Set(posts.map(\.authorId))))
        }
        let pages = max(1, (total + perPage - 1) / perPage)
        let page = min(max(Int(request.id("pagenumber") ?? 1), 1), pages)
        let byId = Dictionary(uniqueKeysWithValues: authors.map { ($0.id, $0) })
        let firstIndex = (page - 1) * perPage
        let tables = posts.enumerated().map { offset, post in
            PostViews.table(post, author: byId[post.authorId], index: firstIndex + offset + 1, viewer: user)
        }
        var warning = ""
        if let user, user.standing == .probation, let until = user.probationUntil, until > now {
            warning = ErrorPages.probationWarning(user, until: until)
        }
        let reply = thread.closed ? "<li class=\"closed\">Thread closed</li>"
            : "<li><a href=\"newreply.php?action=newreply&amp;threadid=\(thread.id)\">Reply</a></li>"
        let content = """
            \(warning)
            \(pageLinks(threadId: thread.id, page: page, pages: pages, perPage: perPage))
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
