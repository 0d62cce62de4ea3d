import Common
import Foundation
@testable import Forum
import Sandbox
import Testing

/// A PNG header (the sandbox checks it) and `body` bytes of a simple pattern.
func testPNG(width: Int = 1024, height: Int = 768, body: Int = 50_000, seed: UInt8 = 0) -> [UInt8] {
    func be(_ value: Int) -> [UInt8] { (0..<4).reversed().map { UInt8((value >> ($0 * 8)) & 0xFF) } }
    let header: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        + be(width) + be(height) + [8, 6, 0, 0, 0, 0, 0, 0, 0]
    return header + (0..<body).map { UInt8(truncatingIfNeeded: $0 &* 31) &+ seed }
}

func upload(of bytes: [UInt8], format: ImageFormat = .png) throws -> ImageUpload {
    ImageUpload(hash: try ContentHash.of(bytes), format: format, byteCount: bytes.count) { sink in
        try bytes.withUnsafeBytes { try sink($0) }
    }
}

/// The Imgur client against the sandbox's Imgur-compatible host, over real loopback HTTP.
@Suite(.serialized) struct ImgurHostTests {
    struct Fixture {
        let server: SandboxServer
        let client: HTTPClient

        /// A fresh sandbox for `body`, stopped afterwards even when the body throws.
        static func with(_ body: (Fixture) async throws -> Void) async throws {
            let client = try HTTPClient(settings: HTTPSettings(userAgent: "missive/test"))
            try await SandboxFixture.with { sandbox in try await body(Fixture(server: sandbox.server, client: client)) }
        }

        func host(_ credential: ImgurCredential = .bearer("goon-token")) throws -> ImgurHost {
            try ImgurHost(apiBase: server.imagesURL, credential: credential, client: client)
        }

        func fault(_ kind: String) async throws {
            let url = server.imagesURL.appendingPathComponent("_sandbox/image-fault")
            var parts = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false))
            parts.queryItems = kind.split(separator: "&").map { item in
                let pair = item.split(separator: "=").map(String.init)
                return URLQueryItem(name: pair[0], value: pair[1])
            }
            let response = try await client.send(HTTPRequest(method: .post, url: try #require(parts.url), body: []))
            #expect(response.status == 200)
        }

        func stored() async throws -> [SandboxImage] {
            let response = try await client.send(HTTPRequest(url: server.imagesURL.appendingPathComponent("_sandbox/images.json")))
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            return try decoder.decode([SandboxImage].self, from: Data(response.body))
        }

        func get(_ url: URL) async throws -> HTTPResponse {
            try await client.send(HTTPRequest(url: url))
        }
    }

    @Test func anUploadGoesUpOnceAndIsServedBackByteForByte() async throws {
        try await Fixture.with { fixture in
            let bytes = testPNG()
            let outcome = await (try fixture.host(.clientID("missive-test"))).upload(try upload(of: bytes))
            guard case let .uploaded(image) = outcome else { Issue.record("not uploaded: \(outcome)"); return }
            #expect(image.url.host == "127.0.0.1")
            #expect(image.url.pathExtension == "png")
            let served = try await fixture.get(image.url)
            #expect(served.status == 200)
            #expect(served.mediaType == "image/png")
            #expect(served.body == bytes)
            let stored = try await fixture.stored()
            #expect(stored.count == 1)
            #expect(try stored.first?.sha256 == ContentHash.of(bytes).hex)
            #expect(stored.first?.description == "missive:sha256:\(try ContentHash.of(bytes).hex)")
            #expect(stored.first?.account == nil)
            #expect(image.deleteHandle?.value == stored.first?.deletehash)
        }
    }

