import Common
import Foundation
import Testing
@testable import Forum

/// The libcurl transport against real sockets on loopback that misbehave on purpose.
@Suite struct HTTPClientTests {
    private func client(timeout: Duration = .seconds(5), jar: URL? = nil, maxBytes: Int = 32 << 20) throws -> HTTPClient {
        try HTTPClient(settings: HTTPSettings(
            userAgent: "missive/9.9.9", connectTimeout: .seconds(2), totalTimeout: timeout, cookieJar: jar, maxResponseBytes: maxBytes))
    }

    private func failure(_ request: HTTPRequest, _ client: HTTPClient) async -> TransportError? {
        do {
            _ = try await client.send(request)
            return nil
        } catch {
            return error
        }
    }

    @Test func aPostArrivesAsMultipartWithTheUserAgentAndNoExpect() async throws {
        let peer = try MisbehavingPeer(.echo)
        defer { peer.stop() }
        let form = MultipartFormData(fields: [FormField("message", "hi 😀\n")], boundary: "BOUNDARY")
        let response = try await client().send(.post(peer.baseURL.appendingPathComponent("newreply.php"), form: form))
        let echoed = Windows1252.decode(response.body)
        #expect(echoed.hasPrefix("POST /newreply.php HTTP/1.1\r\n"))
        #expect(echoed.contains("\r\nUser-Agent: missive/9.9.9\r\n"))
        #expect(echoed.contains("\r\nContent-Type: multipart/form-data; charset=windows-1252; boundary=BOUNDARY\r\n"))
        #expect(!echoed.lowercased().contains("expect:"))
        #expect(echoed.hasSuffix("\r\n\r\nhi &#128512;\r\n\r\n--BOUNDARY--\r\n"))
    }

    @Test func aServerThatNeverAnswersTimesOutAfterTheRequestWasSent() async throws {
        let peer = try MisbehavingPeer(.silent)
        defer { peer.stop() }
        // The peer never answers, so only the client's own timeout can end this request: the
        // .timedOut kind is the proof (a wall-clock bound would only measure the machine's load).
        let error = await failure(HTTPRequest(url: peer.baseURL), try client(timeout: .milliseconds(400)))
        #expect(error?.kind == .timedOut)
        #expect(error?.requestSent == true)
    }

    @Test func aServerThatIsNotRunningCannotBeReachedAndNothingWasSent() async throws {
        let closed = try MisbehavingPeer.closedPort()
        defer { withExtendedLifetime(closed) {} }
        let error = await failure(HTTPRequest(url: URL(string: "http://127.0.0.1:\(closed.port)/")!), try client())
        #expect(error?.kind == .cannotConnect)
        #expect(error?.requestSent == false)
        #expect(error?.description.contains("cannot connect to 127.0.0.1") == true)
    }

    @Test func aRedirectLoopIsCaught() async throws {
        let peer = try MisbehavingPeer(.redirectLoop)
        defer { peer.stop() }
        let error = await failure(HTTPRequest(url: peer.baseURL.appendingPathComponent("loop")), try client())
        #expect(error?.kind == .redirectLoop)
        #expect(peer.received.count == 11, "the first request and ten redirects, then libcurl gives up")
    }

    @Test func aRedirectNotFollowedIsHandedBackResolved() async throws {
        let peer = try MisbehavingPeer(.answer(status: "302 Found", body: [], extraHeaders: "Location: /showthread.php?goto=post&postid=7\r\n"))
        defer { peer.stop() }
        let response = try await client().send(HTTPRequest(url: peer.baseURL, followRedirects: false))
        #expect(response.status == 302)
        #expect(response.redirect?.absoluteString == "http://127.0.0.1:\(peer.port)/showthread.php?goto=post&postid=7")
    }

    @Test func anEmpty200IsAnAnswerWithNoBody() async throws {
        let peer = try MisbehavingPeer(.answer(body: []))
        defer { peer.stop() }
        let response = try await client().send(HTTPRequest(url: peer.baseURL))
        #expect(response.status == 200)
        #expect(response.body.isEmpty)
        #expect(response.charset == "windows-1252")
    }

    @Test func aBodyCutShortIsTruncated() async throws {
        let peer = try MisbehavingPeer(.cutShort(announced: 5000, body: Array("<html><body>half".utf8)))
        defer { peer.stop() }
        let error = await failure(HTTPRequest(url: peer.baseURL), try client())
        #expect(error?.kind == .truncated)
        #expect(error?.requestSent == true)
    }

