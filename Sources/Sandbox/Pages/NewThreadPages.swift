import Foundation
import GRDB

/// `newthread.php`: the new-thread form with post icons (and a second tag group in some forums),
/// its preview, and posting the thread. A preview-first forum's form has only the Preview
/// button; the preview page's form has Submit, and only a form from a preview may submit.
extension SandboxForum {
    private enum Purpose {
        static let submit = "newthread"
        static let previewOnly = "newthread-preview"
    }

    /// What a new-thread form carries between a preview and the next form.
    private struct Draft {
        var subject = ""
        var message = ""
        var iconId: Int64 = 0
        var tagId: Int64?
        var options = ComposeForm.Options()
    }

    func newThread(_ request: SandboxRequest, user: UserRecord?) async throws -> SandboxResponse {
        let user = try poster(user)
        guard let forumId = request.id("forumid"),
              let forum = try await database.queue.read({ db in try ForumRecord.fetchOne(db, key: forumId) })
        else { return ErrorPages.standardError(ErrorPages.Message.invalidForum, user: user) }
        try readable(forum: forum, user: user)
        guard forum.acceptsThreads else { return ErrorPages.standardError(ErrorPages.Message.notAccepting, user: user) }
        let tagGroup = forum.secondaryTagGroup.flatMap { Catalog.secondaryTags[$0] }

        guard request.method == .post, request.action == "postthread" else {
            let draft = Draft(tagId: tagGroup?.initial, options: ComposeForm.Options(bookmark: user.bookmarksByDefault))
            return try await threadPage(forum: forum, user: user, draft: draft, preview: false)
        }
        guard let purpose = try await formCookiePurpose(request, user: user),
              [Purpose.submit, Purpose.previewOnly].contains(purpose)
        else { return ErrorPages.standardError(ErrorPages.Message.securityToken, user: user) }

        let draft = Draft(subject: (request.form["subject"] ?? "").trimmingCharacters(in: .whitespaces),
                          message: Self.normalizedMessage(request.form["message"] ?? ""),
                          iconId: request.id("iconid") ?? 0,
                          tagId: forum.secondaryTagGroup.flatMap { request.id($0) },
                          options: Self.submittedOptions(request))
        if request.form["preview"] != nil || request.form["submit"] == nil {
            return try await threadPage(forum: forum, user: user, draft: draft, preview: request.form["preview"] != nil)
        }
        if forum.previewFirst, purpose != Purpose.submit {
            return ErrorPages.standardError(ErrorPages.Message.mustPreview, user: user)
        }
        // The refusal that once fooled a client: "this thread is closed", leading to a thread
        // that exists, in answer to a new thread that was never stored.
        if let target = forum.closedRedirectThreadId { return ErrorPages.threadClosed(target, user: user) }
        if draft.subject.isEmpty || draft.message.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            return ErrorPages.standardError(ErrorPages.Message.emptyFields, user: user)
        }
        if let refusal = lengthRefusal(draft.message, limit: Self.postLengthLimit, user: user) { return refusal }
        guard draft.iconId == 0 || Catalog.icon(draft.iconId) != nil else {
            return ErrorPages.standardError(ErrorPages.Message.invalidIcon, user: user)
        }
        if let tagGroup, draft.tagId.flatMap(tagGroup.tag) == nil {
            return ErrorPages.standardError(ErrorPages.Message.missingTag(tagGroup.label), user: user)
        }

        let time = now
        let outcome = try await database.queue.write { db -> PostingOutcome in
            guard let fresh = try UserRecord.fetchOne(db, key: user.id) else {
                return .refused(ErrorPages.mustRegister())
            }
            if let flood = floodRefusal(fresh, kind: .post) { return .refused(flood) }
            let thread = ThreadRecord(id: try Self.nextId(db, table: "thread", first: 3_500_001), forumId: forum.id,
                                      title: draft.subject, authorId: user.id, iconId: draft.iconId,
                                      secondaryTagId: draft.tagId, closed: false,
                                      createdAt: time, archived: false)
            try thread.insert(db)
            try PostRecord(id: try Self.nextId(db, table: "post", first: 500_000_001), threadId: thread.id,
                           authorId: user.id, bbcode: draft.message, postedAt: time, editedAt: nil,
                           parseURLs: draft.options.parseURLs, disableSmilies: draft.options.disableSmilies,
                           showSignature: draft.options.signature).insert(db)
            try db.execute(sql: "UPDATE user SET lastPostAt = ? WHERE id = ?", arguments: [time, user.id])
            return .stored(thread.id)
        }
        switch outcome {
        case .refused(let page): return page
        case .stored(let threadId):
            return ErrorPages.redirect("Thank you for posting! You will now be taken to your thread.",
                                       to: "showthread.php?threadid=\(threadId)", user: user)
        }
    }

    private func threadPage(forum: ForumRecord, user: UserRecord, draft: Draft, preview: Bool) async throws -> SandboxResponse {
        // A preview-first forum's first form may only preview; a preview's form may submit.
        let canSubmit = !forum.previewFirst || preview
        let cookie = try await issueFormCookie(for: user, purpose: canSubmit ? Purpose.submit : Purpose.previewOnly)
        let buttons: [(name: String, value: String)] = canSubmit
            ? [("submit", "Submit New Thread"), ("preview", "Preview Post")]
            : [("preview", "Preview Post")]
        let tagGroup = forum.secondaryTagGroup.flatMap { Catalog.secondaryTags[$0] }
        // As on the real form: forumid, action and form_cookie first; the formkey last, beside the buttons.
        let content = """
            \(Layout.breadcrumbs([(forum.title, "forumdisplay.php?forumid=\(forum.id)")]))
            \(preview ? PostViews.preview(draft.message, title: draft.subject, smilies: !draft.options.disableSmilies) : "")
            \(ComposeForm.open(action: "newthread.php"))
            \(ComposeForm.hidden("forumid", String(forum.id)))
            \(ComposeForm.hidden("action", "postthread"))
            \(ComposeForm.hidden("form_cookie", cookie))
            <table class="standard" id="main_full">
            <thead><tr><th colspan="2">Post New Thread</th></tr></thead>
            \(ComposeForm.loggedIn(user))
            \(ComposeForm.textInput("subject", value: draft.subject, label: "Subject:"))
            \(ComposeForm.icons(selected: draft.iconId))
            \(tagGroup.map { ComposeForm.tagGroup($0, selected: draft.tagId) } ?? "")
            \(ComposeForm.message(draft.message, limit: Self.postLengthLimit))
            \(ComposeForm.options(draft.options))
            <tr><td><b>Poll:</b></td><td class="smalltext">
            <input type="checkbox" name="postpoll" value="yes"> <b>Yes, post a poll with this thread</b>
            with <input type="text" name="polloptions" size="3" value="4"> options</td></tr>
            \(ComposeForm.attachment())
            </table>
            \(ComposeForm.buttons(buttons, after: ComposeForm.hidden("formkey", user.formkey)))
            </form>
            """
        return .page(Layout.page(title: "Post New Thread", bodyClass: "newthread forum_\(forum.id)", user: user,
                                 content: content))
    }
}
