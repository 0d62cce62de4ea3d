import Foundation

/// Logging in and out. Logged in means the jar holds a `bbuserid` cookie for the forum.
extension SomethingAwfulAdapter {
    public func login(username: String, password: String) async throws(ForumError) -> Session {
        let fields = [
            FormField("action", "login"), FormField("username", username),
            FormField("password", password), FormField("next", "/index.php?json=1"),
        ]
        // The password is in this body and nowhere else: not in a URL, an error or a log. The
        // POST's redirect is not followed (see HTTPClient): the index is asked for below.
        let request = HTTPRequest.post(url("account.php", [("json", "1")]), form: MultipartFormData(fields: fields))
        let answer = Answer(try await session.send(request))
        // A login sent elsewhere stops there: nothing more goes to a host that is not the forum.
        try stayOnForum(answer, after: "the login")
        // Only a session cookie set by this answer says the forum took the password: one already
        // in the jar (an earlier login, another account) proves nothing.
        guard let userID = Self.sessionCookieSet(by: answer.response) else { throw Self.loginFailure(answer) }
        // Who that is, in the forum's words. A banned account is logged in, and sees the banned
        // page instead of the index. Its redirects are followed on the forum only.
        let indexURL = url("index.php", [("json", "1")])
        var index = Answer(try await session.send(HTTPRequest(url: indexURL, followRedirects: false)))
        try stayOnForum(index, after: "the login, its index")
        if index.response.isRedirect, let location = index.response.redirect { index = try await get(location) }
        if let user = Self.indexUser(index.response.body), user.userID == userID { return user }
        if let failure = index.failure(purpose: .reading) { throw failure }
        throw .unexpected(Evidence("after logging in as user \(userID), the forum's index did not say so",
                                   status: index.response.status, url: index.response.url))
    }

    /// A redirect to another host than the forum's is not followed (it would carry nothing of
    /// ours, but a login that ends elsewhere is not a login to this forum): it is named instead.
    func stayOnForum(_ answer: Answer, after what: String) throws(ForumError) {
        guard answer.response.isRedirect, let location = answer.response.redirect,
              location.host?.lowercased() != baseURL.host?.lowercased() else { return }
        throw .unexpected(Evidence(
            "the forum answered \(what) with a redirect to another host, \(location.absoluteString); Missive stopped there and "
                + "sent it nothing. Check the profile's base_url: it should be the forum's own address", status: answer.response.status,
            url: location))
    }

    /// Why a login answer set no session. Only the forum's own answer to a bad password (its login
    /// form again, asking for the password: "BAD PASSWORD!" above it) says the password was wrong;
    /// anything else says nothing about the password, and a user told "wrong password" then would
    /// chase the wrong cause.
    static func loginFailure(_ answer: Answer) -> ForumError {
        // The page-shape table knows Cloudflare's challenge too, by its header or its script.
        if let failure = answer.failure(purpose: .reading) { return failure }
        if let document = answer.document, isLoginForm(document) { return .rejected(.wrongPassword) }
        return .unexpected(Evidence(
            "the answer to the login set no session and was not the forum's wrong-password page, so the password was "
                + "neither accepted nor refused", status: answer.response.status, url: answer.response.url))
    }

    /// A page that asks for the password: a form posting to account.php with a password field.
    static func isLoginForm(_ document: HTMLDocument) -> Bool {
        document.first("//form[contains(@action, 'account.php')]//input[@type='password']") != nil
    }

    /// The user id of a `bbuserid` cookie this answer sets (not one it deletes).
    static func sessionCookieSet(by response: HTTPResponse) -> Int? {
        for header in response.headers where header.name.caseInsensitiveCompare("Set-Cookie") == .orderedSame {
            let pair = header.value.prefix { $0 != ";" }.split(separator: "=", maxSplits: 1).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            if pair.count == 2, pair[0] == "bbuserid", let id = SAEvidence.id(pair[1]) { return id }
        }
        return nil
    }

    public func hasSavedSession() async -> Bool {
        await hasSessionCookie()
    }

    /// The forum's own logout link (`account.php?action=logout&ma=KEY`, the session's key, on
    /// every page) is read from the index and followed; the forum's answer deletes the session's
    /// cookies when it ends the session. The jar is forgotten locally whatever the forum said.
    public func logout() async -> ForumLogout {
        guard await hasSessionCookie() else {
            await client.clearCookies()
            return .noSession
        }
        let result: ForumLogout
        do {
            let index = try await ReadAgain.atOnce { () throws(ForumError) in try await page(url("index.php"), requiresLogin: false) }
            if let link = index.first("//a[contains(@href, 'action=logout')]")?.attribute("href").flatMap(index.resolve),
                isOnForum(link) {
                _ = try await ReadAgain.atOnce { () throws(ForumError) in try await get(link) }
                result = await hasSessionCookie() ? .notEnded(reason: "the forum's answer to its logout link kept the session") : .ended
            } else {
                // No link: the forum does not know this session any more (or shows no logout).
                result = await hasSessionCookie() ? .notEnded(reason: "the forum's index shows no logout link") : .ended
            }
        } catch {
            result = .notEnded(reason: "\(error)")
        }
        await client.clearCookies()
        return result
    }

    public func currentSession() async throws(ForumError) -> Session? {
        guard await hasSessionCookie() else { return nil }
        let answer = try await get(url("index.php", [("json", "1")]))
        if let user = Self.indexUser(answer.response.body) {
            return user.userID > 0 ? user : nil
        }
        if let failure = answer.failure(purpose: .reading) { throw failure }
        throw .unexpected(Evidence("the forum's index did not say who is logged in", status: answer.response.status, url: answer.response.url))
    }

    /// `{"user": {"userid": 1, "username": "..."}}` from `index.php?json=1`.
    static func indexUser(_ body: [UInt8]) -> Session? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any],
            let user = object["user"] as? [String: Any]
        else { return nil }
        let id = (user["userid"] as? Int) ?? (user["userid"] as? String).flatMap(Int.init)
        guard let id else { return nil }
        return Session(userID: id, username: user["username"] as? String)
    }

    // MARK: The session cookie

    func sessionUserID() async -> Int? {
        await cookie("bbuserid").flatMap { Int($0) }
    }

    func hasSessionCookie() async -> Bool {
        await sessionUserID() != nil
    }

    /// Throws `notLoggedIn` unless there is a session or one can be made now.
    func requireSession() async throws(ForumError) {
        let seen = await loginsSoFar()
        if await hasSessionCookie() { return }
        if await logInAgain(since: seen) { return }
        throw .rejected(.notLoggedIn)
    }
}
