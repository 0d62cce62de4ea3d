import Foundation

/// Private messages as Misago has them: private threads. A message's id is its private thread's
/// id; a reply is a post in it. The inbox is the threads someone else spoke in last, Sent the
/// threads whose last word is ours.
extension MisagoAdapter {
    public func send(_ message: PrivateMessage) async -> PostOutcome {
        switch message.relation {
        case let .reply(to: thread):
            return await replyTo(thread: thread, isPrivate: true, markup: message.bbcode)
        case .forward:
            return .rejected(.invalid("Misago cannot forward a private thread; invite the person to it on the forum instead"))
        case .new:
            let marker: Int
            do {
                marker = try await newestPost(in: "api/private-threads/", subject: .privateThread)
            } catch {
                return PostOutcome(error)
            }
            let answer = await write(.post, "api/private-threads/", json: [
                "title": message.subject, "post": message.bbcode, "to": [message.to],
            ], subject: .privateThread)
            return outcome(answer, marker: marker) { (created: MisagoJSON.Created) in
                Receipt(kind: .privateMessage, id: created.id, url: pageURL(created.url))
            }
        }
    }

    /// The newest post of the private thread, quoted the way Misago's quote button does.
    public func quotePrivateMessage(id: Int) async throws(ForumError) -> String {
        let page = try await privatePosts(id, page: nil)
        guard let last = page.postSet.results.last(where: { $0.isEvent != true }) else {
            throw .unexpected(Evidence("private thread \(id) has no posts to quote", url: url("api/private-threads/\(id)/posts/")))
        }
        return try await quote(MisagoPostAddress(threadID: id, postID: last.id, isPrivate: true))
    }

    public func privateMessages(in folder: PrivateMessageFolder) async throws(ForumError) -> [PrivateMessageSummary] {
        let me = try await me()
        let list = try await read(MisagoJSON.ThreadList.self, "api/private-threads/", subject: .privateThread)
        var summaries: [PrivateMessageSummary] = []
        for thread in list.results {
            let lastIsMine = thread.lastPosterName == me.username
            guard lastIsMine == (folder == .sent) else { continue }
            let correspondent = lastIsMine
                ? try await participants(of: thread.id, except: me.username)
                : thread.lastPosterName ?? ""
            summaries.append(PrivateMessageSummary(
                id: thread.id, subject: thread.title, correspondent: correspondent, date: thread.lastPostOn ?? "",
                unread: thread.isRead == false, replied: false, forwarded: false))
        }
        return summaries
    }

    /// Who else is in a private thread (its list entry does not say).
    private func participants(of thread: Int, except name: String?) async throws(ForumError) -> String {
        let detail = try await read(MisagoJSON.Thread.self, "api/private-threads/\(thread)/", subject: .privateThread)
        return (detail.participants ?? []).map(\.username).filter { $0 != name }.joined(separator: ", ")
    }

    /// The whole private thread (its first page of posts), each post under its author's name.
    public func privateMessage(id: Int) async throws(ForumError) -> PrivateMessageContent {
        let page = try await privatePosts(id, page: nil)
        let text = page.postSet.results.filter { $0.isEvent != true }.map { post in
            "\(post.posterName ?? "?") (\(post.postedOn ?? "")):\n\(Self.text(ofHTML: post.content ?? ""))"
        }.joined(separator: "\n\n")
        return PrivateMessageContent(id: page.id, subject: page.title, author: page.starterName ?? "", date: page.startedOn ?? "", text: text)
    }

    func privatePosts(_ thread: Int, page: Int?) async throws(ForumError) -> MisagoJSON.PostPage {
        try await read(MisagoJSON.PostPage.self, "api/private-threads/\(thread)/posts/", page.map { [("page", String($0))] } ?? [],
                       subject: .privateThread)
    }

    /// A post's HTML as text for a terminal, drawn as `draw` draws it (readable text unless told).
    static func text(ofHTML html: String, draw: (HTMLNode) -> String = \.readableText) -> String {
        HTMLDocument("<html><body>\(html)</body></html>")?.first("//body").map(draw) ?? html
    }
}
