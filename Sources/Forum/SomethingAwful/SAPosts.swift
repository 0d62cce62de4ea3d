import Foundation

/// Replies, quotes, edits, new threads, post icons and previews.
extension SomethingAwfulAdapter {
    func replyFormURL(threadID: Int) -> URL {
        url("newreply.php", [("action", "newreply"), ("threadid", String(threadID))])
    }

    func editFormURL(postID: Int) -> URL {
        url("editpost.php", [("action", "editpost"), ("postid", String(postID))])
    }

    func newThreadFormURL(forumID: Int) -> URL {
        url("newthread.php", [("action", "newthread"), ("forumid", String(forumID))])
    }

    public func reply(_ reply: Reply) async -> PostOutcome {
        await compose(replyFormURL(threadID: reply.threadID), ComposeSteps(
            fill: { (form: inout HTMLForm) throws(ForumError) in
                form.set("message", to: reply.bbcode)
                if let bookmark = reply.bookmark { form.setChecked("bookmark", bookmark) }
                form.setChecked("disablesmilies", reply.disableSmilies)
                if let signature = reply.showSignature { form.setChecked("signature", signature) }
            },
            marker: { (page: HTMLDocument) throws(ForumError) in try await self.lastPostID(threadID: reply.threadID, formPage: page) },
            receipt: SAEvidence.reply(threadID: reply.threadID),
            confirm: { receipt, marker in await self.confirmPost(receipt, bbcode: reply.bbcode, after: marker) }))
    }

    /// The thread's newest post now: from the posts the reply form shows under it (newest
    /// first), or else from the thread's last page.
    func lastPostID(threadID: Int, formPage: HTMLDocument) async throws(ForumError) -> Int {
        if let newest = Self.postIDs(in: formPage).max() { return newest }
        return try await newestPostID(threadID: threadID)
    }

    /// The thread's newest post now, read from its last page: a reply's reconcile marker.
    func newestPostID(threadID: Int) async throws(ForumError) -> Int {
        let lastPage = try await page(url("showthread.php", [("threadid", String(threadID)), ("goto", "lastpost")]))
        guard let newest = Self.postIDs(in: lastPage).max() else {
            throw .unexpected(Evidence("the thread's last page shows no posts", url: lastPage.url))
        }
        return newest
    }

    public func quote(postID: Int) async throws(ForumError) -> String {
        let form = try await composeForm(url("newreply.php", [("action", "newreply"), ("postid", String(postID))]))
        guard let text = form.value(of: "message") else {
            throw .unexpected(Evidence("the quote form has no message"))
        }
        return text
    }

    public func postSource(postID: Int) async throws(ForumError) -> String {
        let form = try await composeForm(editFormURL(postID: postID))
        guard let text = form.value(of: "message") else {
            throw .unexpected(Evidence("the edit form has no message"))
        }
        return text
    }

    public func edit(postID: Int, bbcode: String) async -> PostOutcome {
        await edit(postID: postID, bbcode: bbcode, expecting: nil)
    }

    /// The edit form fetched right before the POST holds the post as it is now: when that is not
    /// what the edit expects, nothing is posted and the sender merges again (a wait of 0 s the
    /// forum's change asks for, not a failure).
    public func edit(postID: Int, bbcode: String, expecting: String?) async -> PostOutcome {
        await compose(editFormURL(postID: postID), ComposeSteps(
            fill: { (form: inout HTMLForm) throws(ForumError) in
                if let expecting, let now = form.value(of: "message"), !SAText.same(now, expecting) {
                    throw .retryLater(after: .zero, reason: .changedOnTheForum(postID: postID))
                }
                form.set("message", to: bbcode)
            },
            receipt: SAEvidence.edit(postID: postID),
            confirm: { receipt, marker in await self.confirmPost(receipt, bbcode: bbcode, after: marker) }))
    }

    public func newThread(_ thread: NewThread) async -> PostOutcome {
        // A tag may be named by its title, which only the page shows (the form holds values).
        var titles: [PostIcon] = []
        if thread.secondaryTag != nil {
            do { titles = try await postIcons(forumID: thread.forumID) } catch { return PostOutcome(error) }
        }
        func fill(_ form: inout HTMLForm) throws(ForumError) {
            form.set("subject", to: thread.subject)
            form.set("message", to: thread.bbcode)
            if let icon = thread.iconID, !form.choose("iconid", value: icon) {
                throw .rejected(.invalid("forum \(thread.forumID) offers no post icon \(icon); `missive icons \(thread.forumID)` lists them"))
            }
            // Checked in the form itself, before anything is posted: an unknown or missing tag never goes out.
            let choice = TagChoice(forumID: thread.forumID, groups: TagGroup.groups(in: form, titles: titles))
            do {
                if let tag = try choice.pick(thread.secondaryTag) { form.choose(tag.group, value: tag.id) }
            } catch {
                throw .rejected(.invalid(error.description))
            }
        }
        return await compose(newThreadFormURL(forumID: thread.forumID), ComposeSteps(
            fill: fill,
            beforeSubmit: { (form: HTMLForm) throws(ForumError) in
                // Some forums offer only Preview: preview first, then submit the form the preview returns.
                guard !form.hasSubmitButton(named: "submit") else { return form }
                var next = try await self.previewedForm(form)
                try fill(&next)
                return next
            },
            marker: { (_: HTMLDocument) throws(ForumError) in try await self.newestThreadID(forumID: thread.forumID) },
            receipt: SAEvidence.thread(_:after:),
            confirm: { receipt, marker in await self.confirmThread(receipt, bbcode: thread.bbcode, after: marker) }))
    }

