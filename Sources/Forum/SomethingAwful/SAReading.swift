import Foundation

/// Reading as a member (forum-protocol.md, "Reading"): the bookmark list
/// (`bookmarkthreads.php`, rows with the `lastseen` block and its unread `count`), adding and
/// removing a bookmark (`POST bookmarkthreads.php json=1`), a thread's pages
/// (`showthread.php`, `goto=newpost`, `noseen=1` to leave the read position alone) and the
/// ignore list (`member2.php?action=viewlist&userlist=ignore`, saved whole).
extension SomethingAwfulAdapter: ForumReader {
    static let threadsPerPage = 40

    public func bookmarks(limit: Int) async throws(ForumError) -> [BookmarkedThread] {
        var threads: [BookmarkedThread] = []
        var pageNumber = 1
        while threads.count < limit {
            let document = try await page(url("bookmarkthreads.php", [("action", "view"), ("perpage", "\(Self.threadsPerPage)"),
                                                                      ("pagenumber", "\(pageNumber)")]))
            guard document.first("//form[@name='bookmarks']") != nil else {
                throw .unexpected(Evidence("asked for the bookmarks, the forum showed another page", url: document.url))
            }
            let rows = Self.threadRows(document)
            threads += rows.filter { row in !threads.contains { $0.thread == row.thread } }
            let pages = Self.pageCount(document)
            if rows.count < Self.threadsPerPage || pageNumber >= pages { break }
            pageNumber += 1
        }
        return Array(threads.prefix(limit))
    }

    /// The threads of a thread list (`tr.thread#threadT`). A row without `div.lastseen` was never
    /// opened (unread unknown); with its `x` but no `count`, everything is read.
    static func threadRows(_ document: HTMLDocument) -> [BookmarkedThread] {
        document.select("//tr[\(xpathHasClass("thread"))][starts-with(@id, 'thread')]").compactMap { row in
            guard let id = SAEvidence.id(String((row.attribute("id") ?? "").dropFirst("thread".count))) else { return nil }
            let title = row.first(".//a[\(xpathHasClass("thread_title"))]")?.visibleText ?? ""
            let lastSeen = row.first(".//div[\(xpathHasClass("lastseen"))]")
            var unread: Int?
            if let lastSeen {
                let count = lastSeen.first(".//a[\(xpathHasClass("count"))]//b")?.visibleText
                    .filter(\.isNumber)
                unread = count.flatMap { Int($0) } ?? (lastSeen.first(".//a[\(xpathHasClass("x"))]") != nil ? 0 : nil)
            }
            let replies = row.first(".//td[\(xpathHasClass("replies"))]")?.visibleText.filter(\.isNumber)
            return BookmarkedThread(thread: id, title: title, unread: unread, closed: row.hasClass("closed"),
                                    posts: replies.flatMap { Int($0) }.map { $0 + 1 })
        }
    }

    /// The number of pages the page picker offers (1 without one).
    static func pageCount(_ document: HTMLDocument) -> Int {
        let options = document.select("//div[\(xpathHasClass("pages"))]//select/option")
        return options.compactMap { Int($0.attribute("value") ?? $0.visibleText) }.max() ?? 1
    }

    public func setBookmark(thread: Int, _ bookmarked: Bool) async throws(ForumError) {
        try await requireSession()
        let fields = [FormField("json", "1"), FormField("action", bookmarked ? "add" : "remove"), FormField("threadid", String(thread))]
        let answer = Answer(try await session.send(.post(url("bookmarkthreads.php"), form: MultipartFormData(fields: fields))))
        if let failure = answer.failure(purpose: .reading) { throw failure }
        guard (200..<300).contains(answer.response.status) else {
            throw .unexpected(Evidence("the forum answered the bookmark change with HTTP \(answer.response.status)",
                                       status: answer.response.status, url: answer.response.url))
        }
    }

    public func threadPage(_ thread: Int, at position: ThreadPosition, marking: ReadMarking) async throws(ForumError) -> ThreadPage {
        var query = [("threadid", String(thread)), ("perpage", "\(Self.threadsPerPage)")]
        if marking == .leaveUnread { query.append(("noseen", "1")) }
        switch position {
        case let .page(number):
            query.append(("pagenumber", String(max(number, 1))))
        case let .post(number):
            query.append(("pagenumber", String((max(number, 1) - 1) / Self.threadsPerPage + 1)))
        case .firstUnread:
            // The redirect names the page (and drops perpage and noseen): ask again with them.
            let pageNumber = try await firstUnreadPage(thread)
            query.append(("pagenumber", String(pageNumber)))
        }
        let document = try await page(url("showthread.php", query))
        return try Self.threadPage(document, thread: thread)
    }

    /// The page `goto=newpost` leads to, read from its redirect without following it (following
    /// it would move the read position even for `--no-mark`).
    private func firstUnreadPage(_ thread: Int) async throws(ForumError) -> Int {
        try await requireSession()
        let request = HTTPRequest(url: url("showthread.php", [("threadid", String(thread)), ("goto", "newpost")]), followRedirects: false)
        let answer = Answer(try await session.send(request))
        if let failure = answer.failure(purpose: .reading) { throw failure }
        guard let target = answer.response.redirect else {
            // No redirect: the forum answered with a page; an error page was caught above.
            throw .unexpected(Evidence("the forum did not lead to the first unread post", status: answer.response.status,
                                       url: answer.response.url))
        }
        return SAEvidence.parameters(target)["pagenumber"].flatMap(Int.init) ?? 1
    }

