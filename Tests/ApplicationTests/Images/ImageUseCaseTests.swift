import Application
import Common
import Forum
import Foundation
import Outbox
import Store
import Testing

@Suite("Local images: the image host a profile names, and taking an upload down")
struct ImageUseCaseTests {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        + [0, 0, 0, 4, 0, 0, 0, 4, 8, 6, 0, 0, 0, 0, 0, 0, 0]

    @Test("a draft with a local image is refused, naming the setting, where the profile has no image host")
    func noHost() async throws {
        try await ApplicationFixture.with { fixture in
            try Data(Self.png).write(to: fixture.directory.appendingPathComponent("p.png"))
            let draft = try fixture.replyDraft("look ![p](p.png)")
            var config = fixture.config
            let setup = { (config: Config) in
                ImageHostSetup(paths: fixture.paths, config: config)
                    .intake(workingDirectory: fixture.directory.path, home: fixture.directory.path)
            }
            do {
                _ = try await QueueDrafts(fixture.local(), config: config, images: setup(config)).run(drafts: [draft.id], at: "now")
                Issue.record("queued without an image host")
            } catch {
                #expect("\(error)".contains("image_api = "), "\(error)")
            }
            // An API but neither client id nor saved token: refused too, saying how to give one.
            config.profiles[0].imageAPI = "http://127.0.0.1:9/"
            await #expect(throws: ImageHostSetupError.noCredential(profile: "sandbox")) {
                try await QueueDrafts(fixture.local(), config: config, images: setup(config)).run(drafts: [draft.id], at: "now")
            }
            #expect(try Outbox(store: fixture.store).listing().isEmpty)
            // With a client id the image is kept and the item records it.
            config.profiles[0].imageClientID = "test"
            let items = try await QueueDrafts(fixture.local(), config: config, images: setup(config)).run(drafts: [draft.id], at: "now")
            #expect(try OutboxImages(store: fixture.store).list().map(\.image.target) == ["p.png"])
            #expect(items.first?.command.bbcode.contains("[img]https://missive.invalid/image/") == true)
        }
    }

    @Test("images rm refuses an upload the host gave no delete handle for, and names what it cannot find")
    func noHandle() async throws {
        try await ApplicationFixture.with { fixture in
            let file = fixture.directory.appendingPathComponent("p.png")
            try Data(Self.png).write(to: file)
            let kept = try ImageBlobs(store: fixture.store).keep(try LocalImageFile(path: "p.png", resolvedPath: file.path, limit: 1_000))
            let now = Date()
            let item = try fixture.store.outbox { tx in
                try tx.insert(OutboxRow(draftID: nil, draftRevision: nil, profile: "sandbox", kind: "reply", target: "reply to thread 1",
                                        targetKey: "thread/1", channel: "posts", command: "{}", idempotencyKey: "k", state: .sent,
                                        due: nil, createdAt: now, updatedAt: now)).id
            }
            try fixture.store.saveOutboxImage(OutboxImageRow(
                itemID: item, sha256: kept.hash.hex, position: 0, target: "p.png", path: file.path, state: "uploaded", since: now,
                url: "http://127.0.0.1:9/i/abc.png", hostID: "abc", deleteHandle: nil, uploadedAt: now))
            let remove = RemoveImage(fixture.local(), hosts: NoImageHost())
            await #expect(throws: OutboxImagesError.noDeleteHandle("abc")) { try await remove.run("abc") }
            await #expect(throws: OutboxImagesError.noDeleteHandle("http://127.0.0.1:9/i/abc.png")) {
                try await remove.run("http://127.0.0.1:9/i/abc.png")
            }
            await #expect(throws: OutboxImagesError.noSuchImage("zzz")) { try await remove.run("zzz") }
            #expect(OutboxImagesError.noDeleteHandle("abc").description.contains("delete it on the host's own site"))
        }
    }
}

/// Where no image host is reached: these uploads are refused before one would be.
private struct NoImageHost: ImageHostSource {
    func host(for profile: String) throws -> any ImageHost {
        throw ImageHostSetupError.noHost(profile: profile)
    }
}
