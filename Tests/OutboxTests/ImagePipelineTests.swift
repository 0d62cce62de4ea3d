import Common
import Forum
import Foundation
import Markup
import Sandbox
import Store
import Testing

/// The image parts end to end, in the order the outbox will call them (it does not yet): keep
/// the draft's local images at queue time, upload them from the store, rewrite the draft with
/// the hosted addresses, convert, post. Real store file, real sandbox over loopback, the real
/// Something Awful adapter.
@Suite struct ImagePipelineTests {
    static func png(width: Int, height: Int, fill: UInt8) -> [UInt8] {
        func be(_ value: Int) -> [UInt8] { (0..<4).reversed().map { UInt8((value >> ($0 * 8)) & 0xFF) } }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + be(width) + be(height)
            + [8, 6, 0, 0, 0, 0, 0, 0, 0] + [UInt8](repeating: fill, count: 20_000)
    }

    @Test func aReplysImagesGoUpOnceEvenThroughADroppedAnswerAndThePostShowsThem() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("missive-images-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let cat = Self.png(width: 1000, height: 700, fill: 1)
        let dog = Self.png(width: 320, height: 240, fill: 2)
        try Data(cat).write(to: directory.appendingPathComponent("cat.png"))
        try Data(dog).write(to: directory.appendingPathComponent("dog.png"))
        let markdown = "Look: ![cat](cat.png) and **also** ![dog](dog.png)"

        // Queue time: the images are checked and kept; then the user deletes the files.
        let store = try Store(path: directory.appendingPathComponent(Store.fileName).path)
        let blobs = ImageBlobs(store: store)
        let base = ImagePathBase(workingDirectory: directory.path, home: directory.path)
        let kept = try blobs.keepLocalImages(of: markdown, base: base, limit: ImgurHost.imgurMaxBytes)
        try FileManager.default.removeItem(at: directory.appendingPathComponent("cat.png"))
        try FileManager.default.removeItem(at: directory.appendingPathComponent("dog.png"))

        let server = try await SandboxServer.start(SandboxConfiguration(floodInterval: 0))
        do {
            let client = try HTTPClient(settings: HTTPSettings(userAgent: "missive/test"))
            let host = try ImgurHost(apiBase: server.imagesURL, credential: .bearer("sandbox-account"), client: client)
            // Send time: the first upload's answer is lost after the host stored it.
            let fault = try await client.send(HTTPRequest(
                method: .post, url: server.imagesURL.appendingPathComponent("_sandbox/image-fault").appending(queryItems: [
                    URLQueryItem(name: "next", value: "drop"),
                ]), body: []))
            #expect(fault.status == 200)
            var hosted: [ContentHash: HostedImage] = [:]
            var reconciled = 0
            for item in kept where hosted[item.kept.hash] == nil {
                let upload = ImageUpload(hash: item.kept.hash, format: item.kept.format, byteCount: item.kept.byteCount) { sink in
                    try blobs.stream(item.kept.hash, sink)
                }
                switch await host.upload(upload) {
                case let .uploaded(image): hosted[item.kept.hash] = image
                case .unknown:
                    guard case let .landed(image) = await host.reconcile(upload) else { Issue.record("not reconciled"); return }
                    hosted[item.kept.hash] = image
                    reconciled += 1
                case let other: Issue.record("upload: \(other)")
                }
            }
            let stored = try await client.send(HTTPRequest(url: server.imagesURL.appendingPathComponent("_sandbox/images.json")))
            // Two images, two copies on the host: the dropped one was found, not sent again.
            #expect(reconciled == 1)
            #expect((try JSONSerialization.jsonObject(with: Data(stored.body)) as? [Any])?.count == 2)

            // The post: the hosted addresses in place of the paths, the large one as [timg].
            let byTarget = Dictionary(kept.map { ($0.image.target, $0.kept) }, uniquingKeysWith: { first, _ in first })
            let rewritten = try LocalImages.rewrite(markdown, images: kept.map(\.image)) { image in
                guard let keptImage = byTarget[image.target], let url = hosted[keptImage.hash]?.url else { return nil }
                return Dialect.imageEmbed(url: url.absoluteString, size: keptImage.pixelSize, rule: Dialect.somethingawful.thumbnailRule)
            }
            let bbcode = BBCodeConverter(dialect: .somethingawful).convert(rewritten)
            let catURL = try #require(hosted[ContentHash.of(cat)]?.url.absoluteString)
            let dogURL = try #require(hosted[ContentHash.of(dog)]?.url.absoluteString)
            #expect(bbcode == "Look: [timg]\(catURL)[/timg] and [b]also[/b] [img]\(dogURL)[/img]")

            let adapter = try SomethingAwfulAdapter(baseURL: server.baseURL, settings: HTTPSettings(
                userAgent: "missive/test", cookieJar: directory.appendingPathComponent("jar.txt")))
            _ = try await adapter.login(username: Seed.Account.member.username, password: Seed.Account.password)
            guard case .sent = await adapter.reply(Reply(threadID: Int(Seed.Ids.welcomeThread), bbcode: bbcode)) else {
                Issue.record("the reply was not sent"); await server.stop(); return
            }
            let state = try SandboxState.decode(Data(try await client.send(HTTPRequest(
                url: server.baseURL.appendingPathComponent("_sandbox/state.json"))).body))
            #expect(state.posts.max { $0.id < $1.id }?.text == bbcode)
            // What the post shows is the kept bytes, though the files are gone.
            #expect(try await client.send(HTTPRequest(url: try #require(URL(string: catURL)))).body == cat)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }
}
