import Foundation

/// What every adapter holds to talk to its forum, whatever the engine: the base address, the
/// HTTP client with the profile's cookie jar, and what logging in again needs. The engines
/// differ in what they send; this is what they share.
struct ForumSession: Sendable {
    /// The forum's base as a folder (`asFolder`), so that relative addresses resolve beneath it.
    let baseURL: URL
    let client: HTTPClient
    /// The profile's username, for logging in again when a session expires.
    let username: String?
    let credentials: (any CredentialSource)?
    /// Shared by the requests this session makes side by side (see `LoginGate`).
    let logins = LoginGate()

    init(baseURL: URL, settings: HTTPSettings, username: String?, credentials: (any CredentialSource)?) throws(HTTPClientError) {
        self.baseURL = baseURL.asFolder
        self.client = try HTTPClient(settings: settings)
        self.username = username
        self.credentials = credentials
    }

    /// `path?query` on this forum, the query encoded as the forum's pages would. A leading slash
    /// is dropped, so that the path stays beneath a base that has a folder of its own.
    func url(_ path: String, _ query: [(String, String)] = []) -> URL {
        let relative = path.hasPrefix("/") ? String(path.dropFirst()) : path
        let suffix = query.isEmpty ? "" : "?" + QueryString.encode(query)
        return URL(string: relative + suffix, relativeTo: baseURL)?.absoluteURL ?? baseURL
    }

    /// The value of the jar's cookie of that name for the forum's host (the last one set wins).
    func cookie(_ name: String) async -> String? {
        let host = baseURL.host ?? ""
        return await client.cookies().last { $0.name == name && $0.applies(to: host) }?.value
    }

    /// A request whose failure to reach the forum posted nothing (a page, a login, a preview): the
    /// answer, or a retry later that says why there was none.
    func send(_ request: HTTPRequest) async throws(ForumError) -> HTTPResponse {
        do {
            return try await client.send(request)
        } catch {
            throw ForumError(error)
        }
    }
}

/// An adapter over a `ForumSession`: the session's parts under the names the engines' code uses,
/// and the steps every engine takes alike (logging in again, the frame of a reconcile).
protocol SessionAdapter: ForumAdapter {
    var session: ForumSession { get }
}

extension SessionAdapter {
    var client: HTTPClient { session.client }

    func url(_ path: String, _ query: [(String, String)] = []) -> URL {
        session.url(path, query)
    }

    func cookie(_ name: String) async -> String? {
        await session.cookie(name)
    }

    /// How many times the session has logged in again: noted before a request goes out, and
    /// handed to `logInAgain(since:)` when it comes back not logged in.
    func loginsSoFar() async -> Int {
        await session.logins.count
    }

    /// Logs in again with the profile's username and a password from the credential source, when
    /// there is one to ask; one log-in at a time, and none when one succeeded since `seen`.
    func logInAgain(since seen: Int) async -> Bool {
        await session.logins.logIn(since: seen) {
            guard let username = session.username, let credentials = session.credentials,
                let password = await credentials.password(for: username, at: session.baseURL)
            else { return false }
            return (try? await login(username: username, password: password)) != nil
        }
    }

    // MARK: Reconcile

    /// How many of our own posts (or candidate threads, or PMs) a reconcile opens and compares,
    /// and how many pages it walks back: a bound on the requests one unknown send may cost.
    static var reconcileCandidates: Int { 10 }
    static var reconcilePages: Int { 10 }

    /// A reconcile's look: an error on the way means the forum could not be asked, so whether the
    /// send landed stays undetermined.
    /// A look that failed because the forum failed, or met a page it could not read, is made
    /// again at once a few times (`ReadAgain`): reads post nothing.
    func reconciling(_ look: () async throws(ForumError) -> Reconciliation) async -> Reconciliation {
        do {
            return try await ReadAgain.atOnce(look)
        } catch {
            return .undetermined(error)
        }
    }

    /// Why a look without its marker proves nothing: `marker` says what the attempt should have
    /// named ("what the thread's last post was").
    static func noMarker(_ marker: String) -> ForumError {
        .unexpected(Evidence("the attempt does not say \(marker) before the send, so an older identical one cannot be told from it"))
    }
}

extension ForumError {
    /// A request that got no answer: a certificate that is not trusted is a refusal (nothing was
    /// sent, and waiting will not change it); anything else is a retry later.
    init(_ error: TransportError) {
        if error.kind == .certificate, !error.requestSent {
            self = .rejected(.untrustedCertificate(host: error.url.host ?? error.url.absoluteString, detail: error.detail))
        } else {
            self = .retryLater(after: nil, reason: .unreachable(error.description))
        }
    }
}
