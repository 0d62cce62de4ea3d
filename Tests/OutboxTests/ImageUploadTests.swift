import Common
import Forum
import Foundation
import GRDB
import Markup
import Sandbox
import Store
import Testing
@testable import Outbox

/// The outbox's image states against a real store and a real sandbox (forum and image host) over
/// loopback, the sender on a manual clock: what is recorded before each request, and what a
/// crash, a lost answer, a refusal or an unreachable host leave behind.
@Suite(.serialized) struct ImageUploadTests {
    static func png(width: Int, height: Int, fill: UInt8) -> [UInt8] {
        func be(_ value: Int) -> [UInt8] { (0..<4).reversed().map { UInt8((value >> ($0 * 8)) & 0xFF) } }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + be(width) + be(height)
            + [8, 6, 0, 0, 0, 0, 0, 0, 0] + [UInt8](repeating: fill, count: 2_000)
    }

    /// Writes the pictures into the fixture's directory and queues a reply showing them.
    static func queue(_ fixture: OutboxFixture, _ markdown: String, pictures: [String: [UInt8]], now: Date = Date()) throws -> OutboxItem {
        for (name, bytes) in pictures { try Data(bytes).write(to: fixture.directory.appendingPathComponent(name)) }
        let draft = try fixture.draft(markdown)
        return try fixture.outbox.queue(draft: draft.id, dialect: .somethingawful, images: intake(fixture), due: now, now: now)
    }

    static func intake(_ fixture: OutboxFixture) -> ImageIntake {
        ImageIntake(base: ImagePathBase(workingDirectory: fixture.directory.path, home: fixture.directory.path)) { _ in 50_000 }
    }

    static func host(_ fixture: OutboxFixture, _ credential: ImgurCredential = .bearer("tester"), base: URL? = nil) throws -> ImgurHost {
        try ImgurHost(apiBase: base ?? fixture.server.imagesURL, credential: credential,
                      client: try HTTPClient(settings: HTTPSettings(userAgent: "missive/test", totalTimeout: .seconds(5))))
    }

    static func images(_ fixture: OutboxFixture, of item: Int64) throws -> [OutboxImage] {
        try fixture.store.outboxRead { tx in try tx.outboxImages(of: item) }
    }

    /// How many uploads the sandbox's host holds.
    static func uploads(_ fixture: OutboxFixture) async throws -> Int {
        let client = try HTTPClient(settings: HTTPSettings(userAgent: "missive/test"))
        let response = try await client.send(HTTPRequest(url: fixture.server.imagesURL.appendingPathComponent("_sandbox/images.json")))
        return (try JSONSerialization.jsonObject(with: Data(response.body)) as? [Any])?.count ?? -1
    }

    static func fault(_ fixture: OutboxFixture, _ next: String) async throws {
        let client = try HTTPClient(settings: HTTPSettings(userAgent: "missive/test"))
        _ = try await client.send(HTTPRequest(
            method: .post, url: fixture.server.imagesURL.appendingPathComponent("_sandbox/image-fault")
                .appending(queryItems: [URLQueryItem(name: "next", value: next)]), body: []))
    }

    @Test func queueingKeepsEachDistinctImageOnceAndConvertsWithStandInAddresses() async throws {
        try await OutboxFixture.with { fixture in
            let small = Self.png(width: 10, height: 10, fill: 1), large = Self.png(width: 900, height: 10, fill: 2)
            let item = try Self.queue(fixture, "a ![s](s.png) b ![l](l.png) c ![again](s.png)", pictures: ["s.png": small, "l.png": large])
            let images = try Self.images(fixture, of: item.id)
            #expect(images.map(\.target) == ["s.png", "l.png"])
            #expect(images.allSatisfy { $0.state == .pending })
            let s = ImagePlaceholder.url(try ContentHash.of(small)), l = ImagePlaceholder.url(try ContentHash.of(large))
            #expect(item.command.bbcode == "a [img]\(s)[/img] b [timg]\(l)[/timg] c [img]\(s)[/img]")
        }
    }

