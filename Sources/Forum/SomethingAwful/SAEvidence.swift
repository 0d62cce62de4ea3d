import Foundation

/// The positive evidence a send may leave: where the forum's answer points.
/// forum-protocol.md: a redirect page with a link to `goto=post&postid=P` (or `goto=lastpost`)
/// for a reply or edit, a link to `showthread.php?threadid=N` for a new thread, the PM folder
/// for a private message.
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

    /// A reply's or an edit's post: `goto=post&postid=P`, `...#postP`, or `goto=lastpost`.
    static func post(_ kind: Receipt.Kind) -> (URL) -> Receipt? {
        { url in
            guard script(url) == "showthread.php" else { return nil }
            let query = parameters(url)
            if let id = query["postid"].flatMap(Int.init) { return Receipt(kind: kind, id: id, url: url) }
            if let fragment = url.fragment, fragment.hasPrefix("post"), let id = Int(fragment.dropFirst(4)) {
                return Receipt(kind: kind, id: id, url: url)
            }
            if query["goto"] == "lastpost" { return Receipt(kind: kind, url: url) }
            return nil
        }
    }

    /// A new thread: `showthread.php?threadid=N`.
    static func thread(_ url: URL) -> Receipt? {
        guard script(url) == "showthread.php" else { return nil }
        let query = parameters(url)
        if let id = query["threadid"].flatMap(Int.init) { return Receipt(kind: .thread, id: id, url: url) }
        if query["postid"] != nil || query["goto"] == "lastpost" { return Receipt(kind: .thread, url: url) }
        return nil
    }

    /// A private message: the forum sends you back to a PM folder.
    static func privateMessageFolder(_ url: URL) -> Receipt? {
        guard script(url) == "private.php" else { return nil }
        let action = parameters(url)["action"] ?? ""
        return action.isEmpty || action == "show" ? Receipt(kind: .privateMessage, url: url) : nil
    }
}
