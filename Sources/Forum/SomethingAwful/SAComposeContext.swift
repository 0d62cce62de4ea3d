import Foundation

/// Before the editor opens: the compose form a send would fetch anyway says whether the user may
/// write there (its refusal pages are read as every send reads them), and what the page carries
/// is the context: the reply form's thread review, the PM answered.
extension SomethingAwfulAdapter {
    public func composeContext(_ target: ComposeTarget) async -> ComposeContext {
        do {
            switch target {
            case let .reply(threadID):
                let (document, _) = try await composePage(replyFormURL(threadID: threadID))
                // The reply form's breadcrumbs end with the thread, linked by its id.
                let title = document.select("//div[\(xpathHasClass("breadcrumbs"))]//a[contains(@href, 'threadid=\(threadID)')]")
                    .last?.visibleText.trimmingCharacters(in: .whitespacesAndNewlines)
                return ComposeContext(standing: .open, posts: SAReplyReview.posts(in: document), title: title?.isEmpty == false ? title : nil)
            case let .edit(postID):
                // No saved real edit page shows a thread review; one is read if the page carries it.
                let (document, _) = try await composePage(editFormURL(postID: postID))
                return ComposeContext(standing: .open, posts: SAReplyReview.posts(in: document))
            case let .newThread(forumID):
                _ = try await composePage(newThreadFormURL(forumID: forumID))
                return ComposeContext(standing: .open)
            case let .privateMessage(replyingTo):
                _ = try await composePage(newMessageURL(quoting: replyingTo))
                guard let id = replyingTo else { return ComposeContext(standing: .open) }
                let message = try await readPrivateMessage(id: id, text: \.postText)
                return ComposeContext(standing: .open, posts: [
                    ContextPost(id: id, author: message.author, date: message.date, text: message.text),
                ])
            }
        } catch {
            return ComposeContext(error)
        }
    }
}
