import Foundation

/// Logging in and out. Logged in means the jar holds Django's `sessionid` and `/api/auth/` names a user.
extension MisagoAdapter {
    public func login(username: String, password: String) async throws(ForumError) -> Session {
        // The password is in this body and nowhere else: not in a URL, an error or a log.
        let answer = await write(.post, "api/auth/", json: ["username": username, "password": password], subject: .page)
        let user = try decode(MisagoJSON.User.self, Self.loginAnswer(answer), from: "api/auth/")
        guard let id = user.id else {
            throw .unexpected(Evidence("the forum accepted the login but named no user", url: url("api/auth/")))
        }
        // Django gives a logged-in session a new CSRF token; the next write reads it from the jar.
        return Session(userID: id, username: user.username ?? username)
    }

    /// A login stores nothing, so an answer that "may have landed" only says the login is unknown.
    private static func loginAnswer(_ answer: MisagoAnswer) -> MisagoAnswer {
        if case let .mayHaveLanded(evidence) = answer { return .failed(.unexpected(evidence)) }
        return answer
    }

    public func hasSavedSession() async -> Bool {
        await cookie(Self.sessionCookie) != nil
    }

    public func logout() async -> ForumLogout {
        // Misago's own sign-out is a form POST to /logout/; the jar is forgotten either way.
        guard await hasSavedSession() else {
            await client.clearCookies()
            return .noSession
        }
        let answer = await write(.post, "logout/", json: [:], subject: .page)
        // Django ends a session by deleting its cookie in the answer (a redirect, as a rule).
        let result: ForumLogout = if !(await hasSavedSession()) {
            .ended
        } else {
            switch answer {
            case .ok: .notEnded(reason: "the engine's answer kept the session")
            case let .failed(error): .notEnded(reason: "\(error)")
            case let .csrfFailed(message): .notEnded(reason: message)
            case let .mayHaveLanded(evidence): .notEnded(reason: "\(evidence)")
            }
        }
        await client.clearCookies()
        return result
    }

    public func currentSession() async throws(ForumError) -> Session? {
        guard await hasSavedSession() else { return nil }
        let user = try await read(MisagoJSON.User.self, "api/auth/", subject: .page)
        return user.id.map { Session(userID: $0, username: user.username) }
    }

    /// The logged-in user (logging in again once when the session has expired and the adapter
    /// may), or the typed refusal when nobody is.
    func me() async throws(ForumError) -> Session {
        let seen = await loginsSoFar()
        if let session = try await currentSession() { return session }
        guard await logInAgain(since: seen), let session = try await currentSession() else { throw .rejected(.notLoggedIn) }
        return session
    }
}
