import Foundation

/// Did a send whose answer was lost land? Read where it would be and compare the markup the
/// engine holds (`post_editor`) with what was sent: a reply among the thread's posts newer than
/// the marker, a thread in its category, a private thread or its reply among the private threads,
/// an edit in the post itself. Post ids are one sequence across the forum, so "newer than the
/// marker" means the same thing everywhere.
extension MisagoAdapter {
    public func reconcile(_ attempt: Attempt) async -> Reconciliation {
        await reconciling { () throws(ForumError) -> Reconciliation in
            switch attempt {
            case let .reply(threadID, bbcode, after):
                guard let after else { return .undetermined(Self.noNewestPost) }
                let me = try await me()
                let found = try await findPost(in: "api/threads/\(threadID)/", subject: .thread, by: me, markup: bbcode, after: after)
                return found.map { .landed(Receipt(kind: .post, id: $0.id, url: pageURL($0.url?.index))) } ?? .absent
            case let .edit(postID, bbcode, before):
                let address = try await ownPost(postID)
                return EditFound.decide(now: try await postSource(address), ours: bbcode, before: before, same: Self.same)
                    .reconciliation(Receipt(kind: .edit, id: postID), postID: postID)
            case let .newThread(forumID, subject, bbcode, after):
                guard let after else { return .undetermined(Self.noNewestPost) }
                return try await findThread(in: "api/threads/", ["category": String(forumID)], subject: .category,
                                            title: subject, markup: bbcode, after: after, kind: .thread)
            case let .privateMessage(_, subject, bbcode, after):
                guard let after else { return .undetermined(Self.noNewestPost) }
                return try await findThread(in: "api/private-threads/", [:], subject: .privateThread,
                                            title: subject, markup: bbcode, after: after, kind: .privateMessage)
            }
        }
    }

    private static let noNewestPost = noMarker("which post was the newest")

    /// A thread of ours (or one with our reply, for private threads) with a post newer than
    /// `after` holding `markup`. Lists are newest activity first; every thread active since the
    /// marker comes before the first that is not.
    private func findThread(
        in path: String, _ query: [String: String], subject: MisagoAnswer.Subject, title: String, markup: String, after: Int,
        kind: Receipt.Kind
    ) async throws(ForumError) -> Reconciliation {
        let me = try await me()
        var start: Int?
        for _ in 0..<Self.reconcilePages {
            var parameters = query.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
            if let start { parameters.append(("start", String(start))) }
            let list = try await read(MisagoJSON.ThreadList.self, path, parameters, subject: subject)
            for thread in list.results where (thread.lastPost ?? 0) > after {
                // A new thread is ours and carries the title; a private reply may be in anyone's thread.
                if kind == .thread, thread.starterName != me.username || !Self.same(thread.title, title) { continue }
                if let post = try await findPost(in: "\(path)\(thread.id)/", subject: subject, by: me, markup: markup, after: after) {
                    return .landed(Receipt(kind: kind, id: thread.id, url: pageURL(post.url?.index)))
                }
            }
            if list.results.contains(where: { ($0.lastPost ?? 0) <= after }) { return .absent }
            guard let next = list.next else { return .absent }
            start = next
        }
        throw .unexpected(Evidence("more than \(Self.reconcilePages) pages of threads since the send; none holds it so far"))
    }

    /// Our post newer than `after` in a thread whose markup is `markup`, walking back from its last page.
    private func findPost(
        in threadPath: String, subject: MisagoAnswer.Subject, by me: Session, markup: String, after: Int
    ) async throws(ForumError) -> MisagoJSON.Post? {
        var page: Int?
        var compared = 0
        for _ in 0..<Self.reconcilePages {
            let posts = try await read(MisagoJSON.PostPage.self, threadPath + "posts/", page.map { [("page", String($0))] } ?? [],
                                       subject: subject)
            // The first answer is page 1: start again from the last page, then go back.
            if page == nil, posts.postSet.pages > 1 {
                page = posts.postSet.pages
                continue
            }
            for post in posts.postSet.results.reversed() where post.id > after && post.poster?.id == me.userID && post.isEvent != true {
                guard compared < Self.reconcileCandidates else {
                    throw .unexpected(Evidence("more than \(Self.reconcileCandidates) of our posts since the send; none matches so far"))
                }
                compared += 1
                let source = try await read(MisagoJSON.Editor.self, "\(threadPath)posts/\(post.id)/post_editor/", subject: .post).post
                if Self.same(source, markup) { return post }
            }
            let current = page ?? 1
            if current <= 1 || posts.postSet.results.contains(where: { $0.id <= after }) { return nil }
            page = current - 1
        }
        throw .unexpected(Evidence("more than \(Self.reconcilePages) pages of posts since the send; none holds it so far"))
    }

    /// The engine trims what it stores (Django REST framework's fields do) and keeps LF line ends.
    static func same(_ stored: String, _ sent: String) -> Bool {
        func key(_ text: String) -> String {
            text.replacingOccurrences(of: "\r\n", with: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return key(stored) == key(sent)
    }
}
