import Foundation
import TestSupport
import Testing
@testable import Forum

/// Issue 31, point 5: a certificate that is not trusted is a refusal (named, with what to check),
/// not "try again later"; a login the forum redirects to another host stops at the redirect and
/// says where it pointed, and nothing is sent there.
@Suite(.serialized) struct RefusedPeerTests {
    private func adapter(_ base: URL, loggedIn: Bool = false) throws -> SomethingAwfulAdapter {
        let jar = FileManager.default.temporaryDirectory.appendingPathComponent("missive-refused-\(UUID().uuidString)/jar.txt")
        try FileManager.default.createDirectory(at: jar.deletingLastPathComponent(), withIntermediateDirectories: true)
        if loggedIn { try "127.0.0.1\tFALSE\t/\tFALSE\t0\tbbuserid\t1001\n".write(to: jar, atomically: true, encoding: .utf8) }
        return try SomethingAwfulAdapter(
            baseURL: base,
            settings: HTTPSettings(userAgent: "missive/test", connectTimeout: .seconds(5), totalTimeout: .seconds(10), cookieJar: jar))
    }

    /// `openssl s_server` with a self-signed certificate for localhost, on a port of its own.
    final class SelfSignedServer {
        let port: UInt16
        let process = ChildProcess()
        let folder: URL

        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("missive-tls-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let made = try Self.openssl(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost", "-days", "2",
                                         "-keyout", folder.appendingPathComponent("key.pem").path,
                                         "-out", folder.appendingPathComponent("cert.pem").path])
            guard made == 0 else { throw CocoaError(.fileWriteUnknown) }
            port = Self.freePort()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
            process.arguments = ["s_server", "-www", "-accept", String(port),
                                 "-cert", folder.appendingPathComponent("cert.pem").path,
                                 "-key", folder.appendingPathComponent("key.pem").path]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            // It says ACCEPT once it listens (or ends, and the pipe with it).
            var said = ""
            while !said.contains("ACCEPT") {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                said += String(decoding: chunk, as: UTF8.self)
            }
        }

        var baseURL: URL { URL(string: "https://127.0.0.1:\(port)/")! }

        func stop() {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            try? FileManager.default.removeItem(at: folder)
        }

        static func openssl(_ arguments: [String]) throws -> Int32 {
            let process = ChildProcess()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
            process.arguments = arguments
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus
        }

        /// A port nothing listens on now: bound to port 0, read, and let go.
        static func freePort() -> UInt16 {
            let sock = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(sock) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            _ = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(sock, $0, length) }
            }
            _ = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(sock, $0, &length) }
            }
            return UInt16(bigEndian: address.sin_port)
        }

    }

    static let opensslAvailable = FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl")

    @Test(.enabled(if: opensslAvailable)) func aSelfSignedCertificateIsARefusalThatSaysWhatToCheck() async throws {
        let server = try SelfSignedServer()
        defer { server.stop() }
        let outcome = await try adapter(server.baseURL, loggedIn: true).reply(Reply(threadID: 3_500_001, bbcode: "hello"))
        guard case let .rejected(.untrustedCertificate(host, detail)) = outcome else {
            Issue.record("expected a refusal for the certificate, got \(outcome)")
            return
        }
        #expect(host == "127.0.0.1" && !detail.isEmpty)
        let rejection = Rejection.untrustedCertificate(host: host, detail: detail)
        #expect(rejection.status == .protocolError)
        for words in ["not trusted", "base_url", "clock", "ca-certificates", "self-signed"] {
            #expect(rejection.description.contains(words), "\(rejection.description)")
        }
        await #expect(throws: ForumError.rejected(rejection)) {
            _ = try await adapter(server.baseURL).login(username: "sandbox", password: "secret")
        }
    }

    /// Bad input stays a wait: a forum that is not there at all is not a certificate problem.
    @Test func aClosedHttpsPortIsStillRetryLater() async throws {
        let closed = try MisbehavingPeer.closedPort()
        defer { withExtendedLifetime(closed) {} }
        let outcome = await try adapter(URL(string: "https://127.0.0.1:\(closed.port)/")!, loggedIn: true)
            .reply(Reply(threadID: 3_500_001, bbcode: "hello"))
        guard case .retryLater(nil, .unreachable) = outcome else { Issue.record("expected a wait, got \(outcome)"); return }
    }

    static func redirect(to location: String, cookie: Bool = false) -> [UInt8] {
        Array(("HTTP/1.1 302 Found\r\nLocation: \(location)\r\n"
            + (cookie ? "Set-Cookie: bbuserid=1001; path=/\r\nSet-Cookie: bbpassword=abc; path=/\r\n" : "")
            + "Content-Length: 0\r\nConnection: close\r\n\r\n").utf8)
    }

    /// A login against `routes`: the requests the peer received, and what the login said when it stopped.
    private func login(against routes: [(request: String, answer: [UInt8])]) async throws -> (requests: Int, stopped: String?) {
        let peer = try MisbehavingPeer(.routes(routes))
        defer { peer.stop() }
        do {
            _ = try await adapter(peer.baseURL).login(username: "sandbox", password: "secret")
            return (peer.received.count, nil)
        } catch let ForumError.unexpected(evidence) {
            return (peer.received.count, evidence.summary)
        }
    }

    @Test func aLoginRedirectedToAnotherHostStopsThereAndSaysWhere() async throws {
        let (requests, stopped) = try await login(against: [("POST /account.php", Self.redirect(to: "http://elsewhere.invalid/login.php?steal=1"))])
        #expect(stopped?.contains("a redirect to another host, http://elsewhere.invalid/login.php?steal=1") == true, "\(stopped ?? "taken")")
        #expect(stopped?.contains("base_url") == true)
        #expect(requests == 1, "nothing more was asked of anyone")
    }

    @Test func aLoginWhoseIndexRedirectsToAnotherHostStopsThere() async throws {
        let (requests, stopped) = try await login(against: [
            ("POST /account.php", Self.redirect(to: "/index.php?json=1", cookie: true)),
            ("GET /index.php", Self.redirect(to: "https://elsewhere.invalid/index.php")),
        ])
        #expect(stopped?.contains("another host, https://elsewhere.invalid/index.php") == true, "\(stopped ?? "taken")")
        #expect(requests == 2)
    }
}
