import Foundation

/// Private messages: sending (new, reply, forward), quoting, folders, reading one.
extension SomethingAwfulAdapter {
    func newMessageURL(quoting id: Int?) -> URL {
        var parameters = [("action", "newmessage")]
        if let id { parameters.append(("privatemessageid", String(id))) }
        return url("private.php", parameters)
    }

    public func send(_ message: PrivateMessage) async -> PostOutcome {
        // The compose page's own check counts what the textarea holds (line breaks as one character).
        let length = MultipartFormData.crlf(message.bbcode).replacingOccurrences(of: "\r\n", with: "\n").utf16.count
        guard length <= PrivateMessage.lengthLimit else {
            return .rejected(.tooLong(limit: PrivateMessage.lengthLimit, message: "the message has \(length) characters"))
        }
        let previous: Int? = switch message.relation {
        case .new: nil
        case let .reply(to): to
        case let .forward(of): of
        }
        return await compose(newMessageURL(quoting: previous), ComposeSteps(fill: { (form: inout HTMLForm) throws(ForumError) in
            form.set("action", to: "dosend")
            form.set("touser", to: message.to)
            form.set("title", to: message.subject)
            form.set("message", to: message.bbcode)
            form.include("iconid", message.iconID ?? "0")
            form.include("savecopy", "yes")
            form.include("parseurl", "yes")
            switch message.relation {
            case .new:
                break
            case let .reply(to):
                form.set("prevmessageid", to: String(to))
                form.set("forward", to: "")
            case let .forward(of):
                form.set("prevmessageid", to: String(of))
                form.set("forward", to: "true")
            }
        }, marker: { (_: HTMLDocument) throws(ForumError) in
            try await self.newestSentMessageID()
        }, receipt: SAEvidence.privateMessageFolder, confirm: { _, marker in
            await self.confirmInSentItems(message, after: marker)
        }))
    }

    /// The newest message in Sent Items (0 when it is empty): the reconcile marker of a PM.
    func newestSentMessageID() async throws(ForumError) -> Int {
        try await privateMessages(in: .sent).map(\.id).max() ?? 0
    }

    /// The forum's redirect to the folder only claims the send; the message in Sent Items,
    /// newer than the marker, proves it.
    private func confirmInSentItems(_ message: PrivateMessage, after marker: Int?) async -> PostOutcome {
        let attempt = Attempt.privateMessage(to: message.to, subject: message.subject, bbcode: message.bbcode, after: marker)
        switch await reconcile(attempt) {
        case let .landed(receipt):
            return .sent(receipt)
        case .absent:
            return .unknown(Evidence("the forum went back to the PM folder but Sent Items does not show the message", reconcileAfter: marker))
        case let .undetermined(error):
            return .unknown(Evidence("the forum went back to the PM folder; Sent Items could not be checked: \(error)", reconcileAfter: marker))
        }
    }

    public func quotePrivateMessage(id: Int) async throws(ForumError) -> String {
        let form = try await composeForm(newMessageURL(quoting: id))
        guard let text = form.value(of: "message") else {
            throw .unexpected(Evidence("the reply form has no message"))
        }
        return text
    }

    public func privateMessages(in folder: PrivateMessageFolder) async throws(ForumError) -> [PrivateMessageSummary] {
        let document = try await page(url("private.php", [("folderid", folder.folderID)]))
        // An empty folder proves an absence only when it is surely this folder (reconcile).
        guard SAPageIdentity.isFolder(document, folder) else {
            throw .unexpected(Evidence("asked for \(folder == .sent ? "Sent Items" : "the inbox"), the forum showed another page",
                                       url: document.url))
        }
        let rows = document.select("//tr[td[\(xpathHasClass("title"))]//a[contains(@href, 'privatemessageid')]]")
        return rows.compactMap { row in
            guard let link = row.first(".//td[\(xpathHasClass("title"))]//a[contains(@href, 'privatemessageid')]"),
                let target = link.attribute("href").flatMap(document.resolve),
                let id = SAEvidence.parameters(target)["privatemessageid"].flatMap(Int.init)
            else { return nil }
            let status = row.first(".//td[\(xpathHasClass("status"))]//img")?.attribute("src") ?? ""
            return PrivateMessageSummary(
                id: id, subject: link.visibleText,
                correspondent: row.first(".//td[\(xpathHasClass("sender"))]")?.visibleText ?? "",
                date: row.first(".//td[\(xpathHasClass("date"))]")?.visibleText ?? "",
                unread: status.contains("newpm"), replied: status.contains("replied"), forwarded: status.contains("forwarded"))
        }
    }

    public func privateMessage(id: Int) async throws(ForumError) -> PrivateMessageContent {
        try await readPrivateMessage(id: id, text: \.readableText)
    }

    /// A message's page read, its body drawn as `text` draws it (readable for the inbox, with its
    /// quotes and pictures for the context of a reply).
    func readPrivateMessage(id: Int, text: (HTMLNode) -> String) async throws(ForumError) -> PrivateMessageContent {
        let document = try await page(url("private.php", [("action", "show"), ("privatemessageid", String(id))]))
        guard let body = document.first("//td[\(xpathHasClass("postbody"))]") else {
            throw .unexpected(Evidence("the page has no message (td.postbody)", url: document.url))
        }
        // The subject is the last step of the breadcrumbs: "Private Messages > Inbox > Subject".
        let crumbs = document.first("//div[\(xpathHasClass("breadcrumbs"))]//b")?.visibleText ?? ""
        let subject = crumbs.components(separatedBy: " > ").last?.trimmingCharacters(in: .whitespaces) ?? ""
        let date = document.first("//td[\(xpathHasClass("postdate"))]")?.visibleText ?? ""
        return PrivateMessageContent(
            id: id, subject: subject, author: document.first("//dt[\(xpathHasClass("author"))]")?.visibleText ?? "",
            date: date.trimmingCharacters(in: CharacterSet(charactersIn: "# ")), text: text(body))
    }
}
