import Foundation
import Testing

/// Local images through the real binary and a real sandbox over loopback: kept at queue time,
/// uploaded once before the post, shown on the thread page, and served back by the sandbox.
@Suite(.serialized) struct ImageSendTests {
    /// A PNG header stating its pixel size, then filler: the sandbox and Missive read the size
    /// from the header, and the bytes must come back exactly as they went.
    static func png(width: Int, height: Int, fill: UInt8, bytes: Int = 4_000) -> Data {
        func be(_ value: Int) -> [UInt8] { (0..<4).reversed().map { UInt8((value >> ($0 * 8)) & 0xFF) } }
        return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + be(width) + be(height)
            + [8, 6, 0, 0, 0, 0, 0, 0, 0] + [UInt8](repeating: fill, count: bytes))
    }

    /// A world whose sandbox profile's image API is the sandbox that runs (`missive init` wrote
    /// the default port's), and a directory for the pictures.
    static func world(faults: String? = nil, config: [String] = ["undo_window = 0", "retry_base = 1", "reconcile_grace = 2"])
        async throws -> (OutboxWorld, URL) {
        let world = try await OutboxWorld(faults: faults, config: config)
        let file = world.home.appendingPathComponent("config/config.toml")
        let text = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("image_api") ? "image_api = \"\(world.imagesURL)\"" : String($0) }
        #expect(text.contains { $0.hasPrefix("image_client_id") }, "missive init gives the sandbox profile an image host")
        try text.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        let pictures = world.home.appendingPathComponent("pictures")
        try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
        return (world, pictures)
    }

    static func reply(_ body: String, thread: Int = 3_500_001) -> String {
        "---\nkind: reply\nthread: \(thread)\n---\n\(body)\n"
    }

    /// `/_sandbox/images.json`: every upload the sandbox's host took, deleted ones too.
    static func uploads(_ world: OutboxWorld) async throws -> [[String: Any]] {
        (try JSONSerialization.jsonObject(with: try await world.httpGet("_sandbox/images.json", images: true)) as? [[String: Any]]) ?? []
    }

    static func images(_ world: OutboxWorld) async throws -> [[String: Any]] {
        let result = try await world.run(["images", "list", "--json"])
        #expect(result.status == 0, "\(result.errorOutput)")
        return (try JSONSerialization.jsonObject(with: result.stdout) as? [[String: Any]]) ?? []
    }

    /// The posts whose text holds `marker`.
    static func posts(_ world: OutboxWorld, holding marker: String) async throws -> [String] {
        let state = try await world.forum()
        return (state["posts"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }.filter { $0.contains(marker) }
    }

    /// `missive ARGS` started in `directory` (a shell `cd`s there first), for relative image paths.
    static func run(_ world: OutboxWorld, in directory: URL, _ arguments: [String]) async throws -> (Int32?, String) {
        let missive = BuiltBinary.url("missive").path
        let command = "cd '\(directory.path)' && exec '\(missive)' " + arguments.map { "'\($0)'" }.joined(separator: " ")
        let launched = try Launched(["-c", command], environment: world.environment,
                                    log: world.home.appendingPathComponent("log-\(UUID().uuidString).txt"),
                                    executable: URL(fileURLWithPath: "/bin/sh"))
        let status = await launched.exitStatus(within: 60)
        return (status, launched.output)
    }

    /// `missive init` then `profiles add sandbox --base-url` of a sandbox on other ports (its image
    /// host on a random one, not the port after the forum's): the image host follows, as the
    /// sandbox names it, and a reply's picture reaches it. No config edited by hand here.
    @Test func aProfileMovedToAnotherSandboxSendsItsImagesThere() async throws {
        let world = try await OutboxWorld(config: ["undo_window = 0", "retry_base = 1", "reconcile_grace = 2"])
        let config = try String(contentsOf: world.home.appendingPathComponent("config/config.toml"), encoding: .utf8)
        #expect(config.contains("image_api = \"\(world.imagesURL)\""), "\(config)")
        #expect(!config.contains("127.0.0.1:8643"), "\(config)")

        // Said again: nothing to change, and what is kept is named.
        let again = try await world.run(["profiles", "add", "sandbox", "--base-url", world.baseURL])
        #expect(again.output.hasPrefix("Updated profile sandbox: nothing changed.\nKept: base_url \(world.baseURL), engine somethingawful"),
                "\(again.output)")
        #expect(again.output.contains("image_api \(world.imagesURL)"), "\(again.output)")

        let pictures = world.home.appendingPathComponent("pictures")
        try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
        try Self.png(width: 64, height: 48, fill: 7).write(to: pictures.appendingPathComponent("cat.png"))
        let ids = try await world.drafts([Self.reply("moved profile's picture ![cat](cat.png)")])
        let (status, output) = try await Self.run(world, in: pictures, ["queue", String(ids[0])])
        #expect(status == 0, "\(output)")
        let send = try await world.run(["send"])
        #expect(send.status == 0, "\(send.errorOutput)")
        #expect(try await Self.uploads(world).count == 1)
        let url = try #require(try await Self.images(world).first?["url"] as? String)
        #expect(try await Self.posts(world, holding: "moved profile's picture") == ["moved profile's picture [img]\(url)[/img]"])
    }

    @Test func aReplysImagesGoUpOnceAndTheThreadShowsThemServedByTheSandbox() async throws {
        let (world, pictures) = try await Self.world()
        let small = Self.png(width: 320, height: 240, fill: 1), large = Self.png(width: 1000, height: 700, fill: 2)
        try small.write(to: pictures.appendingPathComponent("cat.png"))
        try large.write(to: pictures.appendingPathComponent("big cat.png"))
        let ids = try await world.drafts([Self.reply("image run one ![cat](cat.png) and ![big](<big cat.png>)")])

        // Relative paths start in the directory the command runs in.
        let (status, output) = try await Self.run(world, in: pictures, ["queue", String(ids[0])])
        #expect(status == 0, "\(output)")
        // The files may go once queued: the store has its own copies.
        try FileManager.default.removeItem(at: pictures)
        #expect(try await Self.uploads(world).isEmpty, "nothing leaves the machine at queue time")
        let waiting = try await world.run(["queue", "show", "1"])
        #expect(waiting.output.contains("images:   2\n  cat.png: pending (uploaded when it is sent)\n  big cat.png: pending"),
                "\(waiting.output)")

        let send = try await world.run(["send"])
        #expect(send.status == 0, "\(send.errorOutput)")
        let uploads = try await Self.uploads(world)
        #expect(uploads.count == 2)

        let listed = try await Self.images(world)
        #expect(listed.map { $0["file"] as? String } == ["cat.png", "big cat.png"])
        #expect(listed.allSatisfy { $0["state"] as? String == "uploaded" && $0["post_url"] as? String != nil })
        let urls = listed.compactMap { $0["url"] as? String }
        try #require(urls.count == 2)
        let posts = try await Self.posts(world, holding: "image run one")
        let detail = try await world.run(["queue", "show", "1"]).output
        #expect(detail.contains("  cat.png: uploaded: \(urls[0])\n  big cat.png: uploaded: \(urls[1])"), "\(detail)")
        #expect(posts == ["image run one [img]\(urls[0])[/img] and [timg]\(urls[1])[/timg]"],
                "SA's rule: 1000x700 is larger than 800x600, so [timg]; 320x240 is [img]")

        // The thread page shows them, and the sandbox serves the very bytes that were queued.
        var shown = false
        for page in 1...5 where !shown {
            let html = String(decoding: try await world.httpGet("showthread.php?threadid=3500001&pagenumber=\(page)"), as: UTF8.self)
            shown = html.contains("<img class=\"bbc-img\" src=\"\(urls[0])\"") && html.contains("<img class=\"bbc-timg\" src=\"\(urls[1])\"")
        }
        #expect(shown, "the thread's page shows both, the large one as a thumbnail")
        for (url, bytes) in zip(urls, [small, large]) {
            let path = try #require(URL(string: url)).path.dropFirst()
            #expect(try await world.httpGet(String(path), images: true) == bytes)
        }
    }

    @Test func aSenderKilledBetweenUploadAndPostReusesTheUpload() async throws {
        // No random faults; a `slow` one (asked for below) stores the post, then answers 10 s later.
        let (world, pictures) = try await Self.world(faults: "slow=0:10s")
        try Self.png(width: 64, height: 48, fill: 3).write(to: pictures.appendingPathComponent("kill.png"))
        let ids = try await world.drafts([Self.reply("image crash run ![k](\(pictures.path)/kill.png)")])
        #expect(try await world.run(["queue", String(ids[0])]).status == 0)
        // The post's answer takes ten seconds: the sender is killed while it waits, after the
        // upload is recorded and before the forum answered.
        try await world.failNextPost("slow")
        let sender = try world.start(["send"])
        let recorded = await eventually(within: 20) {
            try await Self.images(world).first?["state"] as? String == "uploaded"
        }
        #expect(recorded, "\(sender.output)")
        sender.signal(SIGKILL)
        _ = await sender.exitStatus(within: 5)
        #expect(try await world.items().values.first?["state"] as? String == "sending", "killed before the forum answered")

        let again = try await world.run(["send"])
        #expect(again.status == 0, "\(again.output)\(again.errorOutput)")
        #expect(try await Self.uploads(world).count == 1, "the upload recorded before the crash is used, not made again")
        let url = try #require(try await Self.images(world).first?["url"] as? String)
        #expect(try await Self.posts(world, holding: "image crash run") == ["image crash run [img]\(url)[/img]"])
        #expect(try await world.items().values.first?["state"] as? String == "sent")
    }

    /// With the user's token the host can be asked: the lost upload is found and posted.
    @Test(arguments: ["drop", "500stored"])
    func aFaultAfterTheHostStoredTheImageDoesNotUploadItTwice(_ fault: String) async throws {
        let (world, pictures) = try await Self.world()
        let token = try await world.run(["images", "token"], stdin: "sandbox-account\n")
        #expect(token.status == 0 && !token.output.contains("sandbox-account") && !token.errorOutput.contains("sandbox-account"),
                "the token is a secret: never printed")
        let tokenFile = world.home.appendingPathComponent("data/cookies/sandbox.image-token")
        let mode = try FileManager.default.attributesOfItem(atPath: tokenFile.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try !String(contentsOf: world.home.appendingPathComponent("config/config.toml"), encoding: .utf8).contains("sandbox-account"))

        try Self.png(width: 50, height: 50, fill: 4).write(to: pictures.appendingPathComponent("f.png"))
        let ids = try await world.drafts([Self.reply("image fault \(fault) ![f](\(pictures.path)/f.png)")])
        #expect(try await world.run(["queue", String(ids[0])]).status == 0)
        _ = try await world.httpGet("_sandbox/image-fault?next=\(fault)", method: "POST", images: true)
        let send = try await world.run(["send"])
        #expect(send.status == 0, "\(send.errorOutput)")
        #expect(send.errorOutput.contains("asking the image host whether image"), "\(send.errorOutput)")
        #expect(try await Self.uploads(world).count == 1)
        let url = try #require(try await Self.images(world).first?["url"] as? String)
        #expect(try await Self.posts(world, holding: "image fault \(fault)") == ["image fault \(fault) [img]\(url)[/img]"])
    }

    /// Anonymous uploads cannot be looked up: the item is held for the user, nothing is posted,
    /// nothing uploaded again, until `queue retry` says to.
    @Test func anAnonymousUploadWhoseAnswerWasLostWaitsForTheUser() async throws {
        let (world, pictures) = try await Self.world()
        try Self.png(width: 50, height: 50, fill: 5).write(to: pictures.appendingPathComponent("a.png"))
        let ids = try await world.drafts([Self.reply("image anonymous ![a](\(pictures.path)/a.png)")])
        #expect(try await world.run(["queue", String(ids[0])]).status == 0)
        _ = try await world.httpGet("_sandbox/image-fault?next=500stored", method: "POST", images: true)
        let send = try await world.run(["send"])
        #expect(send.status != 0)
        let item = try #require(try await world.items().values.first)
        #expect(item["state"] as? String == "failed")
        #expect((item["detail"] as? String)?.contains("may have landed") == true, "\(item)")
        #expect(try await Self.uploads(world).count == 1)
        #expect(try await Self.posts(world, holding: "image anonymous").isEmpty)

        let id = try #require(item["id"] as? Int)
        #expect(try await world.run(["queue", "retry", String(id)]).status == 0)
        let again = try await world.run(["send"])
        #expect(again.status == 0, "\(again.errorOutput)")
        #expect(try await Self.uploads(world).count == 2, "the user's call: uploaded again")
        #expect(try await Self.posts(world, holding: "image anonymous").count == 1)
    }

    @Test func aRateLimitedUploadWaitsItsRetryAfter() async throws {
        let (world, pictures) = try await Self.world()
        try Self.png(width: 50, height: 50, fill: 6).write(to: pictures.appendingPathComponent("r.png"))
        let ids = try await world.drafts([Self.reply("image rate ![r](\(pictures.path)/r.png)")])
        #expect(try await world.run(["queue", String(ids[0])]).status == 0)
        _ = try await world.httpGet("_sandbox/image-fault?next=429&retryafter=2", method: "POST", images: true)
        let started = Date()
        let send = try await world.run(["send"])
        #expect(send.status == 0, "\(send.errorOutput)")
        #expect(Date().timeIntervalSince(started) >= 2, "it waited the host's Retry-After")
        #expect(try await Self.uploads(world).count == 1)
        #expect(try await Self.posts(world, holding: "image rate").count == 1)
    }

    struct BadImage: Sendable, CustomTestStringConvertible {
        var name: String
        var message: String
        var status: Int32
        var make: @Sendable (URL) throws -> Void
        var testDescription: String { name }
    }

    static let badImages: [BadImage] = [
        BadImage(name: "missing.png", message: "there is no such file", status: 66) { _ in },
        BadImage(name: "text.png", message: "is not a PNG, JPEG, GIF or WebP image", status: 65) {
            try Data("just words\n".utf8).write(to: $0)
        },
        BadImage(name: "empty.png", message: "it is empty (0 bytes)", status: 65) { try Data().write(to: $0) },
        BadImage(name: "folder.png", message: "it is a directory", status: 66) {
            try FileManager.default.createDirectory(at: $0, withIntermediateDirectories: true)
        },
        BadImage(name: "huge.png", message: "more than the image host's limit", status: 65) { url in
            // A sparse file one byte over Imgur's 10 MB: the size is refused before any is read.
            try ImageSendTests.png(width: 10, height: 10, fill: 0).write(to: url)
            let handle = try FileHandle(forWritingTo: url)
            try handle.truncate(atOffset: 10_000_001)
            try handle.close()
        },
        BadImage(name: "loop.png", message: "a loop of links", status: 66) { url in
            try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: url.path)
        },
    ]

    @Test(arguments: badImages)
    func aBadImageRefusesTheQueueNamingTheFileAndWhy(_ bad: BadImage) async throws {
        let (world, pictures) = try await Self.world()
        let file = pictures.appendingPathComponent(bad.name)
        try bad.make(file)
        let ids = try await world.drafts([Self.reply("bad image ![x](\(file.path))")])
        let result = try await world.run(["queue", String(ids[0])])
        #expect(result.status == bad.status, "\(result.errorOutput)")
        #expect(result.errorOutput.contains("image \(file.path): "), "\(result.errorOutput)")
        #expect(result.errorOutput.contains(bad.message), "\(result.errorOutput)")
        #expect(result.errorOutput.contains("nothing was queued"))
        #expect(try await world.items().isEmpty)
    }

    /// Root reads any file whatever its mode: only an ordinary user can see this refusal, so the
    /// test is skipped (and says so) under root.
    @Test(.enabled(if: getuid() != 0, "root reads any file whatever its mode"))
    func anUnreadableImageRefusesTheQueue() async throws {
        let (world, pictures) = try await Self.world()
        let file = pictures.appendingPathComponent("locked.png")
        try Self.png(width: 10, height: 10, fill: 0).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: file.path)
        let ids = try await world.drafts([Self.reply("locked ![x](\(file.path))")])
        let result = try await world.run(["queue", String(ids[0])])
        #expect(result.status == 77)
        #expect(result.errorOutput.contains("it cannot be read (permission denied)"))
        #expect(try await world.items().isEmpty)
    }

    @Test func imagesRmTakesAnUploadDownOnceAndNamesWhatItCannotFind() async throws {
        let (world, pictures) = try await Self.world()
        try Self.png(width: 20, height: 20, fill: 7).write(to: pictures.appendingPathComponent("rm.png"))
        let ids = try await world.drafts([Self.reply("image rm ![r](\(pictures.path)/rm.png)")])
        #expect(try await world.run(["queue", String(ids[0])]).status == 0)
        #expect(try await world.run(["send"]).status == 0)
        let url = try #require(try await Self.images(world).first?["url"] as? String)

        let removed = try await world.run(["images", "rm", url])
        #expect(removed.status == 0, "\(removed.errorOutput)")
        #expect(try await Self.uploads(world).first?["deleted"] as? Bool == true)
        #expect(try await Self.images(world).first?["state"] as? String == "deleted")
        let twice = try await world.run(["images", "rm", url])
        #expect(twice.status == 0 && twice.errorOutput.contains("already"))
        let unknown = try await world.run(["images", "rm", "http://example.invalid/x.png"])
        #expect(unknown.status == 66 && unknown.errorOutput.contains("no uploaded image is"))
    }
}
