import Foundation
import Markup

/// Replies, new threads, edits, quotes and a post's source. Every send reads its reconcile marker
/// first (the newest post id it could not be), so an unknown outcome can be looked for later.
extension MisagoAdapter {
    public func reply(_ reply: Reply) async -> PostOutcome {
        await replyTo(thread: reply.threadID, isPrivate: false, markup: reply.bbcode)
    }

    /// A reply to a thread or a private thread. Its receipt names the new post, or for a private
    /// thread the thread (a private message's id is its thread's), with the new post's URL.
    func replyTo(thread: Int, isPrivate: Bool, markup: String) async -> PostOutcome {
        let threadPath = "api/\(isPrivate ? "private-threads" : "threads")/\(thread)/"
        let subject: MisagoAnswer.Subject = isPrivate ? .privateThread : .thread
        let marker: Int
        do {
            marker = try await read(MisagoJSON.Thread.self, threadPath, subject: subject).lastPost ?? 0
        } catch {
            return PostOutcome(error)
        }
        let answer = await write(.post, threadPath + "posts/", json: ["post": markup], subject: subject)
        let post: MisagoJSON.Post
        switch written(answer, marker: marker, as: MisagoJSON.Post.self) {
        case let .body(body): post = body
        case let .outcome(outcome): return outcome
        }
        // Post ids are one sequence across the forum: a new post is above the marker.
        return await confirm(post, isNew: post.id > marker, markup: markup, editor: "\(threadPath)posts/\(post.id)/post_editor/",
                             marker: marker,
                             receipt: Receipt(kind: isPrivate ? .privateMessage : .post, id: isPrivate ? thread : post.id, url: pageURL(post.url?.index)))
    }

    public func newThread(_ thread: NewThread) async -> PostOutcome {
        // Misago has no post icons or thread tags: asking for one is refused before anything is sent.
        if let icon = thread.iconID, icon != "0" { return .rejected(.invalid("Misago has no post icons (asked for \(icon))")) }
        if let tag = thread.secondaryTag { return .rejected(.invalid("Misago has no thread tags (asked for \(tag))")) }
        let marker: Int
        do {
            marker = try await newestPost(in: "api/threads/", ["category": String(thread.forumID)], subject: .category)
        } catch {
            return PostOutcome(error)
        }
        let answer = await write(.post, "api/threads/", json: [
            "category": thread.forumID, "title": thread.subject, "post": thread.bbcode,
        ], subject: .category)
        return outcome(answer, marker: marker) { (created: MisagoJSON.Created) in
            Receipt(kind: .thread, id: created.id, url: pageURL(created.url))
        }
    }

    public func edit(postID: Int, bbcode: String) async -> PostOutcome {
        do {
            return await edit(try await ownPost(postID), markup: bbcode)
        } catch {
            return PostOutcome(error)
        }
    }

    /// Edits the post at `address`: a PUT of its new markup.
    public func edit(_ address: MisagoPostAddress, markup: String) async -> PostOutcome {
        let answer = await write(.put, address.apiPath, json: ["post": markup], subject: .post)
        // An edit makes no new post, so it needs no marker: reconcile compares the post's markup.
        let post: MisagoJSON.Post
        switch written(answer, marker: nil, as: MisagoJSON.Post.self) {
        case let .body(body): post = body
        case let .outcome(outcome): return outcome
        }
        return await confirm(post, isNew: post.id == address.postID, markup: markup, editor: address.apiPath + "post_editor/", marker: nil,
                             receipt: Receipt(kind: .edit, id: post.id, url: pageURL(post.url?.index)))
    }

    public func quote(postID: Int) async throws(ForumError) -> String {
        try await quote(try await ownPost(postID))
    }

    /// Another member's post is found through its thread (its URL's, or the thread replied to);
    /// one of our own posts that is not in that thread is found among our posts.
    public func quote(postID: Int, inThread thread: Int?) async throws(ForumError) -> String {
        guard let thread else { return try await quote(postID: postID) }
        do {
            return try await quote(MisagoPostAddress(threadID: thread, postID: postID))
        } catch .rejected(.doesNotExist) {
            return try await quote(postID: postID)
        }
    }

    /// What Misago's own quote button puts in the editor: the post's markup in an attributed quote.
    /// The markup comes from the reply editor's endpoint, which any reader who may reply gets
    /// (`post_editor` is for those who may edit the post).
    public func quote(_ address: MisagoPostAddress) async throws(ForumError) -> String {
        let editor = try await read(MisagoJSON.Editor.self, address.threadAPIPath + "posts/reply_editor/", [("reply", String(address.postID))],
                                    subject: .post)
        return Self.quote(editor.post, by: editor.poster)
    }

    static func quote(_ markup: String, by poster: String?) -> String {
        let opening = poster.map { "[quote=\"@\($0)\"]" } ?? "[quote]"
        return "\(opening)\n\(markup)\n[/quote]\n"
    }