    @Test func aDroppedConnectionAfterStoringIsUnknownAndReconcileFindsTheOneCopy() async throws {
        try await Fixture.with { fixture in
            let host = try fixture.host()
            let image = try upload(of: testPNG())
            try await fixture.fault("next=drop")
            let outcome = await host.upload(image)
            guard case .unknown = outcome else { Issue.record("a dropped answer must be unknown, not \(outcome)"); return }
            guard case let .landed(found) = await host.reconcile(image) else { Issue.record("the stored upload was not found"); return }
            let stored = try await fixture.stored()
            #expect(stored.count == 1)
            #expect(found.id == stored.first?.id)
            #expect(try await fixture.get(found.url).body == testPNG())
            // A different image of the same account is not mistaken for it.
            #expect(await host.reconcile(try upload(of: testPNG(seed: 1))) == .absent)
        }
    }

    @Test func a500AfterStoringIsUnknownAndAPlain500LeavesNothingToFind() async throws {
        try await Fixture.with { fixture in
            let host = try fixture.host()
            let first = try upload(of: testPNG(seed: 1))
            try await fixture.fault("next=500stored")
            #expect(await host.upload(first) == .unknown(evidence: "HTTP 500: Internal server error"))
            guard case .landed = await host.reconcile(first) else { Issue.record("the stored upload was not found"); return }

            let second = try upload(of: testPNG(seed: 2))
            try await fixture.fault("next=500")
            #expect(await host.upload(second) == .unknown(evidence: "HTTP 500: Internal server error"))
            #expect(await host.reconcile(second) == .absent)
            #expect(try await fixture.stored().count == 1)
        }
    }

    @Test func rateLimitingIsRetryLaterWithTheHostsWaitAndStoresNothing() async throws {
        try await Fixture.with { fixture in
            try await fixture.fault("next=429&retryafter=7")
            let outcome = await (try fixture.host()).upload(try upload(of: testPNG()))
            #expect(outcome == .retryLater(after: .seconds(7), reason: "rate limited: Too Many Requests"))
            #expect(try await fixture.stored().isEmpty)
            // The next upload goes through.
            guard case .uploaded = await (try fixture.host()).upload(try upload(of: testPNG())) else { Issue.record("not uploaded"); return }
        }
    }

    @Test func anonymousUploadsCannotBeReconciled() async throws {
        try await Fixture.with { fixture in
            let reconciled = await (try fixture.host(.clientID("anon"))).reconcile(try upload(of: testPNG()))
            guard case .cannotTell = reconciled else { Issue.record("anonymous reconcile claimed \(reconciled)"); return }
        }
    }

