import Foundation
import GRDB

/// `private.php`: the Inbox and Sent Items folders, reading one message, the new-message form
/// (fresh, replying, forwarding, or to a given user), and sending (`action=dosend`).
/// The PM form has no formkey; PMs have their own flood interval and a 100,000-character limit.
extension SandboxForum {
    func privateMessages(_ request: SandboxRequest, user: UserRecord?) async throws -> SandboxResponse {
        let user = try member(user)
        if user.standing == .noplatinum { return ErrorPages.requiresPlatinum(user) }
        switch (request.method, request.action) {
        case (.post, "dosend"): return try await sendMessage(request, user: user)
        case (_, "show"): return try await showMessage(request, user: user)
        case (_, "newmessage"): return try await messageForm(request, user: user)
        default: return try await folder(request, user: user)
        }
    }

    // MARK: Folders and messages

    private func folder(_ request: SandboxRequest, user: UserRecord) async throws -> SandboxResponse {
        let folderId = request.id("folderid") == MessageRecord.sentItems ? MessageRecord.sentItems : MessageRecord.inbox
        let (messages, names) = try await database.queue.read { db in
            let messages = try MessageRecord.filter(Column("ownerId") == user.id && Column("folderId") == folderId)
                .order(Column("sentAt").desc, Column("id").desc).fetchAll(db)
            return (messages, try userNames(db))
        }
        let rows = messages.map { message -> String in
            let other = folderId == MessageRecord.sentItems ? message.toId : message.fromId
            let icon = Catalog.icon(message.iconId)
            return """
            <tr>
            <td class="status"><img src="/images/pm/\(Self.statusImage(message))" alt=""></td>
            <td class="icon">\(icon.map { "<img src=\"\($0.imagePath)\" alt=\"\(esc($0.name))\">" } ?? "")</td>
            <td class="title"><a href="private.php?action=show&amp;privatemessageid=\(message.id)">\(NumericReferences.escapeKeepingReferences(message.title))</a></td>
            <td class="sender">\(esc(names[other] ?? ""))</td>
            <td class="date">\(esc(ForumDates.message(message.sentAt)))</td>
            </tr>
            """
        }
        let folderName = folderId == MessageRecord.sentItems ? "Sent Items" : "Inbox"
        let options = [(MessageRecord.inbox, "Inbox"), (MessageRecord.sentItems, "Sent Items")].map { id, name in
            "<option value=\"\(id)\"\(id == folderId ? " selected" : "")>\(name)</option>"
        }.joined()
        // As on the real page, the folder shown is named by the move form's hidden `thisfolder`;
        // its own list offers the other folders, none of them selected.
        let moveTargets = [(MessageRecord.inbox, "Inbox"), (MessageRecord.sentItems, "Sent Items")].filter { $0.0 != folderId }
            .map { "<option value=\"\($0.0)\">\($0.1)</option>" }.joined()
        return .page(Layout.page(title: "Private Messages", bodyClass: "private_messages", user: user, content: """
            \(Layout.breadcrumbs([("Private Messages", "private.php"), (folderName, "private.php?folderid=\(folderId)")]))
            <form action="private.php" method="get" class="folder_select">
            <select name="folderid">\(options)</select> <input type="submit" value="Go">
            </form>
            <p><a href="private.php?action=newmessage">Send a new private message</a></p>
            <form action="private.php" method="post" name="form">
            <table class="standard">
            <thead><tr><th></th><th></th><th>Subject</th><th>\(folderId == MessageRecord.sentItems ? "To" : "Sender")</th><th>Date</th></tr></thead>
            <tbody>
            \(rows.joined(separator: "\n"))
            </tbody>
            <tfoot><tr><td colspan="5">
            <input type="hidden" name="action" value="dostuff">
            <input type="hidden" name="thisfolder" value="\(folderId)">
            Selected messages: <select name="folderid">\(moveTargets)</select>
            </td></tr></tfoot>
            </table>
            </form>
            """))
    }

    /// The status picture the folder and message pages show: new, replied, forwarded or read.
    static func statusImage(_ message: MessageRecord) -> String {
        if !message.seen { return "newpm.gif" }
        if message.forwarded { return "forwarded.gif" }
        if message.repliedTo { return "replied.gif" }
        return "pm.gif"
    }

