import Foundation
import Testing
@testable import Forum

/// The adapter against peers the sandbox cannot imitate: a forum that is not running, one that
/// never answers, and compose pages that are empty, not HTML, formless or endless redirects.
/// Nothing is posted in any of them, and every outcome says why.
@Suite struct MisbehavingForumTests {
    /// An adapter whose jar already holds a session cookie for 127.0.0.1, as after a login.
    private func adapter(_ base: URL, timeout: Duration = .seconds(5)) throws -> SomethingAwfulAdapter {
        let jar = FileManager.default.temporaryDirectory.appendingPathComponent("missive-peer-\(UUID().uuidString)/jar.txt")
        try FileManager.default.createDirectory(at: jar.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "127.0.0.1\tFALSE\t/\tFALSE\t0\tbbuserid\t1001\n".write(to: jar, atomically: true, encoding: .utf8)
        return try SomethingAwfulAdapter(
            baseURL: base,
            settings: HTTPSettings(userAgent: "missive/test", connectTimeout: .seconds(2), totalTimeout: timeout, cookieJar: jar))
    }

    private let reply = Reply(threadID: 3_500_001, bbcode: "hello")

    /// A reply form with the thread's newest post (77) under it, as the forum shows one.
    static let replyPage = Array(HTMLFormTests.replyPage.replacingOccurrences(of: "</body>", with: """
        <div id="thread"><table class="post" id="post77"><tr><td class="userinfo userid-5">Someone</td>
        <td class="postbody">Newest</td></tr></table></div></body>
        """).utf8)

    @Test func aForumThatIsNotRunningIsRetryLaterAndNamesTheHost() async throws {
        let closed = try MisbehavingPeer.closedPort()
        defer { withExtendedLifetime(closed) {} }
        let outcome = try await adapter(URL(string: "http://127.0.0.1:\(closed.port)/")!).reply(reply)
        guard case let .retryLater(nil, .unreachable(message)) = outcome else {
            Issue.record("expected unreachable, got \(outcome)")
            return
        }
        #expect(message.contains("cannot connect to 127.0.0.1"))
        #expect(ForumError.retryLater(after: nil, reason: .unreachable(message)).status == .unavailable)
    }

    @Test func aForumThatNeverAnswersTheFormIsRetryLaterWithNothingPosted() async throws {
        let peer = try MisbehavingPeer(.silent)
        defer { peer.stop() }
        let outcome = try await adapter(peer.baseURL, timeout: .milliseconds(500)).reply(reply)
        guard case let .retryLater(_, .unreachable(message)) = outcome else {
            Issue.record("expected retry later, got \(outcome)")
            return
        }
        #expect(message.contains("did not answer in time"))
        #expect(peer.received.allSatisfy { String(decoding: $0.prefix(4), as: UTF8.self) == "GET " })
    }

    @Test(arguments: [
        (MisbehavingPeer.Behaviour.answer(body: []), "empty page"),
        (.answer(type: "image/png", body: [0x89, 0x50, 0x4E, 0x47]), "image/png instead of a web page"),
        (.answer(body: Array("<html><body><p>Welcome to nginx!</p></body></html>".utf8)), "no compose form"),
    ])
    func aComposePageThatIsNotOneIsAWaitNotAnUnknown(behaviour: MisbehavingPeer.Behaviour, named: String) async throws {
        // Nothing was posted, so there is nothing to reconcile: only a wait.
        let peer = try MisbehavingPeer(behaviour)
        defer { peer.stop() }
        let outcome = try await adapter(peer.baseURL).reply(reply)
        guard case let .retryLater(nil, .unreadable(message)) = outcome else {
            Issue.record("expected a retry later, got \(outcome)")
            return
        }
        #expect(message.contains(named))
        // The form read is made again at once (issue 31), then counts: GETs only, nothing posted.
        #expect(peer.received.count == ReadAgain.tries, "only the form was asked for; nothing was posted")
        #expect(peer.received.allSatisfy { String(decoding: $0.prefix(4), as: UTF8.self) == "GET " })
    }

    @Test func aRedirectLoopOnTheFormIsRetryLater() async throws {
        let peer = try MisbehavingPeer(.redirectLoop)
        defer { peer.stop() }
        let outcome = try await adapter(peer.baseURL).reply(reply)
        guard case let .retryLater(_, .unreachable(message)) = outcome else {
            Issue.record("expected retry later, got \(outcome)")
            return
        }
        #expect(message.contains("redirects in a loop"))
    }

    @Test func aServiceUnavailableWithRetryAfterWaitsThatLong() async throws {
        let peer = try MisbehavingPeer(.answer(status: "503 Service Unavailable", body: Array("busy".utf8), extraHeaders: "Retry-After: 120\r\n"))
        defer { peer.stop() }
        let outcome = try await adapter(peer.baseURL).reply(reply)
        #expect(outcome == .retryLater(after: .seconds(120), reason: .serverError(status: 503)))
    }

    @Test func aGatewayErrorAfterThePostIsUnknownButBeforeItIsRetryLater() async throws {
        // The form comes from the forum, the post's answer from a gateway that gave up waiting.
        let peer = try MisbehavingPeer(.formThenStatus(form: Self.replyPage, status: "504 Gateway Timeout"))
        defer { peer.stop() }
        let outcome = try await adapter(peer.baseURL).reply(reply)
        guard case let .unknown(evidence) = outcome else {
            Issue.record("expected unknown, got \(outcome)")
            return
        }
        #expect(evidence.status == 504)
        #expect(evidence.reconcileAfter == 77, "the newest post under the form")
        #expect(peer.received.count == 2)

        let gatewayOnly = try MisbehavingPeer(.answer(status: "504 Gateway Timeout", body: []))
        defer { gatewayOnly.stop() }
        #expect(try await adapter(gatewayOnly.baseURL).reply(reply) == .retryLater(after: nil, reason: .serverError(status: 504)))
    }

    @Test func readsFromAGarbledForumAreUnexpectedAnswers() async throws {
        let peer = try MisbehavingPeer(.answer(type: "application/json", body: Array("{\"nope\": true}".utf8)))
        defer { peer.stop() }
        let adapter = try adapter(peer.baseURL)
        await #expect(throws: ForumError.self) { try await adapter.privateMessages(in: .inbox) }
        do {
            _ = try await adapter.quote(postID: 1)
            Issue.record("no error")
        } catch {
            #expect(error.status == .protocolError)
            #expect(error.description.contains("application/json"))
        }
    }

    /// After the forum took the POST and redirected, whatever the followed page says, the post
    /// may be stored: a 500, the database page, a "log in" page are all unknown, never a retry.
    @Test(arguments: [
        ("500 Internal Server Error", "<html><body><h1>Internal Server Error</h1></body></html>"),
        ("200 OK", "<html><body class=\"database_error\"><div id=\"msg\"><h1>Database Unavailable!</h1></div></body></html>"),
        ("200 OK", "<html><body class=\"standarderror\"><div id=\"content\"><div class=\"standard\"><h2>Sorry!</h2><div class=\"inner\">You must be logged in to do that.</div></div></div></body></html>"),
    ])
    func aFailureOnThePageAfterThePostsRedirectIsUnknown(status: String, page: String) async throws {
        let peer = try MisbehavingPeer(.routes([
            ("GET /newreply.php", MisbehavingPeer.Behaviour.http(body: Self.replyPage)),
            ("POST /newreply.php", MisbehavingPeer.Behaviour.redirect(to: "/afterwards.php")),
            ("GET /afterwards.php", MisbehavingPeer.Behaviour.http(status: status, body: Array(page.utf8))),
        ]))
        defer { peer.stop() }
        let outcome = try await adapter(peer.baseURL).reply(reply)
        guard case let .unknown(evidence) = outcome else {
            Issue.record("expected unknown, got \(outcome)")
            return
        }
        #expect(evidence.reconcileAfter == 77)
        #expect(peer.received.count == 3)
    }

    @Test func aRedirectAwayFromTheForumAfterThePostIsNotFollowed() async throws {
        let elsewhere = try MisbehavingPeer(.echo)
        defer { elsewhere.stop() }
        let peer = try MisbehavingPeer(.routes([
            ("GET /newreply.php", MisbehavingPeer.Behaviour.http(body: Self.replyPage)),
            ("POST /newreply.php", MisbehavingPeer.Behaviour.redirect(to: "\(elsewhere.baseURL)showthread.php?goto=post&postid=5")),
        ]))
        defer { peer.stop() }
        let outcome = try await adapter(peer.baseURL).reply(reply)
        guard case .unknown = outcome else {
            Issue.record("a link to another site is no receipt: \(outcome)")
            return
        }
        #expect(elsewhere.received.isEmpty)
    }

    @Test func aMessageTheForumCallsSentButSentItemsLacksIsUnknown() async throws {
        let form = """
            <html><body><form name="vbform" action="private.php" method="post">
            <input type="hidden" name="action" value="dosend"><input name="touser"><input name="title">
            <textarea name="message"></textarea><input type="submit" name="submit" value="Send Message">
            </form></body></html>
            """
        // An empty Sent Items, named as the forum's folder page names itself.
        let folder = """
            <html><body><form action="private.php" method="post"><table class="standard"><tbody></tbody></table>
            <input type="hidden" name="thisfolder" value="-1"></form></body></html>
            """
        let thanks = """
            <html><head><meta http-equiv="Refresh" content="2; URL=private.php"></head>
            <body class="standardredirect"><div class="standard"><div class="inner">Thank you!
            <a href="private.php">back</a></div></div></body></html>
            """
        let peer = try MisbehavingPeer(.routes([
            ("GET /private.php?action=newmessage", MisbehavingPeer.Behaviour.http(body: Array(form.utf8))),
            ("GET /private.php?folderid=-1", MisbehavingPeer.Behaviour.http(body: Array(folder.utf8))),
            ("POST /private.php", MisbehavingPeer.Behaviour.http(body: Array(thanks.utf8))),
        ]))
        defer { peer.stop() }
        let outcome = try await adapter(peer.baseURL).send(PrivateMessage(to: "Zoë", subject: "Hi", bbcode: "hello"))
        guard case let .unknown(evidence) = outcome else {
            Issue.record("expected unknown, got \(outcome)")
            return
        }
        #expect(evidence.summary.contains("Sent Items does not show the message"))
        #expect(evidence.reconcileAfter == 0)
    }

    @Test func theLoginsRedirectIsNotFollowedWithThePassword() async throws {
        // A 307 asks for the same POST again, body and all, at the new place.
        let elsewhere = try MisbehavingPeer(.echo)
        defer { elsewhere.stop() }
        let peer = try MisbehavingPeer(.routes([
            ("POST /account.php", MisbehavingPeer.Behaviour.redirect("307 Temporary Redirect", to: "\(elsewhere.baseURL)collect")),
        ]))
        defer { peer.stop() }
        let adapter = try SomethingAwfulAdapter(baseURL: peer.baseURL, settings: HTTPSettings(userAgent: "missive/test"))
        // A redirect without a session is not the forum saying the password was wrong (issue 12).
        let error = await #expect(throws: ForumError.self) {
            try await adapter.login(username: "sandbox", password: "secret-\(UUID().uuidString)")
        }
        if case .unexpected? = error {} else { Issue.record("expected an unreadable answer, got \(String(describing: error))") }
        #expect(elsewhere.received.isEmpty)
        #expect(peer.received.count == 1)
    }
}