    @Test func aHangUpAfterTheRequestIsADroppedConnection() async throws {
        let peer = try MisbehavingPeer(.hangUpAfterRequest)
        defer { peer.stop() }
        let form = MultipartFormData(fields: [FormField("message", "x")])
        let error = await failure(.post(peer.baseURL, form: form), try client())
        #expect(error?.kind == .connectionDropped)
        #expect(error?.requestSent == true)
    }

    @Test func aPostIsNeverSentTwiceWhenItsConnectionDies() async throws {
        let peer = try MisbehavingPeer(.answerOnceThenHangUp)
        defer { peer.stop() }
        let client = try client()
        _ = try await client.send(HTTPRequest(url: peer.baseURL))
        let error = await failure(.post(peer.baseURL, form: MultipartFormData(fields: [FormField("message", "once")])), client)
        #expect(error?.kind == .connectionDropped)
        #expect(error?.requestSent == true)
        // libcurl would resend a request whose reused connection died; a post must not be.
        #expect(peer.received.count == 2)
    }

    @Test func getsShareAConnectionAndPostsGetTheirOwn() async throws {
        let peer = try MisbehavingPeer(.echo)
        defer { peer.stop() }
        let client = try client()
        _ = try await client.send(HTTPRequest(url: peer.baseURL))
        _ = try await client.send(HTTPRequest(url: peer.baseURL))
        #expect(peer.connectionCount == 1)
        _ = try await client.send(.post(peer.baseURL, form: MultipartFormData(fields: [FormField("a", "b")])))
        #expect(peer.connectionCount == 2)

        let fresh = try HTTPClient(settings: HTTPSettings(userAgent: "missive/test", reuseConnections: false))
        _ = try await fresh.send(HTTPRequest(url: peer.baseURL))
        _ = try await fresh.send(HTTPRequest(url: peer.baseURL))
        #expect(peer.connectionCount == 4)
    }

    @Test func aGetMayBeRetriedOnAFreshConnection() async throws {
        let peer = try MisbehavingPeer(.answerOnceThenHangUp)
        defer { peer.stop() }
        let client = try client()
        _ = try await client.send(HTTPRequest(url: peer.baseURL))
        _ = await failure(HTTPRequest(url: peer.baseURL), client)
        #expect(peer.received.count == 3, "the GET went out again on a new connection, which is harmless")
    }

    @Test func aBodyPastTheLimitIsRefused() async throws {
        let peer = try MisbehavingPeer(.answer(body: [UInt8](repeating: 0x41, count: 100_000)))
        defer { peer.stop() }
        let error = await failure(HTTPRequest(url: peer.baseURL), try client(maxBytes: 10_000))
        #expect(error?.kind == .tooLarge)
    }

    @Test func aPostIsNeverFollowedToWhereItsAnswerPoints() async throws {
        let peer = try MisbehavingPeer(.routes([
            ("POST /", MisbehavingPeer.Behaviour.redirect("307 Temporary Redirect", to: "/again")),
            ("POST /again", MisbehavingPeer.Behaviour.http(body: Array("resent".utf8))),
        ]))
        defer { peer.stop() }
        var request = HTTPRequest.post(peer.baseURL, form: MultipartFormData(fields: [FormField("password", "x")]))
        request.followRedirects = true
        let response = try await client().send(request)
        #expect(response.status == 307)
        #expect(response.redirect?.path == "/again")
        #expect(peer.received.count == 1)
    }

    @Test func redirectsFromHTTPSStayOnHTTPS() {
        #expect(HTTPClient.redirectProtocols(from: URL(string: "https://forums.example/")!) == "https")
        #expect(HTTPClient.redirectProtocols(from: URL(string: "HTTPS://forums.example/")!) == "https")
        #expect(HTTPClient.redirectProtocols(from: URL(string: "http://127.0.0.1:8642/")!) == "http,https")
    }

