import Foundation

/// Before the editor opens, asked of Misago's API: a thread's (or private thread's) posts page
/// says whether the reader may reply (`acl.can_reply`, `is_closed`) and what was said last; an
/// edit asks for the post's editor, which the engine refuses to whoever may not edit it; a new
/// thread reads its category's thread list, which a missing category answers with 404.
extension MisagoAdapter {
    /// How many of a thread's latest posts a reply is shown, as Something Awful's reply form shows.
    static let contextPostLimit = 40

    public func composeContext(_ target: ComposeTarget) async -> ComposeContext {
        do {
            switch target {
            case let .reply(threadID):
                return try await threadContext("api/threads/\(threadID)/", subject: .thread, keep: Self.contextPostLimit)
            case let .privateMessage(replyingTo: thread?):
                // A private message is its private thread; what is answered is its last message.
                return try await threadContext("api/private-threads/\(thread)/", subject: .privateThread, keep: 1)
            case .privateMessage(replyingTo: nil):
                _ = try await me()
                return ComposeContext(standing: .open)
            case let .edit(postID):
                _ = try await postSource(try await ownPost(postID))
                return ComposeContext(standing: .open)
            case let .newThread(forumID):
                _ = try await read(MisagoJSON.ThreadList.self, "api/threads/", [("category", String(forumID))], subject: .category)
                return ComposeContext(standing: .open)
            }
        } catch {
            return ComposeContext(error)
        }
    }

    /// The thread's standing from its first posts page, and its latest `keep` posts (from its last
    /// page, read only when there is more than one).
    private func threadContext(_ threadPath: String, subject: MisagoAnswer.Subject, keep: Int) async throws(ForumError) -> ComposeContext {
        let first = try await read(MisagoJSON.PostPage.self, threadPath + "posts/", subject: subject)
        if first.acl?.canReply == false {
            let refusal: Rejection = first.isClosed == true
                ? .threadClosed
                : .noPermission("the forum does not let this account reply in \"\(first.title)\"")
            return ComposeContext(standing: .refused(refusal))
        }
        var page = first
        if first.postSet.pages > 1 {
            page = try await read(MisagoJSON.PostPage.self, threadPath + "posts/", [("page", String(first.postSet.pages))], subject: subject)
        }
        let posts = page.postSet.results.filter { $0.isEvent != true }.suffix(keep).map { post in
            ContextPost(id: post.id, author: post.posterName ?? "", role: Self.role(of: post.poster), date: post.postedOn ?? "",
                        text: Self.text(ofHTML: post.content ?? "", draw: \.postText))
        }
        return ComposeContext(standing: .open, posts: Array(posts), title: first.title.isEmpty ? nil : first.title)
    }

    /// The poster's own title, else a rank that is not every member's (the forum team's).
    static func role(of poster: MisagoJSON.Post.Poster?) -> String? {
        if let title = poster?.title, !title.isEmpty { return title }
        guard let rank = poster?.rank, rank.isDefault == false, let name = rank.name, !name.isEmpty else { return nil }
        return name
    }
}
