import Foundation
import GRDB

/// `bookmarkthreads.php`: the member's bookmarked threads, a thread list like a forum's (rows
/// `tr.thread#threadT` with the `lastseen` block and its unread `count`) inside
/// `form[name='bookmarks']`, 40 to a page; and `POST bookmarkthreads.php` with `action=add|remove`
/// and `threadid=T` (`json=1`), which answers JSON.
extension SandboxForum {
    func bookmarks(_ request: SandboxRequest, user: UserRecord?) async throws -> SandboxResponse {
        let user = try member(user)
        if request.method == .post || ["add", "remove"].contains(request.action) {
            return try await changeBookmark(request, user: user)
        }
        let perPage = request.id("perpage").map { Int(min(max($0, 1), 200)) } ?? Self.postsPerPage
        let (rows, total) = try await database.queue.read { db in
            let total = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM bookmark WHERE userId = ?", arguments: [user.id]) ?? 0
            let pages = max(1, (total + perPage - 1) / perPage)
            let page = min(max(Int(request.id("pagenumber") ?? 1), 1), pages)
            let rows = try ThreadListRow.fetch(db, viewer: user.id, filter: "bookmark.threadId IS NOT NULL", arguments: [],
                                               limit: perPage, offset: (page - 1) * perPage)
            return (rows, total)
        }
        let pages = max(1, (total + perPage - 1) / perPage)
        let page = min(max(Int(request.id("pagenumber") ?? 1), 1), pages)
        let options = (1...pages).map { number in
            "<option value=\"\(number)\"\(number == page ? " selected=\"selected\"" : "")>\(number)</option>"
        }.joined()
        return .page(Layout.page(title: "Bookmarked Threads", bodyClass: "bookmarkthreads", user: user, content: """
            \(Layout.breadcrumbs([("User Control Panel", "usercp.php"), ("Bookmarked Threads", "bookmarkthreads.php")]))
            <div class="pages top"><select data-url="bookmarkthreads.php?perpage=\(perPage)">\(options)</select></div>
            <form name="bookmarks" action="bookmarkthreads.php" method="post">
            <input type="hidden" name="action" value="remove">
            <table id="forum" class="threadlist">
            <thead><tr><th class="star"></th><th class="icon"></th><th class="title">Thread</th><th class="author">Author</th><th class="replies">Replies</th><th class="lastpost">Last post</th></tr></thead>
            <tbody>
            \(rows.map(\.html).joined(separator: "\n"))
            </tbody>
            </table>
            </form>
            """))
    }

    private func changeBookmark(_ request: SandboxRequest, user: UserRecord) async throws -> SandboxResponse {
        let action = request.action
        guard action == "add" || action == "remove" else {
            return ErrorPages.standardError("Invalid action specified.", user: user)
        }
        guard let threadId = request.id("threadid"),
              try await database.queue.read({ db in try ThreadRecord.exists(db, key: threadId) })
        else { return ErrorPages.standardError(ErrorPages.Message.invalidThread, user: user) }
        let time = now
        try await database.queue.write { db in
            if action == "add" {
                try db.execute(sql: "INSERT OR IGNORE INTO bookmark (userId, threadId, addedAt) VALUES (?, ?, ?)",
                               arguments: [user.id, threadId, time])
            } else {
                try db.execute(sql: "DELETE FROM bookmark WHERE userId = ? AND threadId = ?", arguments: [user.id, threadId])
            }
        }
        if request["json"] == "1" {
            let object: [String: Any] = ["threadid": threadId, "bookmarked": action == "add"]
            return .json(try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
        }
        return ErrorPages.redirect(action == "add" ? "The thread is bookmarked." : "The bookmark is removed.",
                                   to: "bookmarkthreads.php", user: user)
    }
}
