import Common
import Foundation

/// Did a send whose answer was lost land? Look where it would be and compare the BBCode the
/// forum holds with what was sent: a reply among the thread's posts newer than the attempt, a
/// thread in its forum, a PM in Sent Items newer than the attempt, an edit in the post itself.
extension SomethingAwfulAdapter {
    public func reconcile(_ attempt: Attempt) async -> Reconciliation {
        await reconciling { () throws(ForumError) -> Reconciliation in
            switch attempt {
            case let .reply(threadID, bbcode, after):
                guard let after else { return .undetermined(Self.noMarker("what the thread's last post was")) }
                return try await findReply(threadID: threadID, bbcode: bbcode, after: after)
            case let .edit(postID, bbcode, before):
                return EditFound.decide(now: try await postSource(postID: postID), ours: bbcode, before: before, same: SAText.same)
                    .reconciliation(Receipt(kind: .edit, id: postID, url: postURL(postID)), postID: postID)
            case let .newThread(forumID, subject, bbcode, after):
                return try await findThread(forumID: forumID, subject: subject, bbcode: bbcode, after: after)
            case let .privateMessage(to, subject, bbcode, after):
                guard let after else { return .undetermined(Self.noMarker("what the newest message in Sent Items was")) }
                return try await findPrivateMessage(to: to, subject: subject, bbcode: bbcode, after: after)
            }
        }
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
            guard SAPageIdentity.isThread(document, threadID) else {
                throw .unexpected(Evidence("asked for thread \(threadID), the forum showed another page", url: document.url))
            }
            let posts = Self.posts(in: document)
            for post in posts.reversed() where post.id > after && post.authorID == userID {
                guard compared < Self.reconcileCandidates else {
                    throw .unexpected(Evidence("more than \(Self.reconcileCandidates) of our posts since the attempt; none matches so far"))
                }
                compared += 1
                if SAText.same(try await postSource(postID: post.id), bbcode) {
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

    /// The forum's first page of threads: a thread of ours newer than `after` (the newest thread
    /// before the attempt), with the same title and exactly the same first post. Absent only when
    /// the page is surely that forum's list; without `after` an older identical thread cannot be
    /// told from this one, so nothing found stays undetermined.
    private func findThread(forumID: Int, subject: String, bbcode: String, after: Int?) async throws(ForumError) -> Reconciliation {
        guard let userID = await sessionUserID() else { throw .rejected(.notLoggedIn) }
        let forum = try await threadList(forumID: forumID)
        let candidates = Self.threads(in: forum).filter { row in
            row.id > (after ?? 0) && row.authorID == userID && Self.sameTitle(row.title, subject)
        }
        guard candidates.count <= Self.reconcileCandidates else {
            throw .unexpected(Evidence("more than \(Self.reconcileCandidates) threads like it since the attempt"))
        }
        for row in candidates {
            let address = url("showthread.php", [("threadid", String(row.id))])
            let thread = try await page(address)
            guard SAPageIdentity.isThread(thread, row.id), let first = Self.posts(in: thread).first else {
                throw .unexpected(Evidence("asked for thread \(row.id), the forum showed another page", url: thread.url))
            }
            if first.authorID == userID, SAText.same(try await postSource(postID: first.id), bbcode) {
                return .landed(Receipt(kind: .thread, id: row.id, url: address))
            }
        }
        guard after != nil else { return .undetermined(Self.noMarker("what the forum's newest thread was")) }
        return .absent
    }

    /// The forum's first page of threads, checked to be that forum's.
    func threadList(forumID: Int) async throws(ForumError) -> HTMLDocument {
        let document = try await page(url("forumdisplay.php", [("forumid", String(forumID))]))
        guard SAPageIdentity.isThreadList(document, of: forumID) else {
            throw .unexpected(Evidence("asked for forum \(forumID)'s threads, the forum showed another page", url: document.url))
        }
        return document
    }

    /// The newest thread in a forum now (0 when it has none): a new thread's reconcile marker.
    /// Threads are numbered in the order they are made, so a new one has a larger id than any
    /// on the list, sticky or bumped.
    func newestThreadID(forumID: Int) async throws(ForumError) -> Int {
        Self.threads(in: try await threadList(forumID: forumID)).map(\.id).max() ?? 0
    }

    /// One row of a forum's thread list.
    struct ListedThread: Equatable {
        var id: Int
        var title: String
        var authorID: Int?
    }

    /// The rows of a thread list: `tr.thread` with id `threadN`, its title link, its author's link.
    static func threads(in document: HTMLDocument) -> [ListedThread] {
        document.select("//tr[\(xpathHasClass("thread"))]").compactMap { row in
            guard let id = SAEvidence.id(String((row.attribute("id") ?? "").drop { !$0.isNumber })) else { return nil }
            let title = row.first(".//a[\(xpathHasClass("thread_title"))]")?.visibleText ?? ""
            let author = row.first(".//td[\(xpathHasClass("author"))]//a[contains(@href, 'userid=')]")?.attribute("href")
                .flatMap(document.resolve).flatMap { SAEvidence.id(SAEvidence.parameters($0)["userid"]) }
            return ListedThread(id: id, title: title, authorID: author)
        }
    }

    /// Sent Items, newest first: a message newer than `after`, to the same person, with the same
    /// subject and exactly the same text. Absent only when the folder still reaches back to `after`.
    func findPrivateMessage(to recipient: String, subject: String, bbcode: String, after: Int) async throws(ForumError) -> Reconciliation {
        let folder = try await privateMessages(in: .sent)
        let candidates = folder.filter { message in
            message.id > after && Self.sameName(message.correspondent, recipient) && Self.sameTitle(message.subject, subject)
        }
        guard candidates.count <= Self.reconcileCandidates else {
            throw .unexpected(Evidence("more than \(Self.reconcileCandidates) messages like it in Sent Items since the attempt"))
        }
        for message in candidates {
            // Replying quotes the message's BBCode: `[quote]\nname wrote on DATE:\nTEXT\n[/quote]`.
            if let quoted = Self.quotedText(try await quotePrivateMessage(id: message.id)), SAText.same(quoted, bbcode) {
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
        let lines = SAText.key(quote).components(separatedBy: "\n")
        guard lines.count >= 3, lines[0] == "[quote]", lines[lines.count - 1] == "[/quote]",
            lines[1].contains(" wrote on "), lines[1].hasSuffix(":")
        else { return nil }
        return lines[2..<(lines.count - 1)].joined(separator: "\n")
    }

    /// Usernames as the forum matches them: case does not matter, outer spaces do not count.
    static func sameName(_ a: String, _ b: String) -> Bool {
        collapsed(a).caseInsensitiveCompare(collapsed(b)) == .orderedSame
    }

    static func collapsed(_ text: String) -> String {
        text.collapsingWhiteSpace
    }

    /// A thread title or PM subject as sent and as a list shows it, compared as `SAText` does.
    static func sameTitle(_ a: String, _ b: String) -> Bool {
        collapsed(SAText.key(a)) == collapsed(SAText.key(b))
    }
}

extension String {
    var nonEmptyInt: Int? {
        guard !isEmpty, allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(self)
    }
}
