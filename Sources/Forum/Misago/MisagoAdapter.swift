import Foundation

/// Misago (0.39, a Django forum) over its JSON API, as docs/misago.md describes it. Operations live
/// in extensions by area: session, posting, private threads, reading, reconcile; what an answer
/// means is `MisagoAnswer`'s one table.
///
/// Ids: a thread, a private thread and a category are their Misago ids. A post's API address needs
/// its thread (`/api/threads/T/posts/P/`), so a post is best named by its URL
/// (`MisagoPostAddress`: `/t/slug/T/post/P/`); the protocol's bare post ids are looked up among the
/// logged-in user's own posts.
public final class MisagoAdapter: SessionAdapter {
    let session: ForumSession
    public var baseURL: URL { session.baseURL }

    public init(baseURL: URL, settings: HTTPSettings, username: String? = nil, credentials: (any CredentialSource)? = nil) throws(HTTPClientError) {
        self.session = try ForumSession(baseURL: baseURL, settings: settings, username: username, credentials: credentials)
    }

    // MARK: Requests

    /// A GET of the API, decoded; logged in again once when the session has expired and the adapter may.
    func read<Value: Decodable>(_ type: Value.Type, _ path: String, _ query: [(String, String)] = [], subject: MisagoAnswer.Subject) async throws(ForumError) -> Value {
        let seen = await loginsSoFar()
        var answer = await readOnce(path, query, subject: subject)
        if answer == .failed(.rejected(.notLoggedIn)), await logInAgain(since: seen) {
            answer = await readOnce(path, query, subject: subject)
        }
        return try decode(type, answer, from: path)
    }

    private func readOnce(_ path: String, _ query: [(String, String)], subject: MisagoAnswer.Subject) async -> MisagoAnswer {
        do {
            return MisagoAnswer.classify(try await client.send(HTTPRequest(url: url(path, query))), write: false, subject: subject)
        } catch {
            return MisagoAnswer.classify(error, write: false)
        }
    }

    /// The value an `.ok` answer carries, or why there is none.
    func decode<Value: Decodable>(_ type: Value.Type, _ answer: MisagoAnswer, from path: String) throws(ForumError) -> Value {
        switch answer {
        case let .ok(body):
            guard let value = try? MisagoJSON.decoder.decode(type, from: Data(body)) else {
                throw .unexpected(Evidence("the forum's answer to \(path) was not the JSON Missive reads", url: url(path)))
            }
            return value
        case let .failed(error): throw error
        case let .csrfFailed(message): throw .rejected(.forumError(title: "CSRF check failed", message: message))
        case let .mayHaveLanded(evidence): throw .unexpected(evidence)
        }
    }

    /// A write to the API with the session's CSRF token. A refused token is fetched afresh once;
    /// an expired session is logged in again once, when the adapter may. Both refusals come before
    /// the engine's view runs, so sending again cannot make a second post.
    func write(_ method: HTTPRequest.Method, _ path: String, json body: Any, subject: MisagoAnswer.Subject) async -> MisagoAnswer {
        let bytes = Array((try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])) ?? Data())
        var freshToken = false
        var loggedInAgain = false
        while true {
            let seen = await loginsSoFar()
            let answer = await writeOnce(method, path, bytes, subject: subject, freshToken: freshToken)
            switch answer {
            case let .csrfFailed(message):
                guard !freshToken else { return .failed(.rejected(.forumError(title: "CSRF check failed", message: message))) }
                freshToken = true
            case .failed(.rejected(.notLoggedIn)):
                guard !loggedInAgain, await logInAgain(since: seen) else { return answer }
                loggedInAgain = true
            default:
                return answer
            }
        }
    }

    private func writeOnce(_ method: HTTPRequest.Method, _ path: String, _ body: [UInt8], subject: MisagoAnswer.Subject, freshToken: Bool) async -> MisagoAnswer {
        let token: String
        do {
            token = try await csrfToken(fresh: freshToken)
        } catch {
            return .failed(error)
        }
        let request = HTTPRequest(
            method: method, url: url(path), body: body, contentType: "application/json", followRedirects: false,
            headers: [("X-CSRFToken", token), ("Referer", baseURL.absoluteString), ("Accept", "application/json")])
        do {
            return MisagoAnswer.classify(try await client.send(request), write: true, subject: subject)
        } catch {
            return MisagoAnswer.classify(error, write: true)
        }
    }

    // MARK: CSRF

    static let csrfCookie = "csrftoken"
    static let sessionCookie = "sessionid"

    /// The `csrftoken` cookie, fetched from the forum's index when the jar has none (or `fresh`):
    /// API answers never set it, HTML pages do.
    func csrfToken(fresh: Bool = false) async throws(ForumError) -> String {
        if !fresh, let token = await cookie(Self.csrfCookie) { return token }
        _ = try await session.send(HTTPRequest(url: baseURL))
        guard let token = await cookie(Self.csrfCookie) else {
            throw .retryLater(after: nil, reason: .unreadable("the forum's index set no CSRF cookie (csrftoken)"))
        }
        return token
    }

    /// Evidence for an unknown send, with the reconcile marker read before it.
    static func unknown(_ evidence: Evidence, after marker: Int?) -> PostOutcome {
        var evidence = evidence
        evidence.reconcileAfter = marker
        return .unknown(evidence)
    }

    /// A page address the engine gave (`/t/slug/T/post/P/`), made absolute on this forum.
    func pageURL(_ path: String?) -> URL? {
        path.flatMap { URL(string: $0, relativeTo: baseURL)?.absoluteURL }
    }
}