    private func showMessage(_ request: SandboxRequest, user: UserRecord) async throws -> SandboxResponse {
        guard let messageId = request.id("privatemessageid"),
              let (message, names) = try await database.queue.write({ db -> (MessageRecord, [Int64: String])? in
                  guard var message = try MessageRecord.fetchOne(db, key: messageId), message.ownerId == user.id else { return nil }
                  let shown = message
                  if !message.seen {
                      message.seen = true
                      try message.update(db)
                  }
                  return (shown, try userNames(db))
              })
        else { return ErrorPages.standardError(ErrorPages.Message.invalidMessage, user: user) }
        let author = names[message.fromId] ?? ""
        return .page(Layout.page(title: message.title, bodyClass: "private_show", user: user, content: """
            \(Layout.breadcrumbs([("Private Messages", "private.php"), (message.title, "private.php?action=show&privatemessageid=\(message.id)")]))
            <table class="post" id="msg\(message.id)">
            <tr>
            <td class="userinfo userid-\(message.fromId)"><dl class="userinfo"><dt class="author">\(esc(author))</dt></dl></td>
            <td class="postbody">
            \(PostRenderer.html(message.bbcode))
            </td>
            </tr>
            <tr>
            <td class="postdate"><img src="/images/pm/\(Self.statusImage(message))" alt=""> \(esc(ForumDates.post(message.sentAt)))</td>
            <td class="postlinks">To: \(esc(names[message.toId] ?? ""))</td>
            </tr>
            </table>
            <div class="buttons">
            <a href="private.php?action=newmessage&amp;privatemessageid=\(message.id)">Reply</a>
            <a href="private.php?action=newmessage&amp;privatemessageid=\(message.id)&amp;forward=true">Forward</a>
            </div>
            """))
    }

    private func userNames(_ db: Database) throws -> [Int64: String] {
        Dictionary(uniqueKeysWithValues: try UserRecord.fetchAll(db).map { ($0.id, $0.username) })
    }

    // MARK: Writing

    /// What the PM form carries.
    private struct MessageDraft {
        var recipient = ""
        var title = ""
        var message = ""
        var iconId: Int64 = 0
        var previousMessageId: Int64?
        var forward = false
        var saveCopy = true
        var parseURLs = true
    }

    /// `newmessage`: blank, to `userid`, or about `privatemessageid` (a reply quotes it and
    /// addresses its sender; `forward=true` quotes it for someone new).
    private func messageForm(_ request: SandboxRequest, user: UserRecord) async throws -> SandboxResponse {
        var draft = MessageDraft()
        if let toId = request.id("userid") {
            draft.recipient = try await database.queue.read { db in try UserRecord.fetchOne(db, key: toId)?.username } ?? ""
        }
        if let messageId = request.id("privatemessageid") {
            guard let (message, sender) = try await database.queue.read({ db -> (MessageRecord, String)? in
                guard let message = try MessageRecord.fetchOne(db, key: messageId), message.ownerId == user.id else { return nil }
                return (message, try UserRecord.fetchOne(db, key: message.fromId)?.username ?? "")
            }) else { return ErrorPages.standardError(ErrorPages.Message.invalidMessage, user: user) }
            draft.forward = request["forward"] == "true"
            draft.previousMessageId = message.id
            draft.recipient = draft.forward ? "" : sender
            draft.title = (draft.forward ? "Fw: " : "Re: ") + message.title
            draft.message = "[quote]\n\(sender) wrote on \(ForumDates.message(message.sentAt)):\n\(message.bbcode)\n[/quote]\n\n"
        }
        return messagePage(user: user, draft: draft, preview: false)
    }

