import Foundation
import GRDB

/// `newreply.php`: the reply form (empty, or quoting a post), its preview, and posting a reply.
extension SandboxForum {
    func newReply(_ request: SandboxRequest, user: UserRecord?) async throws -> SandboxResponse {
        let user = try poster(user)
        if request.method == .post, request.action == "postreply" {
            return try await postReply(request, user: user)
        }
        return try await replyForm(request, user: user)
    }

    /// `GET newreply.php?action=newreply&threadid=T` or `&postid=P` (the quote).
    private func replyForm(_ request: SandboxRequest, user: UserRecord) async throws -> SandboxResponse {
        var quoted: (post: PostRecord, author: UserRecord?)?
        var threadId = request.id("threadid")
        if let postId = request.id("postid") {
            let found = try await database.queue.read { db -> (PostRecord, UserRecord?)? in
                guard let post = try PostRecord.fetchOne(db, key: postId) else { return nil }
                return (post, try UserRecord.fetchOne(db, key: post.authorId))
            }
            guard let found else { return ErrorPages.standardError(ErrorPages.Message.invalidPost, user: user) }
            quoted = found
            threadId = found.0.threadId
        }
        guard let threadId, let thread = try await openThread(threadId, user: user)
        else { return ErrorPages.standardError(ErrorPages.Message.invalidThread, user: user) }

        var message = ""
        if let quoted {
            message = "[quote=\"\(quoted.author?.username ?? "")\" post=\"\(quoted.post.id)\"]\n\(quoted.post.bbcode)\n[/quote]\n\n"
        }
        let options = ComposeForm.Options(bookmark: user.bookmarksByDefault)
        return try await replyPage(thread: thread, user: user, message: message, options: options, preview: nil)
    }

    /// `POST newreply.php` with `action=postreply`: a preview, or the reply itself.
    private func postReply(_ request: SandboxRequest, user: UserRecord) async throws -> SandboxResponse {
        if let refusal = try await checkFormTokens(request, user: user, purposes: ["newreply"]) { return refusal }
        guard let threadId = request.id("threadid"), let thread = try await openThread(threadId, user: user)
        else { return ErrorPages.standardError(ErrorPages.Message.invalidThread, user: user) }

        let message = Self.normalizedMessage(request.form["message"] ?? "")
        let options = Self.submittedOptions(request)
        // vBulletin looks at the preview button first: a form that sends both buttons gets a preview.
        if request.form["preview"] != nil {
            return try await replyPage(thread: thread, user: user, message: message, options: options, preview: message)
        }
        guard request.form["submit"] != nil else { return try await replyPage(thread: thread, user: user,
                                                                              message: message, options: options, preview: nil) }
        if let refusal = lengthRefusal(message, limit: Self.postLengthLimit, user: user) { return refusal }

        let time = now
        let outcome = try await database.queue.write { db -> PostingOutcome in
            guard let fresh = try UserRecord.fetchOne(db, key: user.id) else {
                return .refused(ErrorPages.mustRegister())
            }
            if let flood = floodRefusal(fresh, kind: .post) { return .refused(flood) }
            let post = PostRecord(id: try Self.nextId(db, table: "post", first: 500_000_001), threadId: thread.id,
                                  authorId: user.id, bbcode: message, postedAt: time, editedAt: nil,
                                  parseURLs: options.parseURLs, disableSmilies: options.disableSmilies,
                                  showSignature: options.signature)
            try post.insert(db)
            try db.execute(sql: "UPDATE user SET lastPostAt = ? WHERE id = ?", arguments: [time, user.id])
            return .stored(post.id)
        }
        switch outcome {
        case .refused(let page): return page
        case .stored(let postId):
            return ErrorPages.redirect("Thank you for posting! You will now be taken to your post.",
                                       to: "showthread.php?goto=post&postid=\(postId)", user: user)
        }
    }

    enum PostingOutcome: Sendable {
        case stored(Int64)
        case refused(SandboxResponse)
    }

    /// The checkboxes as the browser sent them (an unchecked box is simply absent).
    static func submittedOptions(_ request: SandboxRequest) -> ComposeForm.Options {
        ComposeForm.Options(parseURLs: request.form["parseurl"] == "yes", bookmark: request.form["bookmark"] == "yes",
                            disableSmilies: request.form["disablesmilies"] == "yes",
                            signature: request.form["signature"] == "yes")
    }

