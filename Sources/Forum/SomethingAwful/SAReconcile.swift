import Foundation

/// Did a send whose answer was lost land? Look where it would be and compare the BBCode the
/// forum holds with what was sent: a reply on the thread's last page, a thread in its forum, a
/// PM in Sent Items, an edit in the post itself.
extension SomethingAwfulAdapter {
    /// How many of our own posts (or candidate threads, or PMs) to open and compare.
    static let reconcileCandidates = 5

    public func reconcile(_ attempt: Attempt) async -> Reconciliation {
        do {
            let receipt: Receipt? = switch attempt {
            case let .reply(threadID, bbcode): try await findReply(threadID: threadID, bbcode: bbcode)
            case let .edit(postID, bbcode): try await findEdit(postID: postID, bbcode: bbcode)
            case let .newThread(forumID, subject, bbcode): try await findThread(forumID: forumID, subject: subject, bbcode: bbcode)
            case let .privateMessage(_, subject, bbcode): try await findPrivateMessage(subject: subject, bbcode: bbcode)
            }
            return receipt.map(Reconciliation.landed) ?? .absent
        } catch {
            return .undetermined(error)
        }
    }

    private func findReply(threadID: Int, bbcode: String) async throws(ForumError) -> Receipt? {
        let document = try await page(url("showthread.php", [("threadid", String(threadID)), ("goto", "lastpost")]))
        for postID in try await ownPosts(in: document).reversed().prefix(Self.reconcileCandidates) {
            if Self.sameText(try await postSource(postID: postID), bbcode) {
                return Receipt(kind: .post, id: postID, url: postURL(postID))
            }
        }
        return nil
    }

    private func findEdit(postID: Int, bbcode: String) async throws(ForumError) -> Receipt? {
        Self.sameText(try await postSource(postID: postID), bbcode) ? Receipt(kind: .edit, id: postID, url: postURL(postID)) : nil
    }

    private func findThread(forumID: Int, subject: String, bbcode: String) async throws(ForumError) -> Receipt? {
        guard let userID = await sessionUserID() else { throw .rejected(.notLoggedIn) }
        let forum = try await page(url("forumdisplay.php", [("forumid", String(forumID))]))
        let wanted = subject.trimmingCharacters(in: .whitespacesAndNewlines)
        let candidates = forum.select("//tr[\(xpathHasClass("thread"))]").filter { row in
            row.first(".//a[\(xpathHasClass("thread_title"))]")?.visibleText == wanted
                && row.first(".//td[\(xpathHasClass("author"))]//a[contains(@href, 'userid=\(userID)')]") != nil
        }
        for row in candidates.prefix(Self.reconcileCandidates) {
            guard let id = (row.attribute("id") ?? "").drop(while: { !$0.isNumber }).description.nonEmptyInt else { continue }
            let thread = try await page(url("showthread.php", [("threadid", String(id))]))
            guard let firstPost = Self.postIDs(in: thread).first else { continue }
            if Self.sameText(try await postSource(postID: firstPost), bbcode) {
                return Receipt(kind: .thread, id: id, url: url("showthread.php", [("threadid", String(id))]))
            }
        }
        return nil
    }

    private func findPrivateMessage(subject: String, bbcode: String) async throws(ForumError) -> Receipt? {
        let wanted = subject.trimmingCharacters(in: .whitespacesAndNewlines)
        let sent = try await privateMessages(in: .sent).filter { $0.subject == wanted }
        for message in sent.prefix(Self.reconcileCandidates) {
            // Replying quotes the message's BBCode: `[quote]\nname wrote on DATE:\nTEXT\n[/quote]`.
            let quoted = Self.normalized(try await quotePrivateMessage(id: message.id))
            if quoted.contains(Self.normalized(bbcode)) {
                return Receipt(kind: .privateMessage, id: message.id, url: url("private.php", [("action", "show"), ("privatemessageid", String(message.id))]))
            }
        }
        return nil
    }

    /// The ids of the posts on a thread page that this session's user wrote, in page order.
    private func ownPosts(in document: HTMLDocument) async throws(ForumError) -> [Int] {
        guard let userID = await sessionUserID() else { throw .rejected(.notLoggedIn) }
        return document.select("//table[\(xpathHasClass("post"))][starts-with(@id, 'post')]").compactMap { table in
            guard table.first(".//td[\(xpathHasClass("userid-\(userID)"))]") != nil else { return nil }
            return String((table.attribute("id") ?? "").dropFirst(4)).nonEmptyInt
        }
    }

    static func postIDs(in document: HTMLDocument) -> [Int] {
        document.select("//table[\(xpathHasClass("post"))][starts-with(@id, 'post')]").compactMap {
            String(($0.attribute("id") ?? "").dropFirst(4)).nonEmptyInt
        }
    }

    func postURL(_ postID: Int) -> URL {
        url("showthread.php", [("goto", "post"), ("postid", String(postID))])
    }

    /// Text as the forum keeps it: LF line ends, no trailing blanks, and characters outside
    /// windows-1252 in either form (the emoji or its `&#128512;`), since both reach the forum alike.
    static func normalized(_ text: String) -> String {
        let lines = MultipartFormData.crlf(text).components(separatedBy: "\r\n").map { line in
            String(line.reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
        }
        let joined = lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        return Windows1252.decode(Windows1252.encode(joined))
    }

    static func sameText(_ a: String, _ b: String) -> Bool {
        normalized(a) == normalized(b)
    }
}

extension String {
    var nonEmptyInt: Int? {
        guard !isEmpty, allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(self)
    }
}