    static func threadPage(_ document: HTMLDocument, thread: Int) throws(ForumError) -> ThreadPage {
        guard let body = document.first("//div[@id='thread']") else {
            throw .unexpected(Evidence("the thread page has no posts (div#thread)", url: document.url))
        }
        let reader = document.first("//*[@id='loggedinusername']")?.visibleText.trimmingCharacters(in: .whitespaces)
        let posts = body.select(".//table[\(xpathHasClass("post"))][starts-with(@id, 'post')]").compactMap { table in
            post(table, reader: reader?.isEmpty == false ? reader : nil)
        }
        let selected = document.first("//div[\(xpathHasClass("pages"))]//option[@selected]").flatMap { Int($0.attribute("value") ?? "") }
        let crumbs = document.select("//div[\(xpathHasClass("breadcrumbs"))]//a")
        let title = crumbs.last?.visibleText ?? document.first("//title")?.visibleText ?? ""
        let closed = document.first("//ul[\(xpathHasClass("postbuttons"))]//a[contains(@href, 'newreply.php') and contains(@href, 'threadid=')]") == nil
        return ThreadPage(thread: thread, title: title, page: selected ?? 1, pages: pageCount(document), posts: posts,
                          reader: reader?.isEmpty == false ? reader : nil, closed: closed)
    }

    /// One `table.post`: `table.post.ignored` is a post whose author the reader ignores; rows
    /// `seen1`/`seen2` were read before, `altcolor1`/`altcolor2` not.
    static func post(_ table: HTMLNode, reader: String?) -> ThreadPost? {
        let context = SAReplyReview.post(table)
        guard let id = context.id else { return nil }
        let ignored = table.hasClass("ignored")
        let seen = table.first(".//tr[\(xpathHasClass("seen1")) or \(xpathHasClass("seen2"))]") != nil
        let text = ignored ? nil : context.text
        return ThreadPost(id: id, index: table.attribute("data-idx").flatMap { Int($0) }, author: context.author,
                          date: context.date, text: text, quotesYou: reader.map { quotes(text ?? "", name: $0) } ?? false,
                          ignored: ignored, seen: seen)
    }

    /// Whether the text holds a quote of `name`: a "NAME posted:" line inside a quote (as
    /// `PostText` draws one: "> NAME posted:"), at any depth. The same words outside a quote are
    /// no quote.
    static func quotes(_ text: String, name: String) -> Bool {
        let wanted = "\(name) posted:".lowercased()
        return text.split(separator: "\n").contains { line in
            var rest = Substring(line)
            var depth = 0
            while rest.hasPrefix(">") {
                rest = rest.dropFirst().drop { $0 == " " }
                depth += 1
            }
            return depth > 0 && rest.trimmingCharacters(in: .whitespaces).lowercased() == wanted
        }
    }

    public func ignoreList() async throws(ForumError) -> [String] {
        let form = try await ignoreForm()
        return form.names
    }

    public func setIgnoreList(_ names: [String]) async throws(ForumError) -> [String] {
        let form = try await ignoreForm()
        var fields = [FormField("action", "updatelist"), FormField("userlist", "ignore"), FormField("formkey", form.formkey)]
        fields += names.map { FormField("listbits[]", $0) }
        fields.append(FormField("listbits[]", ""))
        fields.append(FormField("submit", "Update list"))
        let answer = Answer(try await session.send(.post(form.action, form: MultipartFormData(fields: fields))))
        if let failure = answer.failure(purpose: .submitting) {
            // The staff refusal ("NAME is a moderator/admin and you are not allowed to ignore ...").
            if case let .rejected(.forumError(_, message)) = failure, message.contains("not allowed to ignore") {
                throw .rejected(.invalid(message))
            }
            throw failure
        }
        return try await ignoreList()
    }

    /// The ignore list's form: its names (the filled `listbits[]` boxes), formkey and action.
    private func ignoreForm() async throws(ForumError) -> (names: [String], formkey: String, action: URL) {
        let document = try await page(url("member2.php", [("action", "viewlist"), ("userlist", "ignore")]))
        guard let element = document.first("//form[@action='member2.php' and .//input[@name='userlist' and @value='ignore']]"),
              let form = document.form(at: element)
        else { throw .unexpected(Evidence("the ignore list page has no list form", url: document.url)) }
        let names = form.controls.filter { $0.name == "listbits[]" }.map { $0.value.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        return (names, form.value(of: "formkey") ?? "", form.action)
    }

    public func threadURL(_ thread: Int, firstUnread: Bool) -> URL {
        firstUnread ? url("showthread.php", [("threadid", String(thread)), ("goto", "newpost")])
            : url("showthread.php", [("threadid", String(thread))])
    }

    public func privateMessageURL(_ id: Int) -> URL {
        url("private.php", [("action", "show"), ("privatemessageid", String(id))])
    }
}