    /// A new thread's claim made proof: its page is a thread newer than the marker whose first
    /// post is ours and holds our text. Anything short of that is unknown, with the marker for reconcile.
    func confirmThread(_ claim: Receipt, bbcode: String, after marker: Int?) async -> PostOutcome {
        do {
            guard let userID = await sessionUserID() else { throw ForumError.rejected(.notLoggedIn) }
            var id = claim.id
            // A link to the first post names no thread: its page does.
            if id == nil, let link = claim.url { id = SAPageIdentity.threadID(of: try await page(link)) }
            guard let id, id > (marker ?? 0) else {
                return .unknown(Evidence("the forum's answer names \(claim), not a thread newer than the send", reconcileAfter: marker))
            }
            let address = url("showthread.php", [("threadid", String(id))])
            let document = try await page(address)
            guard SAPageIdentity.isThread(document, id), let first = Self.posts(in: document).first, first.authorID == userID else {
                return .unknown(Evidence("thread \(id) does not start with a post of ours", url: address, reconcileAfter: marker))
            }
            guard try await holds(bbcode, shownAs: Self.shownKey(bbcode), post: first.id, on: document) else {
                return .unknown(Evidence("thread \(id) starts with a post of ours that does not hold the text sent", url: address, reconcileAfter: marker))
            }
            return .sent(Receipt(kind: .thread, id: id, url: address))
        } catch {
            return .unknown(Evidence("the forum named \(claim), which could not be checked: \(error)", reconcileAfter: marker))
        }
    }

    /// Posts the form with its Preview button and returns the form the preview page carries.
    private func previewedForm(_ form: HTMLForm) async throws(ForumError) -> HTMLForm {
        let document = try await previewPage(form)
        guard let next = document.form(named: "vbform"), next.hasSubmitButton(named: "submit") else {
            throw .unexpected(Evidence("the preview page has no form to submit", url: form.action))
        }
        return next
    }

    /// The page a Preview click returns. A preview posts nothing, so any failure is only a failure.
    func previewPage(_ form: HTMLForm) async throws(ForumError) -> HTMLDocument {
        let request = HTTPRequest.post(form.action, form: MultipartFormData(fields: form.submission(clicking: "preview")))
        var answer = Answer(try await session.send(request))
        // A redirect is followed by hand, as a GET and on this forum only.
        if answer.response.isRedirect, let location = answer.response.redirect {
            guard isOnForum(location) else {
                throw .unexpected(Evidence("the preview redirected away to \(location.absoluteString)", status: answer.response.status))
            }
            answer = try await get(location)
        }
        if let failure = answer.failure(purpose: .posting) { throw failure }
        return try answer.requireDocument()
    }

    public func preview(_ target: PreviewTarget, bbcode: String) async throws(ForumError) -> RenderedPreview {
        var form: HTMLForm
        switch target {
        case let .reply(threadID):
            form = try await composeForm(replyFormURL(threadID: threadID))
        case let .edit(postID):
            form = try await composeForm(editFormURL(postID: postID))
        case let .newThread(forumID, subject):
            form = try await composeForm(newThreadFormURL(forumID: forumID))
            form.set("subject", to: subject)
        }
        form.set("message", to: bbcode)
        guard form.hasSubmitButton(named: "preview") else {
            throw .unexpected(Evidence("the form has no Preview button", url: form.action))
        }
        let document = try await previewPage(form)
        guard let body = document.first("//*[\(xpathHasClass("postbody"))]") else {
            throw .unexpected(Evidence("the preview page has no rendered post (.postbody)", url: form.action))
        }
        return RenderedPreview(html: body.safeInnerHTML.trimmingCharacters(in: .whitespacesAndNewlines), text: body.readableText)
    }

    public func postIcons(forumID: Int) async throws(ForumError) -> [PostIcon] {
        let (document, _) = try await composePage(newThreadFormURL(forumID: forumID))
        let form = "//form[@name='vbform']"
        var icons: [PostIcon] = []
        for input in document.select("\(form)//div[\(xpathHasClass("posticon"))]//input[@name='iconid']") {
            let image = input.first("ancestor::div[\(xpathHasClass("posticon"))][1]//img")
            icons.append(PostIcon(group: "iconid", id: input.attribute("value") ?? "", title: Self.title(of: image),
                                  imageURL: image?.attribute("src").flatMap(document.resolve), isDefault: input.hasAttribute("checked")))
        }
        // A second tag group: radios not named iconid, each followed by its picture.
        for input in document.select("\(form)//input[@type='radio' and @name!='iconid']") {
            let image = input.first("following-sibling::img[1]")
            icons.append(PostIcon(group: input.attribute("name") ?? "", id: input.attribute("value") ?? "",
                                  title: Self.title(of: image), imageURL: image?.attribute("src").flatMap(document.resolve),
                                  isDefault: input.hasAttribute("checked")))
        }
        return icons
    }

    /// The picture's title or alt text; else its file's name (Ask/Tell's tags are bare `tma.gif`
    /// and `ama.gif`), so that every tag has a name a person can type.
    static func title(of image: HTMLNode?) -> String {
        for attribute in ["title", "alt"] {
            if let text = image?.attribute(attribute)?.trimmingCharacters(in: .whitespaces), !text.isEmpty { return text }
        }
        guard let source = image?.attribute("src"), let file = source.split(separator: "/").last else { return "" }
        return String(file.split(separator: ".").first ?? file)
    }
}