    @Test func whatTheHostRefusesIsRejected() async throws {
        try await Fixture.with { fixture in
            let host = try fixture.host()
            // Declared a PNG, but the bytes are text: the host looks at the bytes.
            #expect(await host.upload(try upload(of: Array("not an image at all".utf8)))
                    == .rejected(.refused("File type invalid (1)")))
            #expect(await host.upload(try upload(of: testPNG(body: 10 * 1024 * 1024)))
                    == .rejected(.refused("File is over the size limit")))
            #expect(try await fixture.stored().isEmpty)
            // No Authorization header at all: Imgur's 401.
            let bare = try await fixture.client.send(HTTPRequest(method: .post, url: fixture.server.imagesURL.appendingPathComponent("3/image"), body: [1]))
            #expect(bare.status == 401)
            #expect(ImgurError.message(in: bare) == "Authentication required")
        }
    }

    @Test func deletingThroughTheHandleTakesTheImageDown() async throws {
        try await Fixture.with { fixture in
            let host = try fixture.host(.clientID("anon"))
            guard case let .uploaded(image) = await host.upload(try upload(of: testPNG())), let handle = image.deleteHandle else {
                Issue.record("not uploaded"); return
            }
            guard case let .uploaded(other) = await host.upload(try upload(of: testPNG(seed: 3))) else {
                Issue.record("not uploaded"); return
            }
            #expect(await host.delete(handle) == .deleted)
            // The same client, right after a DELETE, sends a plain GET again (a DELETE of the
            // other image would make this a 404).
            #expect(try await fixture.get(other.url).status == 200)
            #expect(try await fixture.get(image.url).status == 404)
            #expect(await host.delete(handle) == .alreadyGone)
            #expect(await host.delete(DeleteHandle("../../_sandbox/state.json")) == .failed("'../../_sandbox/state.json' is not an Imgur delete hash"))
            #expect(try await fixture.stored().map(\.deleted) == [true, false])
        }
    }

    @Test func nothingListeningIsRetryLaterNotUnknown() async throws {
        // A sandbox started and stopped: its port is free, and nothing listens there now.
        var base: URL?
        try await SandboxFixture.with { sandbox in base = sandbox.server.imagesURL }
        let client = try HTTPClient(settings: HTTPSettings(userAgent: "missive/test"))
        let anonymous = try ImgurHost(apiBase: try #require(base), credential: .clientID("x"), client: client)
        guard case .retryLater = await anonymous.upload(try upload(of: testPNG())) else { Issue.record("a refused connection sent nothing"); return }
        let account = try ImgurHost(apiBase: try #require(base), credential: .bearer("t"), client: client)
        guard case .undetermined = await account.reconcile(try upload(of: testPNG())) else { Issue.record("reconcile looked nowhere"); return }
    }

    @Test func aCredentialThatWouldBreakTheHeaderIsRefused() throws {
        let client = try HTTPClient(settings: HTTPSettings(userAgent: "missive/test"))
        let base = try #require(URL(string: "https://api.imgur.com/"))
        for bad in [ImgurCredential.clientID(""), .bearer("abc\r\nX-Evil: 1"), .bearer("two words")] {
            #expect(throws: ImgurCredential.Invalid()) { try ImgurHost(apiBase: base, credential: bad, client: client) }
        }
        #expect(ImgurCredential.bearer("s3cret").description.contains("s3cret") == false)
    }

    @Test func answersAreClassifiedLikeImgursAndTheRateLimitHeadersAreRead() throws {
        let client = try HTTPClient(settings: HTTPSettings(userAgent: "missive/test"))
        let url = try #require(URL(string: "https://api.imgur.com/3/image"))
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let host = try ImgurHost(apiBase: url, credential: .clientID("x"), client: client, now: { now })
        func answer(_ status: Int, _ body: String, _ headers: [(name: String, value: String)] = []) -> UploadOutcome {
            host.outcome(of: HTTPResponse(status: status, headers: headers, body: Array(body.utf8), url: url, redirect: nil))
        }
        #expect(answer(200, #"{"data":{"id":"a1","deletehash":"d1","link":"https://i.imgur.com/a1.png"},"success":true,"status":200}"#)
                == .uploaded(HostedImage(url: try #require(URL(string: "https://i.imgur.com/a1.png")), id: "a1", deleteHandle: DeleteHandle("d1"))))
        #expect(answer(200, "<html>maintenance</html>") == .unknown(evidence: "HTTP 200 without an image's address in the answer"))
        #expect(answer(200, #"{"data":{"id":"a1","link":"javascript:alert(1)"},"success":true}"#)
                == .unknown(evidence: "HTTP 200 without an image's address in the answer"))
        #expect(answer(403, #"{"data":{"error":"Invalid client_id"},"success":false,"status":403}"#) == .rejected(.notAuthorized("Invalid client_id")))
        #expect(answer(400, #"{"data":{"error":{"code":1003,"message":"File type invalid (1)","type":"ImgurException"}},"success":false}"#)
                == .rejected(.refused("File type invalid (1)")))
        #expect(answer(413, "") == .rejected(.tooLarge("HTTP 413")))
        #expect(answer(429, "", [("X-RateLimit-UserRemaining", "0"), ("X-RateLimit-UserReset", "1800000090")])
                == .retryLater(after: .seconds(90), reason: "rate limited: HTTP 429"))
        #expect(answer(429, "", [("Retry-After", "Fri, 15 Jan 2027 08:00:45 GMT")])
                == .retryLater(after: .seconds(45), reason: "rate limited: HTTP 429"))
        #expect(answer(502, "bad gateway") == .unknown(evidence: "HTTP 502: HTTP 502"))
    }
}
