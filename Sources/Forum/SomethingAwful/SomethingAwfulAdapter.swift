import Foundation

/// The Something Awful forums (a heavily modified vBulletin 3) over HTTP, as forum-protocol.md
/// describes them; the sandbox forum speaks the same protocol. Operations live in extensions by
/// area: session, posts, private messages, reading, reconcile; sending a compose form is in
/// SACompose.swift.
public final class SomethingAwfulAdapter: SessionAdapter {
    let session: ForumSession
    public var baseURL: URL { session.baseURL }

    /// Whether a reply's or an edit's success link is opened to find the post (`confirmPost`).
    /// Always, but for `forum-bench`, which measures what that costs.
    let confirmsPosts: Bool

    public convenience init(baseURL: URL, settings: HTTPSettings, username: String? = nil, credentials: (any CredentialSource)? = nil) throws(HTTPClientError) {
        try self.init(baseURL: baseURL, settings: settings, username: username, credentials: credentials, confirmingPosts: true)
    }

    /// For `forum-bench` alone: `confirmingPosts: false` takes the success page's word, as
    /// Missive did before issue 22, so the bench can print the cost of the check beside it.
    @_spi(Bench)
    public init(baseURL: URL, settings: HTTPSettings, username: String? = nil, credentials: (any CredentialSource)? = nil,
                confirmingPosts: Bool) throws(HTTPClientError) {
        self.session = try ForumSession(baseURL: baseURL, settings: settings, username: username, credentials: credentials)
        self.confirmsPosts = confirmingPosts
    }

    /// Whether `url` is on this forum (same scheme, host and port): the only place a POST's
    /// redirect is followed to, and the only place a receipt may point.
    func isOnForum(_ url: URL) -> Bool {
        func origin(_ url: URL) -> (String, String, Int?) {
            let scheme = url.scheme?.lowercased() ?? ""
            let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : nil)
            return (scheme, url.host?.lowercased() ?? "", port)
        }
        return origin(url) == origin(baseURL)
    }

    // MARK: Fetching pages

    /// A GET that reached the forum, or the reason it did not (nothing was posted by a GET, so a
    /// failure here is always worth retrying).
    func get(_ url: URL) async throws(ForumError) -> Answer {
        Answer(try await session.send(HTTPRequest(url: url)))
    }

    /// A page the forum shows without an error, logging in again once if the session has expired
    /// and the adapter may.
    func page(_ url: URL, purpose: SAFailurePage.Purpose = .reading, requiresLogin: Bool = true) async throws(ForumError) -> HTMLDocument {
        var mayLogInAgain = true
        while true {
            if requiresLogin { try await requireSession() }
            let seen = await loginsSoFar()
            let answer = try await get(url)
            // The forum deletes the session cookie of a session it no longer knows.
            let lostSession = requiresLogin ? !(await hasSessionCookie()) : false
            let failure = answer.failure(purpose: purpose) ?? (lostSession ? .rejected(.notLoggedIn) : nil)
            if let failure {
                if failure == .rejected(.notLoggedIn), mayLogInAgain, await logInAgain(since: seen) {
                    mayLogInAgain = false
                    continue
                }
                throw failure
            }
            return try answer.requireDocument()
        }
    }

    /// The compose page's `vbform`. A page without one is an unexpected answer.
    func composeForm(_ url: URL) async throws(ForumError) -> HTMLForm {
        try await composePage(url).form
    }

    /// The compose page and its `vbform`. No form and a page that talks of permission means the
    /// forum will not let this user do it (editing someone else's post, say).
    func composePage(_ url: URL) async throws(ForumError) -> (document: HTMLDocument, form: HTMLForm) {
        let document = try await page(url, purpose: .posting)
        guard let form = document.form(named: "vbform") else {
            let text = document.first("//*[@id='content']")?.visibleText ?? document.root?.visibleText ?? ""
            if text.lowercased().contains("permission") { throw .rejected(.noPermission(text)) }
            throw .unexpected(Evidence("the page has no compose form (vbform)", url: url))
        }
        return (document, form)
    }
}

/// One answer from the forum, with its page parsed when it is one.
struct Answer {
    var response: HTTPResponse
    var document: HTMLDocument?

    init(_ response: HTTPResponse) {
        self.response = response
        self.document = Self.isPage(response) ? response.document : nil
    }

    /// HTML (or unlabelled bytes that are not empty): something worth parsing.
    static func isPage(_ response: HTTPResponse) -> Bool {
        guard !response.body.isEmpty else { return false }
        guard let type = response.mediaType else { return true }
        return type.contains("html") || type.contains("xml")
    }

    func failure(purpose: SAFailurePage.Purpose) -> ForumError? {
        SAFailurePage.failure(in: response, document: document, purpose: purpose)
    }

    func requireDocument() throws(ForumError) -> HTMLDocument {
        guard let document else { throw .unexpected(unreadableEvidence) }
        return document
    }

    var unreadableEvidence: Evidence {
        if response.body.isEmpty { return Evidence("the forum answered with an empty page", status: response.status, url: response.url) }
        return Evidence("the forum answered with \(response.mediaType ?? "something") instead of a web page", status: response.status, url: response.url)
    }
}
