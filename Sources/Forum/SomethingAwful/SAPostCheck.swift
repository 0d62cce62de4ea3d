import Foundation
import Markup

/// A reply's or an edit's receipt made proof (issue 22, "a receipt is the post itself"). A
/// success page is only the forum's word: a forum that lost the write can still say "Thank you
/// for posting" and name a post that was never stored (Awful.app #625, posts that "looked like
/// success" and vanished). So the link is opened as a browser opens it, and the send counts only
/// if that page shows the post, ours, holding the text we sent. Anything short of that is
/// unknown, with the reconcile marker, and reconcile decides whether to send it again.
extension SomethingAwfulAdapter {
    /// `claim` came from the answer to posting `bbcode`; `marker` is the reconcile marker read
    /// before the POST (a reply's thread's last post; nil for an edit).
    func confirmPost(_ claim: Receipt, bbcode: String, after marker: Int?) async -> PostOutcome {
        guard confirmsPosts else { return .sent(claim) }
        guard let link = claim.url else {
            return .unknown(Evidence("the forum's answer names \(claim) without a link to open", reconcileAfter: marker))
        }
        do {
            guard let userID = await sessionUserID() else { throw ForumError.rejected(.notLoggedIn) }
            // A failure page here (the forum's "Invalid post specified") is thrown: the link leads nowhere.
            let document = try await page(link)
            let candidates = Self.claimedPosts(claim, in: document, after: marker).filter { $0.authorID == userID }
            guard !candidates.isEmpty else {
                return .unknown(Evidence("the forum's answer names \(claim), but the page it leads to (\(document.url?.absoluteString ?? link.absoluteString)) "
                                         + "does not show that post of ours", reconcileAfter: marker))
            }
            let shown = Self.shownKey(bbcode)
            for post in candidates.prefix(Self.reconcileCandidates) where try await holds(bbcode, shownAs: shown, post: post.id, on: document) {
                // The forum's own link stays the receipt's; a `goto=lastpost` claim gets the post's.
                return .sent(claim.id == post.id ? claim : Receipt(kind: claim.kind, id: post.id, url: postURL(post.id)))
            }
            return .unknown(Evidence("the forum's answer names \(claim), but that post of ours does not hold the text sent",
                                     reconcileAfter: marker))
        } catch {
            return .unknown(Evidence("the forum's answer names \(claim), which could not be checked: \(error)", reconcileAfter: marker))
        }
    }

    /// Whether post `id` on `document` holds `bbcode`: as the page shows it, or else (the page
    /// draws BBCode the forum's way, which the renderer may not match to the letter) as its
    /// source in the edit form, compared as reconcile compares it. The second look costs a GET
    /// and is made only when the first does not match.
    func holds(_ bbcode: String, shownAs shown: String, post id: Int, on document: HTMLDocument) async throws(ForumError) -> Bool {
        if Self.shownKey(onPage: document, post: id) == shown { return true }
        return SAText.same(try await postSource(postID: id), bbcode)
    }

    /// The posts on the page that the claim can mean: the one it names, or for `goto=lastpost`
    /// (no id) every post newer than the marker, newest first.
    static func claimedPosts(_ claim: Receipt, in document: HTMLDocument, after marker: Int?) -> [PagePost] {
        let posts = Self.posts(in: document)
        if let id = claim.id { return posts.filter { $0.id == id } }
        return posts.filter { $0.id > (marker ?? 0) }.reversed()
    }

    /// What a reader sees of `bbcode` once the forum has drawn it: rendered by the dialect's
    /// renderer, drawn as text as a post on a page is (`SAReplyReview`), then keyed as reconcile
    /// keys text (`SAText`: references decoded, line ends alike), whitespace collapsed.
    static func shownKey(_ bbcode: String) -> String {
        let html = BBCode.parse(bbcode, dialect: .somethingawful).renderHTML()
        guard let body = HTMLDocument("<html><body>\(html)</body></html>")?.first("//body") else { return "" }
        return textKey(PostText.text(of: body, detail: .post))
    }

    /// The same for post `id` as the page shows it; nil when the page does not hold its body.
    static func shownKey(onPage document: HTMLDocument, post id: Int) -> String? {
        guard let body = document.first("//table[@id='post\(id)']//td[\(xpathHasClass("postbody"))]") else { return nil }
        return textKey(SAReplyReview.text(body))
    }

    private static func textKey(_ text: String) -> String {
        SAText.key(text).collapsingWhiteSpace
    }
}