    @Test func aLibcurlThatWillNotStartHasItsOwnError() {
        #expect(throws: HTTPClientError.libcurlUnavailable) {
            _ = try HTTPClient(settings: HTTPSettings(userAgent: "missive/test"), makeHandle: { nil })
        }
        #expect(HTTPClientError.libcurlUnavailable.description.contains("libcurl"))
    }

    @Test func aHugeTimeoutSaturatesInsteadOfOverflowing() {
        #expect(Duration.seconds(Int64.max).milliseconds == Int.max)
        #expect(Duration.seconds(9_223_372_036_854_776).milliseconds == Int.max)
        #expect(Duration.seconds(9_223_372_036_854_775).milliseconds == 9_223_372_036_854_775_000)
        #expect(Duration.milliseconds(1500).milliseconds == 1500)
        #expect(Duration.seconds(3600).milliseconds == 3_600_000)
    }

    @Test func onlyHTTPAndHTTPSAreFetched() async throws {
        let error = await failure(HTTPRequest(url: URL(string: "file:///etc/passwd")!), try client())
        #expect(error?.kind == .invalidURL)
    }
}

/// The cookie engine and the jar file.
@Suite struct CookieJarTests {
    private func temporaryJar() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("missive-jar-\(UUID().uuidString)")
        return directory.appendingPathComponent("cookies").appendingPathComponent("sandbox.txt")
    }

    private func mode(_ url: URL) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int) ?? -1
    }

    @Test func cookiesFromAnAnswerAreWrittenToAPrivateJarAndSentBack() async throws {
        let jar = try temporaryJar()
        let setter = try MisbehavingPeer(.answer(body: [], extraHeaders: "Set-Cookie: bbuserid=77; path=/\r\nSet-Cookie: sessionhash=abc; path=/\r\n"))
        defer { setter.stop() }
        do {
            let client = try HTTPClient(settings: HTTPSettings(userAgent: "missive/test", cookieJar: jar))
            _ = try await client.send(HTTPRequest(url: setter.baseURL))
            #expect(await client.cookies().map(\.name).sorted() == ["bbuserid", "sessionhash"])
        }
        #expect(try mode(jar) == 0o600)
        #expect(try mode(jar.deletingLastPathComponent()) == 0o700)
        let contents = try String(contentsOf: jar, encoding: .utf8)
        #expect(contents.contains("\tbbuserid\t77"))

        // A new client (the next command) reads the jar and sends the session.
        let echo = try MisbehavingPeer(.echo)
        defer { echo.stop() }
        let client = try HTTPClient(settings: HTTPSettings(userAgent: "missive/test", cookieJar: jar))
        let echoed = String(decoding: try await client.send(HTTPRequest(url: echo.baseURL)).body, as: UTF8.self)
        #expect(echoed.contains("bbuserid=77"))
        #expect(echoed.contains("sessionhash=abc"))
    }

    @Test func aJarExportedFromABrowserIsUsed() async throws {
        let jar = try temporaryJar()
        try FileManager.default.createDirectory(at: jar.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "# Netscape HTTP Cookie File\n#HttpOnly_127.0.0.1\tFALSE\t/\tFALSE\t0\tbbpassword\tsecret\n127.0.0.1\tFALSE\t/\tFALSE\t0\tbbuserid\t5\n"
            .write(to: jar, atomically: true, encoding: .utf8)
        _ = chmod(jar.path, 0o644)
        let echo = try MisbehavingPeer(.echo)
        defer { echo.stop() }
        let client = try HTTPClient(settings: HTTPSettings(userAgent: "missive/test", cookieJar: jar))
        #expect(try mode(jar) == 0o600, "an existing jar is made private")
        let echoed = String(decoding: try await client.send(HTTPRequest(url: echo.baseURL)).body, as: UTF8.self)
        #expect(echoed.contains("bbuserid=5"))
        #expect(echoed.contains("bbpassword=secret"))
    }

    @Test func clearingForgetsEveryCookieInTheJarToo() async throws {
        let jar = try temporaryJar()
        let setter = try MisbehavingPeer(.answer(body: [], extraHeaders: "Set-Cookie: bbuserid=77; path=/\r\n"))
        defer { setter.stop() }
        let client = try HTTPClient(settings: HTTPSettings(userAgent: "missive/test", cookieJar: jar))
        _ = try await client.send(HTTPRequest(url: setter.baseURL))
        await client.clearCookies()
        #expect(await client.cookies().isEmpty)
        #expect(try !String(contentsOf: jar, encoding: .utf8).contains("bbuserid"))
    }

    @Test func aCookieTheServerExpiresLeavesTheJar() async throws {
        let jar = try temporaryJar()
        let setter = try MisbehavingPeer(.answer(body: [], extraHeaders: "Set-Cookie: bbuserid=77; path=/\r\nSet-Cookie: other=1; path=/\r\n"))
        defer { setter.stop() }
        let expirer = try MisbehavingPeer(.answer(body: [], extraHeaders: "Set-Cookie: bbuserid=deleted; expires=Thu, 01-Jan-1970 00:00:01 GMT; path=/\r\n"))
        defer { expirer.stop() }
        do {
            let client = try HTTPClient(settings: HTTPSettings(userAgent: "missive/test", cookieJar: jar))
            _ = try await client.send(HTTPRequest(url: setter.baseURL))
        }
        let client = try HTTPClient(settings: HTTPSettings(userAgent: "missive/test", cookieJar: jar))
        _ = try await client.send(HTTPRequest(url: expirer.baseURL))
        #expect(await client.cookies().map(\.name) == ["other"])
        let contents = try String(contentsOf: jar, encoding: .utf8)
        #expect(!contents.contains("bbuserid"))
        #expect(contents.contains("\tother\t1"))
    }

    @Test func aJarPathThatIsADirectoryIsAnError() throws {
        let jar = try temporaryJar()
        try FileManager.default.createDirectory(at: jar, withIntermediateDirectories: true)
        #expect(throws: HTTPClientError.cookieJar(.unusable(path: jar.path, reason: "it is a directory"))) {
            _ = try HTTPClient(settings: HTTPSettings(userAgent: "missive/test", cookieJar: jar))
        }
    }

    @Test func aReadOnlyJarIsReadButNeverCreatedOrWritten() async throws {
        let missing = try temporaryJar()
        let setter = try MisbehavingPeer(.answer(body: [], extraHeaders: "Set-Cookie: bbuserid=77; path=/\r\n"))
        defer { setter.stop() }
        do {
            let client = try HTTPClient(settings: HTTPSettings(userAgent: "missive/test", cookieJar: missing, cookieJarAccess: .readOnly))
            _ = try await client.send(HTTPRequest(url: setter.baseURL))
            await client.clearCookies()
        }
        #expect(!FileManager.default.fileExists(atPath: missing.deletingLastPathComponent().path))

        let jar = try temporaryJar()
        try FileManager.default.createDirectory(at: jar.deletingLastPathComponent(), withIntermediateDirectories: true)
        let contents = "127.0.0.1\tFALSE\t/\tFALSE\t0\tbbuserid\t5\n"
        try contents.write(to: jar, atomically: true, encoding: .utf8)
        _ = chmod(jar.path, 0o644)
        let echo = try MisbehavingPeer(.echo)
        defer { echo.stop() }
        do {
            let client = try HTTPClient(settings: HTTPSettings(userAgent: "missive/test", cookieJar: jar, cookieJarAccess: .readOnly))
            #expect(String(decoding: try await client.send(HTTPRequest(url: echo.baseURL)).body, as: UTF8.self).contains("bbuserid=5"))
            _ = try await client.send(HTTPRequest(url: setter.baseURL))
            await client.clearCookies()
        }
        #expect(try String(contentsOf: jar, encoding: .utf8) == contents)
        #expect(try mode(jar) == 0o644, "not even its mode changes")
    }

    @Test func writeIfPresentLeavesAMissingJarMissing() async throws {
        let missing = try temporaryJar()
        let setter = try MisbehavingPeer(.answer(body: [], extraHeaders: "Set-Cookie: bbuserid=77; path=/\r\n"))
        defer { setter.stop() }
        do {
            let client = try HTTPClient(settings: HTTPSettings(userAgent: "missive/test", cookieJar: missing, cookieJarAccess: .writeIfPresent))
            _ = try await client.send(HTTPRequest(url: setter.baseURL))
        }
        #expect(!FileManager.default.fileExists(atPath: missing.path))
    }

    /// Issue 12: libcurl wrote CURLOPT_COOKIEJAR at cleanup through a link, and the jar was chmod-ed through it.
    @Test(arguments: [CookieJarAccess.readWrite, .writeIfPresent, .readOnly])
    func aJarThatIsALinkIsRefusedAndItsTargetLeftAlone(access: CookieJarAccess) async throws {
        let jar = try temporaryJar()
        let directory = jar.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let victim = directory.deletingLastPathComponent().appendingPathComponent("victim.txt")
        let original = "127.0.0.1\tFALSE\t/\tFALSE\t0\tbbuserid\t5\nnot mine to change\n"
        try original.write(to: victim, atomically: true, encoding: .utf8)
        _ = chmod(victim.path, 0o644)
        try FileManager.default.createSymbolicLink(at: jar, withDestinationURL: victim)

        #expect(throws: HTTPClientError.cookieJar(.symbolicLink(path: jar.path, target: victim.path))) {
            _ = try HTTPClient(settings: HTTPSettings(userAgent: "missive/test", cookieJar: jar, cookieJarAccess: access))
        }
        #expect(try String(contentsOf: victim, encoding: .utf8) == original)
        #expect(try mode(victim) == 0o644)
        let message = CookieJarError.symbolicLink(path: jar.path, target: victim.path).description
        #expect(message.contains("remove the link (rm \(jar.path))"), "\(message)")
    }

    @Test func cookiesAreWrittenAsANewFileSoALinkSwappedInMeanwhileIsReplacedNotFollowed() async throws {
        let jar = try temporaryJar()
        let setter = try MisbehavingPeer(.answer(body: [], extraHeaders: "Set-Cookie: bbuserid=77; path=/\r\n"))
        defer { setter.stop() }
        let client = try HTTPClient(settings: HTTPSettings(userAgent: "missive/test", cookieJar: jar))
        let victim = jar.deletingLastPathComponent().appendingPathComponent("victim.txt")
        try "keep me\n".write(to: victim, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(at: jar, withDestinationURL: victim)
        _ = try await client.send(HTTPRequest(url: setter.baseURL))
        #expect(try String(contentsOf: victim, encoding: .utf8) == "keep me\n")
        #expect(!PrivateFile.isSymbolicLink(jar.path))
        #expect(try String(contentsOf: jar, encoding: .utf8).contains("\tbbuserid\t77"))
        #expect(try mode(jar) == 0o600)
    }

    /// Issue 12: a jar with a 5 MB line made every login say "wrong password".
    @Test func aDamagedJarIsRefusedWithItsPathAndTheFix() throws {
        let jar = try temporaryJar()
        try FileManager.default.createDirectory(at: jar.deletingLastPathComponent(), withIntermediateDirectories: true)
        let line = "127.0.0.1\tFALSE\t/\tFALSE\t0\tjunk\t" + String(repeating: "x", count: 5 << 20) + "\n"
        try line.write(to: jar, atomically: true, encoding: .utf8)
        do {
            _ = try HTTPClient(settings: HTTPSettings(userAgent: "missive/test", cookieJar: jar))
            Issue.record("a 5 MB jar was used")
        } catch {
            guard case let .cookieJar(.damaged(path, _)) = error else { Issue.record("\(error)"); return }
            #expect(path == jar.path)
            #expect(error.status == .dataError)
            #expect(error.description.contains("remove it (rm \(jar.path)) or run `missive logout`"), "\(error.description)")
        }
        // Forgetting it is how logout mends it.
        try CookieJar.forget(jar)
        _ = try HTTPClient(settings: HTTPSettings(userAgent: "missive/test", cookieJar: jar))
    }

    @Test func aJarThatCannotBeWrittenIsReportedAndTheAnswerStillStands() async throws {
        let jar = try temporaryJar()
        let setter = try MisbehavingPeer(.answer(body: Array("hello".utf8), extraHeaders: "Set-Cookie: bbuserid=77; path=/\r\n"))
        defer { setter.stop() }
        let failures = Failures()
        let client = try HTTPClient(settings: HTTPSettings(
            userAgent: "missive/test", cookieJar: jar, cookieJarWriteFailed: { failures.append($0) }))
        try FileManager.default.removeItem(at: jar.deletingLastPathComponent())
        let response = try await client.send(HTTPRequest(url: setter.baseURL))
        #expect(response.body == Array("hello".utf8))
        #expect(failures.all == [.unusable(path: jar.path, reason: "No such file or directory")])
    }

    @Test func netscapeLinesParse() {
        let cookie = Cookie(netscapeLine: "#HttpOnly_.example.com\tTRUE\t/\tTRUE\t1700000000\tbbuserid\t1\t2")
        #expect(cookie?.domain == ".example.com")
        #expect(cookie?.secure == true)
        #expect(cookie?.expires == 1_700_000_000)
        #expect(cookie?.value == "1\t2")
        #expect(Cookie(netscapeLine: "# a comment") == nil)
        #expect(Cookie(netscapeLine: "too\tfew") == nil)
    }
}

/// What a client reported through `cookieJarWriteFailed`.
private final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var errors: [CookieJarError] = []
    func append(_ error: CookieJarError) { lock.withLock { errors.append(error) } }
    var all: [CookieJarError] { lock.withLock { errors } }
}
