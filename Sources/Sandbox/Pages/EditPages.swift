import Foundation
import GRDB

/// `editpost.php`: the edit form (the textarea holds the post's BBCode), its preview, and saving.
/// Only the author may edit, and not in a closed thread; anyone else gets a page with no form
/// whose text says "permission".
extension SandboxForum {
    func editPost(_ request: SandboxRequest, user: UserRecord?) async throws -> SandboxResponse {
        let user = try poster(user)
        guard let postId = request.id("postid"),
              let (post, thread, forum) = try await database.queue.read({ db -> (PostRecord, ThreadRecord, ForumRecord?)? in
                  guard let post = try PostRecord.fetchOne(db, key: postId),
                        let thread = try ThreadRecord.fetchOne(db, key: post.threadId) else { return nil }
                  return (post, thread, try ForumRecord.fetchOne(db, key: thread.forumId))
              })
        else { return ErrorPages.standardError(ErrorPages.Message.invalidPost, user: user) }
        try readable(forum: forum, thread: thread, user: user)
        guard post.authorId == user.id, !thread.closed else {
            return ErrorPages.standardError(ErrorPages.Message.noEditPermission, user: user)
        }

        guard request.method == .post, request.action == "updatepost" else {
            let options = ComposeForm.Options(parseURLs: post.parseURLs, bookmark: user.bookmarksByDefault,
                                              disableSmilies: post.disableSmilies, signature: post.showSignature)
            return try await editPage(post: post, thread: thread, user: user, message: post.bbcode, options: options, preview: nil)
        }
        if let refusal = try await checkFormTokens(request, user: user, purposes: ["editpost"]) { return refusal }
        let message = Self.normalizedMessage(request.form["message"] ?? "")
        let options = Self.submittedOptions(request)
        if request.form["preview"] != nil || request.form["submit"] == nil {
            return try await editPage(post: post, thread: thread, user: user, message: message, options: options,
                                      preview: request.form["preview"] != nil ? message : nil)
        }
        if let refusal = lengthRefusal(message, limit: Self.postLengthLimit, user: user) { return refusal }
        let editedAt = now
        try await database.queue.write { db in
            try db.execute(sql: """
                UPDATE post SET bbcode = ?, editedAt = ?, parseURLs = ?, disableSmilies = ?, showSignature = ? WHERE id = ?
                """, arguments: [message, editedAt, options.parseURLs, options.disableSmilies, options.signature, post.id])
        }
        return ErrorPages.redirect("Your post has been edited. You will now be taken to your post.",
                                   to: "showthread.php?goto=post&postid=\(post.id)", user: user)
    }

    private func editPage(post: PostRecord, thread: ThreadRecord, user: UserRecord, message: String,
                          options: ComposeForm.Options, preview: String?) async throws -> SandboxResponse {
        let cookie = try await issueFormCookie(for: user, purpose: "editpost")
        let content = """
            \(Layout.breadcrumbs([(thread.title, "showthread.php?threadid=\(thread.id)")]))
            \(preview.map { PostViews.preview($0, smilies: !options.disableSmilies) } ?? "")
            \(ComposeForm.open(action: "editpost.php"))
            \(ComposeForm.hidden("action", "updatepost"))
            \(ComposeForm.hidden("postid", String(post.id)))
            \(ComposeForm.tokens(formkey: user.formkey, formCookie: cookie))
            <table class="standard" id="main_full">
            <thead><tr><th colspan="2">Edit Post</th></tr></thead>
            \(ComposeForm.loggedIn(user))
            \(ComposeForm.message(message, limit: Self.postLengthLimit))
            \(ComposeForm.options(options))
            </table>
            \(ComposeForm.buttons([("submit", "Save Changes"), ("preview", "Preview Post")]))
            </form>
            """
        return .page(Layout.page(title: "Edit Post", bodyClass: "editpost forum_\(thread.forumId)", user: user,
                                 content: content))
    }
}