    public func postSource(postID: Int) async throws(ForumError) -> String {
        try await postSource(try await ownPost(postID))
    }

    public func postSource(_ address: MisagoPostAddress) async throws(ForumError) -> String {
        try await read(MisagoJSON.Editor.self, address.apiPath + "post_editor/", subject: .post).post
    }

    /// Misago has no post icons or tag groups.
    public func postIcons(forumID: Int) async throws(ForumError) -> [PostIcon] { [] }

    // MARK: Shared

    /// A send's outcome from its answer: `sent` only when the answer's JSON names the new id.
    func outcome<Body: Decodable>(_ answer: MisagoAnswer, marker: Int?, receipt: (Body) -> Receipt) -> PostOutcome {
        switch written(answer, marker: marker, as: Body.self) {
        case let .body(body): return .sent(receipt(body))
        case let .outcome(outcome): return outcome
        }
    }

    /// What a write's answer holds: the JSON a success carries, or the outcome when there is none.
    enum Written<Body> {
        case body(Body)
        case outcome(PostOutcome)
    }

    func written<Body: Decodable>(_ answer: MisagoAnswer, marker: Int?, as _: Body.Type) -> Written<Body> {
        switch answer {
        case let .ok(bytes):
            guard let body = try? MisagoJSON.decoder.decode(Body.self, from: Data(bytes)) else {
                return .outcome(Self.unknown(Evidence("the forum answered 200 without the id Missive reads"), after: marker))
            }
            return .body(body)
        case let .failed(error): return .outcome(PostOutcome(error))
        case let .csrfFailed(message): return .outcome(.rejected(.forumError(title: "CSRF check failed", message: message)))
        case let .mayHaveLanded(evidence): return .outcome(Self.unknown(evidence, after: marker))
        }
    }

    /// A reply's or an edit's answer made proof (issue 22, "a receipt is the post itself"). The
    /// engine answers with the post it stored, so no page needs opening: the post must be the
    /// one expected (`isNew`: a new id above the marker, or the edited post's own) and hold our
    /// text. Its `content` is HTML; drawn as text it is compared with our markup drawn by the
    /// local stand-in for Misago's renderer, and only when those differ (the stand-in follows the
    /// engine only as far as cmark can) is the stored markup read (`post_editor`, one GET) and
    /// compared as reconcile compares it. Anything short of that is unknown, for reconcile.
    func confirm(_ post: MisagoJSON.Post, isNew: Bool, markup: String, editor: String, marker: Int?, receipt: Receipt) async -> PostOutcome {
        guard isNew, post.isEvent != true else {
            return Self.unknown(Evidence("the forum answered with post \(post.id), not the post this send made"), after: marker)
        }
        if let content = post.content, Self.shownText(content) == Self.shownText(MisagoPreviewHTML.render(markup)) {
            return .sent(receipt)
        }
        do {
            guard Self.same(try await read(MisagoJSON.Editor.self, editor, subject: .post).post, markup) else {
                return Self.unknown(Evidence("the forum answered with post \(post.id), which does not hold the text sent"), after: marker)
            }
            return .sent(receipt)
        } catch {
            return Self.unknown(Evidence("the forum answered with post \(post.id), whose text could not be checked: \(error)"), after: marker)
        }
    }

    /// A post's HTML as a reader sees its words: readable text, whitespace collapsed.
    static func shownText(_ html: String) -> String {
        text(ofHTML: html).collapsingWhiteSpace
    }

    /// The newest post id among a list's threads (their last posts: post ids are one sequence
    /// across the forum, and a list is newest activity first). Zero for an empty list.
    func newestPost(in path: String, _ query: [String: String] = [:], subject: MisagoAnswer.Subject) async throws(ForumError) -> Int {
        let list = try await read(MisagoJSON.ThreadList.self, path, query.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }, subject: subject)
        return list.results.compactMap(\.lastPost).max() ?? 0
    }

    /// A bare post id found among the logged-in user's own posts (newest first), which name their
    /// threads. Another user's post needs its URL (`MisagoPostAddress`).
    func ownPost(_ postID: Int) async throws(ForumError) -> MisagoPostAddress {
        let user = try await me()
        var start: Int?
        repeat {
            let query = start.map { [("start", String($0))] } ?? []
            let page = try await read(MisagoJSON.UserPosts.self, "api/users/\(user.userID)/posts/", query, subject: .post)
            if let item = page.results.first(where: { $0.id == postID }),
                let thread = item.thread?.url.flatMap(MisagoPostAddress.threadID(inURL:)) {
                return MisagoPostAddress(threadID: thread, postID: postID)
            }
            // Newest first: once the page is older than the post, it is not there.
            if let oldest = page.results.last?.id, oldest < postID { break }
            start = page.next
        } while start != nil
        throw .rejected(.doesNotExist(what: "post", message:
            "post \(postID) is not among your own posts; Misago finds another's post by its URL (/t/slug/THREAD/post/\(postID)/)"))
    }
}
