import Common
import Foundation

/// Did a send whose answer was lost land? Look where it would be and compare the BBCode the
/// forum holds with what was sent: a reply among the thread's posts newer than the attempt, a
/// thread in its forum, a PM in Sent Items newer than the attempt, an edit in the post itself.
extension SomethingAwfulAdapter {
    /// How many of our own posts (or candidate threads, or PMs) to open and compare.
    static let reconcileCandidates = 10
    /// How many thread pages to walk back looking for the marker.
    static let reconcilePages = 10

    public func reconcile(_ attempt: Attempt) async -> Reconciliation {
        do {
            switch attempt {
            case let .reply(threadID, bbcode, after):
                guard let after else { return .undetermined(Self.noMarker("the thread's last post")) }
                return try await findReply(threadID: threadID, bbcode: bbcode, after: after)
            case let .edit(postID, bbcode):
                return try await findEdit(postID: postID, bbcode: bbcode).map(Reconciliation.landed) ?? .absent
            case let .newThread(forumID, subject, bbcode):
                return try await findThread(forumID: forumID, subject: subject, bbcode: bbcode).map(Reconciliation.landed) ?? .absent
            case let .privateMessage(to, subject, bbcode, after):
                guard let after else { return .undetermined(Self.noMarker("the newest message in Sent Items")) }
                return try await findPrivateMessage(to: to, subject: subject, bbcode: bbcode, after: after)
            }
        } catch {
            return .undetermined(error)
        }
    }

    private static func noMarker(_ what: String) -> ForumError {
        .unexpected(Evidence("the attempt does not say what \(what) was before the send, so an older identical one cannot be told from it"))
    }

    /// Walks the thread back from its last page. Only our posts newer than `after` are compared;
    /// the reply is absent only once a page reaches back to `after` (replies by others may have
    /// filled pages since).
    private func findReply(threadID: Int, bbcode: String, after: Int) async throws(ForumError) -> Reconciliation {
        guard let userID = await sessionUserID() else { throw .rejected(.notLoggedIn) }
        var pageURL = url("showthread.php", [("threadid", String(threadID)), ("goto", "lastpost")])
        var compared = 0
        for _ in 0..<Self.reconcilePages {
            let document = try await page(pageURL)
            let posts = Self.posts(in: document)
            guard !posts.isEmpty else { throw .unexpected(Evidence("the thread page shows no posts", url: document.url)) }
            for post in posts.reversed() where post.id > after && post.authorID == userID {
                guard compared < Self.reconcileCandidates else {
                    throw .unexpected(Evidence("more than \(Self.reconcileCandidates) of our posts since the attempt; none matches so far"))
                }
                compared += 1
                if Self.sameText(try await postSource(postID: post.id), bbcode) {
                    return .landed(Receipt(kind: .post, id: post.id, url: postURL(post.id)))
                }
            }
            if posts.contains(where: { $0.id <= after }) { return .absent }
            guard let previous = Self.previousPage(of: document) else {
                throw .unexpected(Evidence("the thread no longer shows post \(after), its last post before the send", url: document.url))
            }
            pageURL = previous
        }
        throw .unexpected(Evidence("more than \(Self.reconcilePages) pages of posts since the attempt", url: pageURL))
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

    /// Sent Items, newest first: a message newer than `after`, to the same person, with the same
    /// subject and exactly the same text. Absent only when the folder still reaches back to `after`.
    func findPrivateMessage(to recipient: String, subject: String, bbcode: String, after: Int) async throws(ForumError) -> Reconciliation {
        let folder = try await privateMessages(in: .sent)
        let wanted = Self.collapsed(subject)
        let candidates = folder.filter { message in
            message.id > after && Self.sameName(message.correspondent, recipient) && Self.collapsed(message.subject) == wanted
        }
        guard candidates.count <= Self.reconcileCandidates else {
            throw .unexpected(Evidence("more than \(Self.reconcileCandidates) messages like it in Sent Items since the attempt"))
        }
        for message in candidates {
            // Replying quotes the message's BBCode: `[quote]\nname wrote on DATE:\nTEXT\n[/quote]`.
            if Self.quotedText(try await quotePrivateMessage(id: message.id)) == Self.normalized(bbcode) {
                return .landed(Receipt(kind: .privateMessage, id: message.id,
                                       url: url("private.php", [("action", "show"), ("privatemessageid", String(message.id))])))
            }
        }
        if after == 0 || folder.contains(where: { $0.id <= after }) { return .absent }
        throw .unexpected(Evidence("Sent Items no longer shows message \(after), the newest before the send"))
    }

    /// One post on a thread page: its id and its author's user id.
    struct PagePost: Equatable {
        var id: Int
        var authorID: Int?
    }

    /// The posts on a thread page, in page order (oldest first).
    static func posts(in document: HTMLDocument) -> [PagePost] {
        document.select("//table[\(xpathHasClass("post"))][starts-with(@id, 'post')]").compactMap { table in
            guard let id = String((table.attribute("id") ?? "").dropFirst(4)).nonEmptyInt else { return nil }
            // The author's cell carries the class `userid-N`.
            let cell = table.first(".//td[contains(concat(' ', normalize-space(@class)), ' userid-')]")
            let author = (cell?.attribute("class") ?? "").split(separator: " ")
                .first { $0.hasPrefix("userid-") }.flatMap { String($0.dropFirst(7)).nonEmptyInt }
            return PagePost(id: id, authorID: author)
        }
    }

    static func postIDs(in document: HTMLDocument) -> [Int] {
        posts(in: document).map(\.id)
    }

    /// The page picker's link to the page before this one; nil on a thread's first page.
    static func previousPage(of document: HTMLDocument) -> URL? {
        document.first("//div[\(xpathHasClass("pages"))]//a[@title='Previous page']")?.attribute("href").flatMap(document.resolve)
    }

    func postURL(_ postID: Int) -> URL {
        url("showthread.php", [("goto", "post"), ("postid", String(postID))])
    }

    /// The text of a PM as a reply form quotes it, without the `[quote]` and `name wrote on DATE:`
    /// lines around it; nil when the quote is not in that shape.
    static func quotedText(_ quote: String) -> String? {
        let lines = normalized(quote).components(separatedBy: "\n")
        guard lines.count >= 3, lines[0] == "[quote]", lines[lines.count - 1] == "[/quote]",
            lines[1].contains(" wrote on "), lines[1].hasSuffix(":")
        else { return nil }
        return normalized(lines[2..<(lines.count - 1)].joined(separator: "\n"))
    }

    /// Usernames as the forum matches them: case does not matter, outer spaces do not count.
    static func sameName(_ a: String, _ b: String) -> Bool {
        collapsed(a).caseInsensitiveCompare(collapsed(b)) == .orderedSame
    }

    static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
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
