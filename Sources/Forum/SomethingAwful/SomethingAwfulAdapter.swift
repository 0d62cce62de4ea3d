import Foundation

/// The Something Awful forums (a heavily modified vBulletin 3) over HTTP, as forum-protocol.md
/// describes them; the sandbox forum speaks the same protocol. Operations live in extensions by
/// area: session, posts, private messages, reading, reconcile.
public final class SomethingAwfulAdapter: ForumAdapter {
    public let baseURL: URL
    let client: HTTPClient
    /// The profile's username, for logging in again when a session expires.
    let username: String?
    let credentials: (any CredentialSource)?

    public init(baseURL: URL, settings: HTTPSettings, username: String? = nil, credentials: (any CredentialSource)? = nil) throws(CookieJarError) {
        // Scripts resolve against the base as a folder, so it must end in a slash.
        let text = baseURL.absoluteString
        self.baseURL = text.hasSuffix("/") ? baseURL : URL(string: text + "/") ?? baseURL
        self.client = try HTTPClient(settings: settings)
        self.username = username
        self.credentials = credentials
    }

    /// `script?parameters` on this forum, the parameters encoded as the forum's pages would.
    func url(_ script: String, _ parameters: [(String, String)] = []) -> URL {
        let query = parameters.isEmpty ? "" : "?" + QueryString.encode(parameters)
        return URL(string: script + query, relativeTo: baseURL)?.absoluteURL ?? baseURL
    }

    // MARK: Fetching pages

    /// A GET that reached the forum, or the reason it did not (nothing was posted by a GET, so a
    /// failure here is always worth retrying).
    func get(_ url: URL) async throws(ForumError) -> Answer {
        do {
            return Answer(try await client.send(HTTPRequest(url: url)))
        } catch {
            throw .retryLater(after: nil, reason: .unreachable(error.description))
        }
    }

    /// A page the forum shows without an error, logging in again once if the session has expired
    /// and the adapter may.
    func page(_ url: URL, purpose: SAFailurePage.Purpose = .reading, requiresLogin: Bool = true) async throws(ForumError) -> HTMLDocument {
        var mayLogInAgain = true
        while true {
            if requiresLogin { try await requireSession() }
            let answer = try await get(url)
            // The forum deletes the session cookie of a session it no longer knows.
            let lostSession = requiresLogin ? !(await hasSessionCookie()) : false
            let failure = answer.failure(purpose: purpose) ?? (lostSession ? .rejected(.notLoggedIn) : nil)
            if let failure {
                if failure == .rejected(.notLoggedIn), mayLogInAgain, await logInAgain() {
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

    // MARK: Posting a form

    /// What a submitted form came to: an outcome, or the forum's "security token expired" answer,
    /// which means nothing was posted and a fresh form will do.
    enum Submission {
        case outcome(PostOutcome)
        case staleForm
    }

    /// Fetches a compose form, fills it, submits it with `button`, and reads the answer for the
    /// evidence `receipt` recognises. A stale form is fetched and sent once more.
    func compose(
        _ formURL: URL, button: String, fill: (inout HTMLForm) throws(ForumError) -> Void,
        receipt: (URL) -> Receipt?
    ) async -> PostOutcome {
        for _ in 0..<2 {
            do {
                var form = try await composeForm(formURL)
                try fill(&form)
                switch await submit(form, clicking: button, receipt: receipt) {
                case let .outcome(outcome): return outcome
                case .staleForm: continue
                }
            } catch {
                return PostOutcome(error)
            }
        }
        return .rejected(.forumError(title: "", message: "the forum refused the form's security token twice"))
    }

    /// Posts the form as a browser would and decides what happened. Only a receipt counts as sent.
    func submit(_ form: HTMLForm, clicking button: String, receipt: (URL) -> Receipt?) async -> Submission {
        let request = HTTPRequest.post(form.action, form: MultipartFormData(fields: form.submission(clicking: button)))
        let answer: Answer
        do {
            answer = Answer(try await client.send(request))
        } catch {
            return .outcome(error.requestSent
                ? .unknown(Evidence("the post was sent but \(error.description)", url: form.action))
                : .retryLater(after: nil, reason: .unreachable(error.description)))
        }
        // A redirect straight to the new post is the evidence itself.
        if answer.response.isRedirect, let location = answer.response.redirect {
            if let found = receipt(location) { return .outcome(.sent(found)) }
            return .outcome(await followRedirect(location, receipt: receipt))
        }
        return read(answer, receipt: receipt)
    }

    private func followRedirect(_ location: URL, receipt: (URL) -> Receipt?) async -> PostOutcome {
        do {
            let answer = try await get(location)
            if case let .outcome(outcome) = read(answer, receipt: receipt) { return outcome }
            return .unknown(Evidence("the forum redirected to a page asking to send the form again", url: location))
        } catch {
            return .unknown(Evidence("the forum redirected to \(location.absoluteString), which could not be read: \(error)"))
        }
    }

    private func read(_ answer: Answer, receipt: (URL) -> Receipt?) -> Submission {
        // A gateway's 502 or 504 speaks for the proxy, not the forum behind it, which may have
        // stored the post before the proxy gave up on it.
        if [502, 504].contains(answer.response.status) {
            return .outcome(.unknown(Evidence("a gateway answered for the forum", status: answer.response.status, url: answer.response.url)))
        }
        if let failure = answer.failure(purpose: .posting) {
            if case let .rejected(.forumError(_, message)) = failure, message.lowercased().contains("security token") {
                return .staleForm
            }
            return .outcome(PostOutcome(failure))
        }
        let response = answer.response
        guard let document = answer.document else {
            return .outcome(.unknown(answer.unreadableEvidence))
        }
        for link in SAEvidence.redirectLinks(in: document) {
            if let found = receipt(link) { return .outcome(.sent(found)) }
        }
        if document.form(named: "vbform") != nil {
            return .outcome(.unknown(Evidence("the forum showed the form again instead of the new post", status: response.status, url: response.url)))
        }
        return .outcome(.unknown(Evidence("the answer has no link to what was posted", status: response.status, url: response.url)))
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
