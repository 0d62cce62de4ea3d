import Foundation
import Testing
@testable import Forum
import Sandbox

/// Logging in and out against the sandbox forum.
@Suite struct SessionTests {
    @Test func theRightPasswordLogsInAndKeepsTheSessionInAPrivateJar() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try sandbox.adapter()
            let session = try await adapter.login(username: "sandbox", password: SandboxFixture.password)
            #expect(session == Session(userID: Int(Seed.Account.member.id), username: "sandbox"))
            let jar = sandbox.jar("sandbox")
            let mode = try FileManager.default.attributesOfItem(atPath: jar.path)[.posixPermissions] as? Int
            #expect(mode == 0o600)
            let contents = try String(contentsOf: jar, encoding: .utf8)
            #expect(contents.contains("\tbbuserid\t\(Seed.Account.member.id)"))
            #expect(!contents.contains(SandboxFixture.password), "the password is never written down")

            // The next command reads the jar: still logged in.
            let again = try sandbox.adapter()
            #expect(try await again.currentSession()?.username == "sandbox")
        }
    }

    @Test func aWrongPasswordIsRejectedAndLeavesNoSession() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try sandbox.adapter()
            await #expect(throws: ForumError.rejected(.wrongPassword)) {
                try await adapter.login(username: "sandbox", password: "not the password")
            }
            #expect(try await adapter.currentSession() == nil)
            #expect(await adapter.reply(Reply(threadID: Int(Seed.Ids.welcomeThread), bbcode: "hi")) == .rejected(.notLoggedIn))
        }
    }

    @Test func aWrongPasswordFailsEvenWithASessionInTheJar() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            await #expect(throws: ForumError.rejected(.wrongPassword)) {
                try await adapter.login(username: "Zoë", password: "not the password")
            }
            // The session that was there is still the one there.
            #expect(try await adapter.currentSession() == Session(userID: Int(Seed.Account.member.id), username: "sandbox"))
        }
    }

    @Test func theSessionNamesTheUserAsTheForumSpellsIt() async throws {
        try await SandboxFixture.with { sandbox in
            let session = try await sandbox.adapter().login(username: "SANDBOX", password: SandboxFixture.password)
            #expect(session == Session(userID: Int(Seed.Account.member.id), username: "sandbox"))
        }
    }

    @Test func logoutForgetsTheSessionHereAndAtTheForum() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            // A copy of the jar, as a second machine or a backup would keep it (issue 31).
            let copy = sandbox.jar("copy")
            try FileManager.default.copyItem(at: sandbox.jar("sandbox"), to: copy)
            #expect(await adapter.logout() == .ended)
            #expect(try await adapter.currentSession() == nil)
            #expect(try !String(contentsOf: sandbox.jar("sandbox"), encoding: .utf8).contains("bbuserid"))
            // The forum ended the session: its cookies no longer work anywhere.
            let kept = try sandbox.adapter(jar: "copy")
            #expect(await kept.hasSavedSession())
            #expect(try await kept.currentSession() == nil)
            #expect(await kept.logout() == .noSession)
        }
    }

    @Test func anExpiredSessionWithoutAPasswordToHandIsNotLoggedIn() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            try await sandbox.control("_sandbox/expire-sessions")
            let outcome = await adapter.reply(Reply(threadID: Int(Seed.Ids.welcomeThread), bbcode: "after expiry"))
            #expect(outcome == .rejected(.notLoggedIn))
            #expect(try await sandbox.state().posts.allSatisfy { $0.text != "after expiry" })
        }
    }

    @Test func anExpiredSessionLogsInAgainWhenItMay() async throws {
        try await SandboxFixture.with { sandbox in
            let password = FixedPassword(SandboxFixture.password)
            let adapter = try sandbox.adapter(username: "sandbox", credentials: password)
            _ = try await adapter.login(username: "sandbox", password: SandboxFixture.password)
            try await sandbox.control("_sandbox/expire-sessions")
            let outcome = await adapter.reply(Reply(threadID: Int(Seed.Ids.welcomeThread), bbcode: "after logging in again"))
            let receipt = try #require(outcome.receipt)
            #expect(password.timesAsked == 1, "\(outcome)")
            #expect(try await sandbox.state().posts.first { $0.id == Int64(receipt.id ?? 0) }?.text == "after logging in again")
        }
    }

    /// `status` reads the inbox and the bookmarks side by side with no session yet: one password
    /// prompt between them, not one each (two prompts on one line, the second echoing the typing).
    @Test func requestsSideBySideWithoutASessionAskForThePasswordOnce() async throws {
        try await SandboxFixture.with { sandbox in
            let password = FixedPassword(SandboxFixture.password, answeringAfter: .milliseconds(300))
            let adapter = try sandbox.adapter(username: Seed.Account.member.username, credentials: password)
            async let inbox = adapter.privateMessages(in: .inbox)
            async let bookmarks = adapter.bookmarks(limit: 40)
            let (messages, _) = try await (inbox, bookmarks)
            #expect(!messages.isEmpty, "the member's inbox, read once logged in")
            #expect(password.timesAsked == 1)
            // The prompt names the forum, as `missive login` does.
            #expect(password.forumsAsked == [sandbox.server.baseURL.absoluteString.hasSuffix("/")
                ? sandbox.server.baseURL.absoluteString : sandbox.server.baseURL.absoluteString + "/"])
        }
    }

    /// A session that expires under three reads in flight is renewed once: a read that comes back
    /// after another has logged in again is made again with the new session.
    @Test func anExpiredSessionUnderReadsInFlightIsRenewedOnce() async throws {
        try await SandboxFixture.with { sandbox in
            let password = FixedPassword(SandboxFixture.password, answeringAfter: .milliseconds(300))
            let username = Seed.Account.member.username
            let adapter = try sandbox.adapter(username: username, credentials: password)
            _ = try await adapter.login(username: username, password: SandboxFixture.password)
            try await sandbox.control("_sandbox/expire-sessions")
            async let inbox = adapter.privateMessages(in: .inbox)
            async let bookmarks = adapter.bookmarks(limit: 40)
            async let sent = adapter.privateMessages(in: .sent)
            _ = try await (inbox, bookmarks, sent)
            #expect(password.timesAsked == 1)
        }
    }

    @Test func aBannedAccountIsToldSoAtLoginAndWhenPosting() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try sandbox.adapter(jar: "banned")
            var loginError: ForumError?
            do {
                _ = try await adapter.login(username: "banned", password: SandboxFixture.password)
            } catch {
                loginError = error as? ForumError
            }
            guard case .rejected(.banned) = loginError else {
                Issue.record("expected banned at login, got \(String(describing: loginError))")
                return
            }
            let outcome = await adapter.reply(Reply(threadID: Int(Seed.Ids.welcomeThread), bbcode: "hi"))
            guard case .rejected(.banned) = outcome else {
                Issue.record("expected banned, got \(outcome)")
                return
            }
        }
    }

    @Test func aNoEchoPromptIsNotNeededForAnAdapterWithoutCredentials() async throws {
        // Without a cookie and without a credential source, nothing is sent to the forum at all.
        try await SandboxFixture.with { sandbox in
            let adapter = try sandbox.adapter()
            await #expect(throws: ForumError.rejected(.notLoggedIn)) {
                try await adapter.privateMessages(in: .inbox)
            }
        }
    }

    // MARK: Issue 12: "wrong password" only when the forum says so

    /// An adapter for a peer that answers the login POST with `answer`.
    private func login(answeredWith answer: [UInt8]) async throws -> ForumError? {
        let peer = try MisbehavingPeer(.routes([("POST /account.php", answer)]))
        defer { peer.stop() }
        let adapter = try SomethingAwfulAdapter(baseURL: peer.baseURL, settings: HTTPSettings(
            userAgent: "missive/test", connectTimeout: .seconds(2), totalTimeout: .seconds(5)))
        do {
            _ = try await adapter.login(username: "sandbox", password: "the right one")
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        ("text/html", "<html><body><p>Welcome! Something went somewhere.</p></body></html>"),
        ("text/plain", "garbage \u{1} not a page"),
        ("application/json", "{\"user\": null}"),
        ("text/html", ""),
    ])
    func anAnswerThatIsNotTheWrongPasswordPageSaysItCouldNotBeRead(type: String, body: String) async throws {
        let error = try await login(answeredWith: MisbehavingPeer.Behaviour.http(type: type, body: Array(body.utf8)))
        guard case let .unexpected(evidence)? = error else {
            Issue.record("expected an unreadable answer, got \(String(describing: error))")
            return
        }
        #expect(evidence.summary.contains("neither accepted nor refused"), "\(evidence)")
        #expect(error?.status == .protocolError)
        #expect(error?.description.contains("did not accept") == false)
    }

    @Test func cloudflaresBotCheckPointsAtCookiesFromABrowser() async throws {
        let challenge = "<html><head><title>Just a moment...</title></head><body><script src=\"/cdn-cgi/challenge-platform/x.js\"></script></body></html>"
        let error = try await login(answeredWith: MisbehavingPeer.Behaviour.http(
            status: "403 Forbidden", body: Array(challenge.utf8), extraHeaders: "Server: cloudflare\r\ncf-mitigated: challenge\r\n"))
        #expect(error == .rejected(.botCheck))
        #expect(error?.description.contains("missive login --cookies FILE") == true, "\(String(describing: error))")
    }
}