    @Test func aBadImageQueuesNothing() async throws {
        try await OutboxFixture.with { fixture in
            try Data("text".utf8).write(to: fixture.directory.appendingPathComponent("t.png"))
            let draft = try fixture.draft("![ok](ok.png) ![t](t.png)")
            try Data(Self.png(width: 5, height: 5, fill: 0)).write(to: fixture.directory.appendingPathComponent("ok.png"))
            #expect(throws: DraftImagesError.self) {
                try fixture.outbox.queue(draft: draft.id, dialect: .somethingawful, images: Self.intake(fixture), due: Date(), now: Date())
            }
            #expect(try fixture.outbox.listing().isEmpty)
            // Without an image host at all, local images are refused too, not dropped.
            #expect(throws: OutboxError.self) {
                try fixture.outbox.queue(draft: draft.id, dialect: .somethingawful, due: Date(), now: Date())
            }
        }
    }

    /// The undo window covers the pictures too: a send stopped inside it has uploaded nothing.
    @Test func nothingIsUploadedInsideTheUndoWindow() async throws {
        try await OutboxFixture.with { fixture in
            let item = try Self.queue(fixture, "wait ![a](a.png)", pictures: ["a.png": Self.png(width: 5, height: 5, fill: 3)])
            let stop = StopSignal()
            Task {
                try await Task.sleep(for: .milliseconds(300))
                stop.request("test")
            }
            let summary = try await fixture.sender(window: 30, maxWait: 60, stop: stop, imageHost: try Self.host(fixture))
                .run(.due(ids: nil))
            #expect(summary.stoppedBy == "test" && summary.sent.isEmpty && summary.waiting == [item.id])
            #expect(try Self.images(fixture, of: item.id).map(\.state) == [.pending])
            #expect(try await Self.uploads(fixture) == 0, "no image reached the host inside the window")
        }
    }

    /// A host that looks at the store each time it is asked: what the outbox had recorded by then.
    final class WatchingHost: ImageHost, @unchecked Sendable {
        let inner: ImgurHost
        let look: () throws -> [OutboxImage]
        private let lock = NSLock()
        private var seen: [String] = []
        var statesAtUpload: [String] { lock.withLock { seen } }
        var maxBytes: Int { inner.maxBytes }

        init(inner: ImgurHost, look: @escaping () throws -> [OutboxImage]) {
            self.inner = inner
            self.look = look
        }

        func upload(_ image: ImageUpload) async -> UploadOutcome {
            let states = ((try? look()) ?? []).map(\.state.name).joined(separator: ",")
            lock.withLock { seen.append(states) }
            return await inner.upload(image)
        }

        func delete(_ handle: DeleteHandle) async -> DeleteOutcome { await inner.delete(handle) }
        func reconcile(_ image: ImageUpload) async -> UploadReconciliation { await inner.reconcile(image) }
    }

    @Test func uploadingIsRecordedBeforeEachRequestAndTheAddressesBeforeThePost() async throws {
        let clock = ManualClock()
        try await OutboxFixture.with(clock: clock) { fixture in
            let item = try Self.queue(fixture, "two ![a](a.png) ![b](b.png)",
                                      pictures: ["a.png": Self.png(width: 5, height: 5, fill: 1), "b.png": Self.png(width: 6, height: 6, fill: 2)],
                                      now: clock.now())
            let host = WatchingHost(inner: try Self.host(fixture)) { try Self.images(fixture, of: item.id) }
            let summary = try await fixture.sender(clock: clock, imageHost: host).run(.due(ids: nil))
            #expect(summary.sent == [item.id])
            #expect(host.statesAtUpload == ["uploading,pending", "uploaded,uploading"])
            let images = try Self.images(fixture, of: item.id)
            let urls = images.compactMap { $0.state.hosted?.url.absoluteString }
            #expect(urls.count == 2 && images.allSatisfy { $0.state.hosted?.deleteHandle != nil })
            // The stored command is the one posted: the hosted addresses, no stand-ins left.
            let sent = try fixture.item(item.id)
            #expect(sent.command.bbcode == "two [img]\(urls[0])[/img] [img]\(urls[1])[/img]")
            #expect(try await fixture.copies(of: sent.command.bbcode) == 1)
        }
    }

    /// As a sender that died mid-upload leaves it: "uploading", and (here) the image on the host.
    @Test(arguments: [true, false])
    func anImageLeftUploadingIsReconciledBeforeAnyNewUpload(landed: Bool) async throws {
        let clock = ManualClock()
        try await OutboxFixture.with(clock: clock) { fixture in
            let bytes = Self.png(width: 7, height: 7, fill: landed ? 3 : 4)
            let item = try Self.queue(fixture, "left ![x](x.png)", pictures: ["x.png": bytes], now: clock.now())
            var image = try #require(try Self.images(fixture, of: item.id).first)
            image.state = .uploading(since: clock.now())
            try fixture.store.outbox { tx in try tx.save(image) }
            let host = try Self.host(fixture)
            if landed {
                let upload = ImageUpload(hash: image.hash, format: .png, byteCount: bytes.count) { sink in
                    try bytes.withUnsafeBytes { try sink($0) }
                }
                guard case .uploaded = await host.upload(upload) else { Issue.record("the crashed upload"); return }
            }
            let summary = try await fixture.sender(clock: clock, imageHost: host).run(.due(ids: nil))
            #expect(summary.sent == [item.id])
            #expect(try await Self.uploads(fixture) == 1, "found (or, absent, uploaded once): never twice")
            #expect(fixture.progress.lines.contains { $0.contains("asking the image host whether image x.png arrived") })
        }
    }

    @Test func anAnonymousLostAnswerFailsForTheUserAndRetryUploadsAgain() async throws {
        let clock = ManualClock()
        try await OutboxFixture.with(clock: clock) { fixture in
            let item = try Self.queue(fixture, "anon ![x](x.png)", pictures: ["x.png": Self.png(width: 8, height: 8, fill: 5)], now: clock.now())
            try await Self.fault(fixture, "500stored")
            let host = try Self.host(fixture, .clientID("test"))
            _ = try await fixture.sender(clock: clock, imageHost: host).run(.due(ids: nil))
            let failed = try fixture.item(item.id)
            guard case let .failed(reason) = failed.state, case .imageUploadUncertain(file: "x.png", item.id, _) = reason else {
                Issue.record("\(failed.state)")
                return
            }
            #expect(reason.description.contains("`missive queue retry \(item.id)`"), "\(reason)")
            #expect(try Self.images(fixture, of: item.id).first?.state.name == "uploading")
            #expect(try await fixture.forum().posts.filter { $0.text.hasPrefix("anon") }.isEmpty)

            _ = try fixture.outbox.retry([item.id], due: clock.now(), now: clock.now())
            #expect(try Self.images(fixture, of: item.id).first?.state == .pending)
            let summary = try await fixture.sender(clock: clock, imageHost: host).run(.due(ids: nil))
            #expect(summary.sent == [item.id])
            #expect(try await Self.uploads(fixture) == 2)
        }
    }

    @Test func aHostThatCannotBeReachedWaitsAndKeepsTheUploadUnknown() async throws {
        let clock = ManualClock()
        try await OutboxFixture.with(clock: clock) { fixture in
            let item = try Self.queue(fixture, "down ![x](x.png)", pictures: ["x.png": Self.png(width: 9, height: 9, fill: 6)], now: clock.now())
            var image = try #require(try Self.images(fixture, of: item.id).first)
            image.state = .uploading(since: clock.now())
            try fixture.store.outbox { tx in try tx.save(image) }
            // Port 9 (discard) on loopback: nothing listens, the account cannot be listed.
            let host = try Self.host(fixture, base: URL(string: "http://127.0.0.1:9/"))
            _ = try await fixture.sender(maxWait: 0, clock: clock, imageHost: host).run(.due(ids: nil))
            let waiting = try fixture.item(item.id)
            guard case let .retrying(next, .imageHostBusy(file: "x.png", _)) = waiting.state else {
                Issue.record("\(waiting.state)")
                return
            }
            #expect(next > clock.now())
            #expect(try Self.images(fixture, of: item.id).first?.state.name == "uploading", "still to be asked, not uploaded blind")
        }
    }

    @Test func aRefusedImageFailsTheItemWithItsReasonAndPostsNothing() async throws {
        let clock = ManualClock()
        try await OutboxFixture.with(clock: clock) { fixture in
            let item = try Self.queue(fixture, "refused ![x](x.png)", pictures: ["x.png": Self.png(width: 9, height: 9, fill: 7)], now: clock.now())
            // The kept copy damaged to zeros: the host reads no image in it and refuses it.
            try fixture.store.write { db in try db.execute(sql: "UPDATE image_blob SET content = zeroblob(byteCount)") }
            _ = try await fixture.sender(clock: clock, imageHost: try Self.host(fixture)).run(.due(ids: nil))
            let failed = try fixture.item(item.id)
            guard case let .failed(.imageRefused(file: "x.png", message)) = failed.state else {
                Issue.record("\(failed.state)")
                return
            }
            #expect(message.contains("File type invalid"))
            #expect(try Self.images(fixture, of: item.id).first?.state == .pending)
            #expect(try await fixture.forum().posts.filter { $0.text.hasPrefix("refused") }.isEmpty)
        }
    }

    @Test func aRateLimitWaitsTheHostsRetryAfterOnTheClock() async throws {
        let clock = ManualClock()
        try await OutboxFixture.with(clock: clock) { fixture in
            let item = try Self.queue(fixture, "slow ![x](x.png)", pictures: ["x.png": Self.png(width: 9, height: 9, fill: 8)], now: clock.now())
            let client = try HTTPClient(settings: HTTPSettings(userAgent: "missive/test"))
            _ = try await client.send(HTTPRequest(
                method: .post, url: fixture.server.imagesURL.appendingPathComponent("_sandbox/image-fault")
                    .appending(queryItems: [URLQueryItem(name: "next", value: "429"), URLQueryItem(name: "retryafter", value: "40")]),
                body: []))
            let started = clock.now()
            let summary = try await fixture.sender(maxWait: 120, clock: clock, imageHost: try Self.host(fixture)).run(.due(ids: nil))
            #expect(summary.sent == [item.id])
            #expect(clock.now().timeIntervalSince(started) >= 40)
            #expect(try await Self.uploads(fixture) == 1)
        }
    }

    @Test func aRefusedQueueTakesAwayTheImagesItKeptAndLeavesThoseInUse() async throws {
        try await OutboxFixture.with { fixture in
            let blobs = ImageBlobs(store: fixture.store)
            let queued = try Self.queue(fixture, "first ![a](a.png)", pictures: ["a.png": Self.png(width: 10, height: 10, fill: 1)])
            let inUse = try Self.images(fixture, of: queued.id).map(\.hash)
            #expect(try blobs.all().map(\.hash) == inUse)

            // A bad image in the second draft: the first draft's image was kept, and goes again.
            for (name, fill) in [("b.png", UInt8(2)), ("c.png", 3)] {
                try Data(Self.png(width: 10, height: 10, fill: fill)).write(to: fixture.directory.appendingPathComponent(name))
            }
            let good = try fixture.draft("good ![b](b.png)"), bad = try fixture.draft("bad ![x](missing.png)")
            #expect(throws: DraftImagesError.self) {
                try fixture.outbox.queue(drafts: [good.id, bad.id], dialect: { _ in .somethingawful }, images: Self.intake(fixture),
                                         due: Date(), now: Date())
            }
            #expect(try blobs.all().map(\.hash) == inUse)

            // Refused in the queue's transaction (the first draft is queued already): its images
            // were kept before it, and go again; the queued item's stay.
            let other = try fixture.draft("other ![c](c.png)")
            #expect(throws: OutboxError.self) {
                try fixture.outbox.queue(drafts: [other.id, queued.draftID ?? 0], dialect: { _ in .somethingawful },
                                         images: Self.intake(fixture), due: Date(), now: Date())
            }
            #expect(try blobs.all().map(\.hash) == inUse)
            #expect(try Self.images(fixture, of: queued.id).map(\.hash) == inUse)
        }
    }
}
