import Foundation

/// Which page a document is. Reconcile believes "not there" only on the page it asked for: a
/// forum that answers a thread's address with its index (a proxy, a maintenance page, a moved
/// thread) would otherwise say "absent" about everything, and the send would go out twice.
enum SAPageIdentity {
    /// The thread a thread page shows: the body's `data-thread`, or else what its own links name
    /// (the "mark as read" and "posts by this user" links of each post, the breadcrumbs).
    static func threadID(of document: HTMLDocument) -> Int? {
        if let id = SAEvidence.id(document.first("//body")?.attribute("data-thread")) { return id }
        let links = "//a[contains(@href, 'action=setseen') or \(xpathHasClass("user_jump"))]/@href"
            + " | //div[\(xpathHasClass("breadcrumbs"))]//a[contains(@href, 'showthread.php')]/@href"
        for href in document.select(links).map(\.text) {
            if let url = document.resolve(href), let id = SAEvidence.id(SAEvidence.parameters(url)["threadid"]) { return id }
        }
        return nil
    }

    /// Whether the page is thread `threadID`'s, showing posts.
    static func isThread(_ document: HTMLDocument, _ threadID: Int) -> Bool {
        threadID == Self.threadID(of: document) && !SomethingAwfulAdapter.posts(in: document).isEmpty
    }

    /// Whether the page is forum `forumID`'s list of threads: a `forumdisplay` body that names the
    /// forum (`data-forum`, or the class `forum_N`).
    static func isThreadList(_ document: HTMLDocument, of forumID: Int) -> Bool {
        guard let body = document.first("//body"), body.hasClass("forumdisplay") else { return false }
        return SAEvidence.id(body.attribute("data-forum")) == forumID || body.hasClass("forum_\(forumID)")
    }

    /// Whether the page is a folder of private messages, and which: the folder list's hidden
    /// `thisfolder` (its "move selected messages" form), else a folder picker's chosen folder, else
    /// the breadcrumbs' last step. (The move form's own `folderid` list names other folders.)
    static func isFolder(_ document: HTMLDocument, _ folder: PrivateMessageFolder) -> Bool {
        if let shown = document.first("//input[@name='thisfolder']")?.attribute("value") {
            return shown == folder.folderID
        }
        if let chosen = document.first("//form[not(.//input[@name='thisfolder'])]//select[@name='folderid']/option[@selected]") {
            return chosen.attribute("value") == folder.folderID
        }
        let crumbs = document.first("//div[\(xpathHasClass("breadcrumbs"))]")?.visibleText ?? ""
        return crumbs.hasSuffix(folder == .sent ? "Sent Items" : "Inbox")
    }
}