    private func sendMessage(_ request: SandboxRequest, user: UserRecord) async throws -> SandboxResponse {
        let draft = MessageDraft(recipient: (request.form["touser"] ?? "").trimmingCharacters(in: .whitespaces),
                                 title: (request.form["title"] ?? "").trimmingCharacters(in: .whitespaces),
                                 message: Self.normalizedMessage(request.form["message"] ?? ""),
                                 iconId: request.id("iconid") ?? 0, previousMessageId: request.id("prevmessageid"),
                                 forward: request.form["forward"] == "true", saveCopy: request.form["savecopy"] == "yes",
                                 parseURLs: request.form["parseurl"] == "yes")
        if request.form["preview"] != nil || request.form["submit"] == nil {
            return messagePage(user: user, draft: draft, preview: request.form["preview"] != nil)
        }
        if draft.title.isEmpty || draft.message.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            return ErrorPages.standardError(ErrorPages.Message.emptyFields, user: user)
        }
        if let refusal = lengthRefusal(draft.message, limit: Self.messageLengthLimit, user: user) { return refusal }
        guard draft.iconId == 0 || Catalog.icon(draft.iconId) != nil else {
            return ErrorPages.standardError(ErrorPages.Message.invalidIcon, user: user)
        }
        let time = now
        let outcome = try await database.queue.write { db -> PostingOutcome in
            // A name with characters outside windows-1252 arrives as references: look it up as read.
            let names = [draft.recipient, NumericReferences.decode(draft.recipient)]
            guard let recipient = try UserRecord.filter(names.contains(Column("username").collating(.nocase))).fetchOne(db)
            else { return .refused(ErrorPages.standardError(ErrorPages.Message.unknownRecipient(draft.recipient), user: user)) }
            guard let fresh = try UserRecord.fetchOne(db, key: user.id) else {
                return .refused(ErrorPages.mustRegister())
            }
            if let flood = floodRefusal(fresh, kind: .privateMessage) { return .refused(flood) }
            var copy = MessageRecord(id: try Self.nextId(db, table: "message", first: 9_000_001), ownerId: recipient.id,
                                     folderId: MessageRecord.inbox, fromId: user.id, toId: recipient.id,
                                     title: draft.title, bbcode: draft.message, iconId: draft.iconId, sentAt: time,
                                     seen: false, repliedTo: false, forwarded: false,
                                     previousMessageId: draft.previousMessageId)
            try copy.insert(db)
            if draft.saveCopy {
                copy.id += 1
                copy.ownerId = user.id
                copy.folderId = MessageRecord.sentItems
                copy.seen = true
                try copy.insert(db)
            }
            if let previous = draft.previousMessageId, var original = try MessageRecord.fetchOne(db, key: previous),
               original.ownerId == user.id {
                if draft.forward { original.forwarded = true } else { original.repliedTo = true }
                try original.update(db)
            }
            try db.execute(sql: "UPDATE user SET lastMessageAt = ? WHERE id = ?", arguments: [time, user.id])
            return .stored(copy.id)
        }
        switch outcome {
        case .refused(let page): return page
        case .stored:
            return ErrorPages.redirect("Thank you for sending your private message. You will now be returned to your private messages.",
                                       to: "private.php", user: user)
        }
    }

    private func messagePage(user: UserRecord, draft: MessageDraft, preview: Bool) -> SandboxResponse {
        var hidden = [ComposeForm.hidden("action", "dosend")]
        if let previous = draft.previousMessageId {
            hidden.append(ComposeForm.hidden("prevmessageid", String(previous)))
            hidden.append(ComposeForm.hidden("forward", draft.forward ? "true" : ""))
        }
        let content = """
            \(Layout.breadcrumbs([("Private Messages", "private.php"), ("Send Private Message", "private.php?action=newmessage")]))
            \(preview ? PostViews.preview(draft.message, title: draft.title) : "")
            \(ComposeForm.open(action: "private.php"))
            \(hidden.joined(separator: "\n"))
            <table class="standard" id="main_full">
            <thead><tr><th colspan="2">Send Private Message</th></tr></thead>
            \(ComposeForm.loggedIn(user))
            \(ComposeForm.textInput("touser", value: draft.recipient, label: "Recipient Username:", size: 40))
            \(ComposeForm.textInput("title", value: draft.title, label: "Title:"))
            \(ComposeForm.icons(selected: draft.iconId))
            \(ComposeForm.message(draft.message, limit: Self.messageLengthLimit))
            <tr><td><b>Options:</b></td><td class="smalltext">
            \(ComposeForm.checkbox("parseurl", draft.parseURLs, "Automatically parse URLs"))
            \(ComposeForm.checkbox("savecopy", draft.saveCopy, "Save a copy in your Sent Items folder"))
            </td></tr>
            </table>
            \(ComposeForm.buttons([("submit", "Send Message"), ("preview", "Preview Message")]))
            </form>
            """
        return .page(Layout.page(title: "Send Private Message", bodyClass: "private_newmessage", user: user, content: content))
    }
}
