import Foundation

/// The thread review under the reply form (forum-protocol.md, "What the compose pages carry"):
/// `div#thread` holds the thread's 40 most recent posts, newest first, each a `table.post#postN`
/// with `dt.author` (titled with a role), `td.postdate` and `td.postbody` (rendered HTML between
/// the `BeginContentMarker` and `EndContentMarker` comments).
enum SAReplyReview {
    /// The review's posts, oldest first (the page lists them newest first); none when the page
    /// carries no review.
    static func posts(in document: HTMLDocument) -> [ContextPost] {
        let tables = document.select("//div[@id='thread']//table[\(xpathHasClass("post"))]")
        return tables.map(post).reversed()
    }

    static func post(_ table: HTMLNode) -> ContextPost {
        let anchor = table.attribute("id") ?? ""
        let id = anchor.hasPrefix("post") ? String(anchor.dropFirst(4)).nonEmptyInt : nil
        let author = table.first(".//dt[\(xpathHasClass("author"))]")
        let role = author?.attribute("title")?.trimmingCharacters(in: .whitespaces)
        // `table.post.ignored`: a member the reader ignores; the forum hides the text.
        let ignored = table.hasClass("ignored")
        return ContextPost(
            id: id, author: author?.visibleText ?? "", role: role?.isEmpty == false ? role : nil,
            date: date(table.first(".//td[\(xpathHasClass("postdate"))]")),
            text: ignored ? "" : table.first(".//td[\(xpathHasClass("postbody"))]").map(text) ?? "", ignored: ignored)
    }

    /// The date as the cell writes it, without its links' texts (`#`, `?`): only the cell's own text.
    static func date(_ cell: HTMLNode?) -> String {
        (cell?.select("./text()") ?? []).map(\.text).joined(separator: " ").collapsingWhiteSpace
    }

    /// The post's content between its markers; without them, the body without its "edited by" line.
    static func text(_ body: HTMLNode) -> String {
        let children = body.select("./node()")
        let begin = children.firstIndex { $0.isComment && $0.text.contains("BeginContentMarker") }
        let end = children.firstIndex { $0.isComment && $0.text.contains("EndContentMarker") }
        if let begin, let end, begin < end {
            return PostText.text(of: Array(children[(begin + 1)..<end]), detail: .post)
        }
        let content = children.filter { !($0.name == "p" && $0.hasClass("editedby")) }
        return PostText.text(of: content, detail: .post)
    }
}
