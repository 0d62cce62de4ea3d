import Foundation

/// The positive evidence a send may leave: where the forum's answer points.
/// forum-protocol.md: a redirect page with a link to `goto=post&postid=P` (or `goto=lastpost`)
/// for a reply, a link to the edited post for an edit, a link to `showthread.php?threadid=N` for a
/// new thread, the PM folder for a private message (then confirmed in Sent Items).
enum SAEvidence {
    /// The links a redirect page offers: its meta refresh and, on a `standardredirect` page, the
    /// links in its message. Other pages' links (navigation, the thread under a form) are not evidence.
    static func redirectLinks(in document: HTMLDocument) -> [URL] {
        var links: [URL] = []
        for meta in document.select("//meta[translate(@http-equiv, 'REFSH', 'refsh')='refresh']") {
            let content = meta.attribute("content") ?? ""
            if let range = content.range(of: "url=", options: .caseInsensitive),
                let url = document.resolve(String(content[range.upperBound...]).trimmingCharacters(in: CharacterSet(charactersIn: "'\" "))) {
                links.append(url)
            }
        }
        if document.first("//body")?.hasClass("standardredirect") == true {
            for anchor in document.select("//div[\(xpathHasClass("standard"))]//a[@href]") {
                if let url = anchor.attribute("href").flatMap(document.resolve) { links.append(url) }
            }
        }
        return links
    }

    static func parameters(_ url: URL) -> [String: String] {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: true)?.queryItems ?? []
        return Dictionary(items.map { ($0.name.lowercased(), $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    }

    static func script(_ url: URL) -> String { url.lastPathComponent.lowercased() }

    /// An id as the forum writes one: digits only, more than zero.
    static func id(_ text: String?) -> Int? {
        guard let id = text?.nonEmptyInt, id > 0 else { return nil }
        return id
    }

    /// The post a link names: `postid=P` or a `#postP` fragment.
    static func postID(_ url: URL) -> Int? {
        if let id = id(parameters(url)["postid"]) { return id }
        if let fragment = url.fragment, fragment.hasPrefix("post") { return id(String(fragment.dropFirst(4))) }
        return nil
    }

    /// A reply to thread `threadID`: `goto=post&postid=P` or `...#postP` with P newer than the
    /// thread's last post before the send, or `goto=lastpost` on that very thread (no id).
    static func reply(threadID: Int) -> (URL, Int?) -> Receipt? {
        { url, marker in
            guard script(url) == "showthread.php" else { return nil }
            if let id = postID(url) { return id > (marker ?? 0) ? Receipt(kind: .post, id: id, url: url) : nil }
            let query = parameters(url)
            if query["goto"] == "lastpost", id(query["threadid"]) == threadID { return Receipt(kind: .post, url: url) }
            return nil
        }
    }

    /// An edit of post `postID`: a link to that post and no other. `goto=lastpost` names no
    /// post, so it proves nothing about an edit.
    static func edit(postID edited: Int) -> (URL, Int?) -> Receipt? {
        { url, _ in
            guard script(url) == "showthread.php", postID(url) == edited else { return nil }
            return Receipt(kind: .edit, id: edited, url: url)
        }
    }

    /// A new thread: `showthread.php?threadid=N` with N newer than the forum's newest thread
    /// before the send, or a link to its first post (`postid=P`). Only a claim: the thread is
    /// then read, and must be that new thread with our post first (`confirmThread`).
    static func thread(_ url: URL, after marker: Int?) -> Receipt? {
        guard script(url) == "showthread.php" else { return nil }
        if let id = id(parameters(url)["threadid"]) { return id > (marker ?? 0) ? Receipt(kind: .thread, id: id, url: url) : nil }
        if postID(url) != nil { return Receipt(kind: .thread, url: url) }
        return nil
    }

    /// A private message: the forum sends you back to a PM folder. This is only a claim: the
    /// send is confirmed by finding the message in Sent Items.
    static func privateMessageFolder(_ url: URL, _: Int?) -> Receipt? {
        guard script(url) == "private.php" else { return nil }
        let action = parameters(url)["action"] ?? ""
        return action.isEmpty || action == "show" ? Receipt(kind: .privateMessage, url: url) : nil
    }
}
