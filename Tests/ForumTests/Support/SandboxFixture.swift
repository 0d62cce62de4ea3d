import Foundation
import Testing
@testable import Forum
import Sandbox

/// A sandbox forum on loopback for one test, with a private cookie jar per adapter.
struct SandboxFixture {
    let server: SandboxServer
    let directory: URL

    static let password = Seed.Account.password

    /// Runs `body` against a fresh sandbox and stops it afterwards, even when the body throws.
    static func with(
        flood: Int = 0, messageFlood: Int? = nil, faults: FaultPlan = FaultPlan(), clock: any SandboxClock = SystemClock(),
        _ body: (SandboxFixture) async throws -> Void
    ) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("missive-forum-\(UUID().uuidString)")
        let server = try await SandboxServer.start(SandboxConfiguration(
            dataDirectory: directory.appendingPathComponent("sandbox"), floodInterval: flood,
            messageFloodInterval: messageFlood, faults: faults, clock: clock))
        let fixture = SandboxFixture(server: server, directory: directory)
        do {
            try await body(fixture)
        } catch {
            await server.stop()
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
        await server.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// `path` on the sandbox, as the forum's own links resolve it.
    func url(_ path: String) -> URL {
        URL(string: server.baseURL.absoluteString + path) ?? server.baseURL
    }

    func jar(_ name: String) -> URL {
        directory.appendingPathComponent("cookies").appendingPathComponent("\(name).txt")
    }

    func adapter(
        jar name: String = "sandbox", timeout: Duration = .seconds(20), username: String? = nil,
        credentials: (any CredentialSource)? = nil
    ) throws -> SomethingAwfulAdapter {
        try SomethingAwfulAdapter(
            baseURL: server.baseURL,
            settings: HTTPSettings(userAgent: "missive/test", connectTimeout: .seconds(5), totalTimeout: timeout, cookieJar: jar(name)),
            username: username, credentials: credentials)
    }

    /// An adapter logged in as `account` (the seeded member unless told otherwise).
    func loggedIn(as account: String = Seed.Account.member.username, timeout: Duration = .seconds(20)) async throws -> SomethingAwfulAdapter {
        let adapter = try adapter(jar: account, timeout: timeout)
        _ = try await adapter.login(username: account, password: Self.password)
        return adapter
    }

    /// Everything the forum holds now.
    func state() async throws -> SandboxState {
        let client = try HTTPClient(settings: HTTPSettings(userAgent: "missive/test"))
        let response = try await client.send(HTTPRequest(url: server.baseURL.appendingPathComponent("_sandbox/state.json")))
        return try SandboxState.decode(Data(response.body))
    }

    /// Steers the sandbox: `/_sandbox/expire-sessions` and friends.
    func control(_ path: String) async throws {
        let client = try HTTPClient(settings: HTTPSettings(userAgent: "missive/test"))
        var request = HTTPRequest(method: .post, url: URL(string: path, relativeTo: server.baseURL)!.absoluteURL, body: [])
        request.followRedirects = false
        _ = try await client.send(request)
    }
}

/// Gives the password it was made with, and counts how often it was asked and for which forum.
/// `answeringAfter` stands in for a person typing: requests made side by side all reach their
/// log-in while the first prompt is still open, so a second prompt would be counted.
final class FixedPassword: CredentialSource, @unchecked Sendable {
    private let password: String?
    private let delay: Duration
    private let lock = NSLock()
    private var forums: [String] = []

    init(_ password: String?, answeringAfter delay: Duration = .zero) {
        self.password = password
        self.delay = delay
    }

    var timesAsked: Int { lock.withLock { forums.count } }
    var forumsAsked: [String] { lock.withLock { forums } }

    func password(for username: String, at forum: URL) async -> String? {
        lock.withLock { forums.append(forum.absoluteString) }
        if delay > .zero { try? await Task.sleep(for: delay) }
        return password
    }
}

/// A sandbox clock that stands still, for dates a test can state exactly.
struct StoppedClock: SandboxClock {
    let date: Date
    func now() -> Date { date }
}

extension PostOutcome {
    /// The receipt when sent, for tests that go on to look at the post.
    var receipt: Receipt? {
        if case let .sent(receipt) = self { return receipt }
        return nil
    }

    /// The evidence when unknown (it carries the reconcile marker).
    var evidence: Evidence? {
        if case let .unknown(evidence) = self { return evidence }
        return nil
    }
}

extension Reconciliation {
    var receiptURL: URL? {
        if case let .landed(receipt) = self { return receipt.url }
        return nil
    }
}
