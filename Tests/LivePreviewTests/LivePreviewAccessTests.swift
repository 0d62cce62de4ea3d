import Common
import Foundation
import LivePreview
import Testing

/// What the live preview server answers, over real loopback HTTP: the page for its own address
/// and token, and nothing else for anyone.
@Suite struct LivePreviewAccessTests {
    @Test func theAddressIsLoopbackWithA128BitToken() async throws {
        let fixture = try await PreviewFixture()
        defer { Task { await fixture.finish() } }
        #expect(fixture.server.address.absoluteString == "http://127.0.0.1:\(fixture.port)/?token=\(fixture.token)")
        #expect(fixture.token.count == 32 && fixture.token.allSatisfy(\.isHexDigit), "\(fixture.token)")
        let other = try await PreviewFixture()
        #expect(other.token != fixture.token)
        await other.finish()
    }

    @Test func thePageWithTheTokenIsServedWithItsScript() async throws {
        let fixture = try await PreviewFixture(text: "hello from the buffer")
        defer { Task { await fixture.finish() } }
        let page = try await RawHTTP.get(port: fixture.port, target: "/?token=\(fixture.token)")
        #expect(page.status == 200, "\(page.head)")
        #expect(page.body.contains("<p>hello from the buffer</p>"))
        #expect(page.body.contains("new EventSource('/events'"))
        #expect(page.head.lowercased().contains("content-security-policy: default-src 'none'; script-src 'nonce-"))
        #expect(page.head.lowercased().contains("referrer-policy: no-referrer"))
        let source = try await RawHTTP.get(port: fixture.port, target: "/page?token=\(fixture.token)")
        #expect(source.status == 200)
        #expect(source.body.contains("<p>hello from the buffer</p>") && !source.body.contains("<script"))
    }

    @Test(arguments: ["/", "/page", "/events"])
    func everyRouteRefusesAMissingOrWrongToken(route: String) async throws {
        let fixture = try await PreviewFixture(text: "secret draft")
        defer { Task { await fixture.finish() } }
        let token = fixture.token
        let flipped = String(token.dropLast()) + (token.hasSuffix("0") ? "1" : "0")
        for query in ["", "?token=", "?token=\(flipped)", "?token=\(token.dropLast())", "?token=\(token)0", "?tok=\(token)",
                      "?token=\(token.uppercased() == token ? token.lowercased() : token.uppercased())"] {
            let answer = try await RawHTTP.get(port: fixture.port, target: route + query)
            #expect(answer.status == 403, "\(route)\(query): \(answer.head)")
            #expect(!answer.body.contains("secret draft"), "\(route)\(query)")
        }
    }

    /// DNS rebinding: a page on evil.example whose name now points at 127.0.0.1 sends its own Host.
    @Test func aHostOtherThanTheListeningAddressIsRefused() async throws {
        let fixture = try await PreviewFixture(text: "secret draft")
        defer { Task { await fixture.finish() } }
        for host in ["evil.example:\(fixture.port)", "localhost:\(fixture.port)", "127.0.0.1", "127.0.0.1:\(fixture.port + 1)",
                     "[::1]:\(fixture.port)", "127.0.0.1:\(fixture.port).evil.example", ""] {
            for route in ["/", "/page", "/events"] {
                let answer = try await RawHTTP.get(port: fixture.port, target: "\(route)?token=\(fixture.token)", host: host)
                #expect(answer.status == 403, "Host \(host) \(route): \(answer.head)")
                #expect(!answer.body.contains("secret draft"))
            }
        }
    }

    @Test func nothingButThePreviewIsServedAndNoPathReachesTheFileSystem() async throws {
        let fixture = try await PreviewFixture(text: "the post")
        defer { Task { await fixture.finish() } }
        // A file beside the watched one, which a file server rooted at its directory would give away.
        try "neighbour's secret".write(to: fixture.directory.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let targets = ["/../etc/passwd", "/Package.swift", "/etc/passwd", "/post.md", "/%2e%2e/%2e%2e/etc/passwd",
                       "/..%2f..%2fetc%2fpasswd", "/page/../../etc/passwd", "//etc/passwd", "/events/../Package.swift",
                       "/favicon.ico", "/index.html", "/page/", "/\(fixture.directory.path)/post.md", "/proc/self/environ"]
        for target in targets {
            for query in ["", "?token=\(fixture.token)"] {
                let answer = try await RawHTTP.get(port: fixture.port, target: target + query)
                #expect(answer.status == 404, "\(target)\(query): \(answer.head)")
                #expect(!answer.body.contains("root:") && !answer.body.contains("neighbour") && !answer.body.contains("the post"),
                        "\(target)\(query): \(answer.body)")
            }
        }
    }

    /// The kernel's table of listening sockets: the port is bound on 127.0.0.1 and on no other address.
    @Test func theServerListensOnLoopbackOnly() async throws {
        let fixture = try await PreviewFixture()
        defer { Task { await fixture.finish() } }
        let port = String(format: "%04X", fixture.port)
        // Read to the end: /proc files say they are empty, and a one-read copy of the table stops
        // at its first page, which a busy machine's hundreds of sockets fill before ours.
        func table(_ path: String) -> String {
            guard let handle = FileHandle(forReadingAtPath: path) else { return "" }
            defer { try? handle.close() }
            return String(decoding: (try? handle.readToEnd()) ?? Data(), as: UTF8.self)
        }
        let ipv4 = table("/proc/net/tcp")
        let ipv6 = table("/proc/net/tcp6")
        var listening: [String] = []
        for line in (ipv4 + ipv6).split(separator: "\n") {
            let fields = line.split(separator: " ")
            // local_address is the second field, the state the fourth (0A: listening).
            if fields.count > 3, fields[1].hasSuffix(":\(port)"), fields[3] == "0A" { listening.append(String(fields[1])) }
        }
        #expect(listening == ["0100007F:\(port)"], "\(listening)")
    }

    @Test func aTakenPortIsItsOwnError() async throws {
        let fixture = try await PreviewFixture()
        defer { Task { await fixture.finish() } }
        let error = await #expect(throws: LivePreviewError.self) {
            _ = try await LivePreviewServer.start(program: LiveProgram.url, port: fixture.port, watching: .file(fixture.file)) { "" }
        }
        #expect(error == .portInUse(fixture.port))
        #expect(error?.status == .tempFailure)
        #expect(error?.description.contains("port \(fixture.port) on 127.0.0.1 is already in use") == true)
    }
}