    /// The `closedredirect` fault's answer: the closed-thread page, leading to a thread that
    /// exists (the request's own, its post's, its forum's newest, or the seeded closed thread).
    func closedRedirect(answering request: SandboxRequest, user: UserRecord?) async throws -> SandboxResponse {
        let threadId = try await database.queue.read { db -> Int64 in
            if let id = request.id("threadid"), try ThreadRecord.exists(db, key: id) { return id }
            if let id = request.id("postid"), let post = try PostRecord.fetchOne(db, key: id) { return post.threadId }
            if let id = request.id("forumid"), let forum = try ForumRecord.fetchOne(db, key: id) {
                if let target = forum.closedRedirectThreadId { return target }
                let newest = try Int64.fetchOne(db, sql: "SELECT MAX(id) FROM thread WHERE forumId = ?", arguments: [id])
                if let newest { return newest }
            }
            return Seed.Ids.closedThread
        }
        return ErrorPages.threadClosed(threadId, user: user)
    }

    /// The thread a reply goes to; nil when there is none. Refuses an archived thread (the
    /// archives upgrade) and a closed one (the closed-thread redirect page).
    private func openThread(_ threadId: Int64, user: UserRecord) async throws -> ThreadRecord? {
        guard let (thread, forum) = try await database.queue.read({ db -> (ThreadRecord, ForumRecord?)? in
            guard let thread = try ThreadRecord.fetchOne(db, key: threadId) else { return nil }
            return (thread, try ForumRecord.fetchOne(db, key: thread.forumId))
        }) else { return nil }
        try readable(forum: forum, thread: thread, user: user)
        if thread.closed { throw Refusal(page: ErrorPages.threadClosed(thread.id, user: user)) }
        return thread
    }

    /// How many of the thread's latest posts the reply form shows under it, as the forum's does.
    static let reviewLength = 40

    /// The reply form, with a fresh `form_cookie`; with a preview above it, or the thread's
    /// latest posts below it (newest first, in `div#thread`) when it is not a preview.
    private func replyPage(thread: ThreadRecord, user: UserRecord, message: String,
                           options: ComposeForm.Options, preview: String?) async throws -> SandboxResponse {
        let cookie = try await issueFormCookie(for: user, purpose: "newreply")
        var review = ""
        if preview == nil {
            let (posts, authors, ignored) = try await database.queue.read { db in
                let posts = try PostRecord.filter(Column("threadId") == thread.id)
                    .order(Column("postedAt").desc, Column("id").desc).limit(Self.reviewLength).fetchAll(db)
                return (posts, try UserRecord.fetchAll(db, keys: Set(posts.map(\.authorId))), try Self.ignoredIds(db, userId: user.id))
            }
            let byId = Dictionary(uniqueKeysWithValues: authors.map { ($0.id, $0) })
            // Posts of members the user ignores are hidden here too, as on the thread's pages.
            review = "<div id=\"thread\">\n" + posts.enumerated().map { index, post in
                PostViews.table(post, author: byId[post.authorId], index: index + 1, viewer: user,
                                ignored: ignored.contains(post.authorId))
            }.joined(separator: "\n") + "\n</div>"
        }
        let forum = try await database.queue.read { db in try ForumRecord.fetchOne(db, key: thread.forumId) }
        let content = """
            \(Layout.breadcrumbs([(forum?.title ?? "", "forumdisplay.php?forumid=\(thread.forumId)"),
                                  (thread.title, "showthread.php?threadid=\(thread.id)")]))
            \(preview.map { PostViews.preview($0, smilies: !options.disableSmilies) } ?? "")
            \(ComposeForm.open(action: "newreply.php"))
            \(ComposeForm.hidden("action", "postreply"))
            \(ComposeForm.hidden("threadid", String(thread.id)))
            \(ComposeForm.tokens(formkey: user.formkey, formCookie: cookie))
            <table class="standard" id="main_full">
            <thead><tr><th colspan="2">Post Reply</th></tr></thead>
            \(ComposeForm.loggedIn(user))
            \(ComposeForm.message(message, limit: Self.postLengthLimit))
            \(ComposeForm.options(options))
            \(ComposeForm.attachment())
            </table>
            \(ComposeForm.buttons([("submit", "Submit Reply"), ("preview", "Preview Reply")]))
            </form>
            \(review)
            """
        return .page(Layout.page(title: "New Reply", bodyClass: "newreply forum_\(thread.forumId)", user: user,
                                 content: content))
    }
}
