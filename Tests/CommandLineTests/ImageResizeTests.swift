import Common
import Foundation
import Testing

/// `--resize` through the binary against a sandbox process: an image over the host's limit
/// (Imgur's 10 MB, `ImgurHost.imgurMaxBytes`) is refused with the hint, or with the flag sent
/// scaled down in its own format; an animated one is refused even then.
@Suite(.serialized) struct ImageResizeTests {
    static let hostLimit = 10_000_000

    /// A real, decodable PNG over the limit: 1900x1800 RGB pixels (a gradient) in stored
    /// (uncompressed) deflate blocks, about 10.3 MB. libgd's own encoder makes it far smaller.
    static func uncompressedPNG(width: Int = 1900, height: Int = 1800) -> Data {
        var raw = [UInt8]()
        raw.reserveCapacity(height * (1 + width * 3))
        for y in 0..<height {
            raw.append(0)
            for x in 0..<width { raw += [UInt8(x & 0xFF), UInt8(y & 0xFF), UInt8((x + y) & 0xFF)] }
        }
        var zlib: [UInt8] = [0x78, 0x01]
        var offset = 0
        while offset < raw.count {
            let count = min(65_535, raw.count - offset)
            zlib += [offset + count == raw.count ? 1 : 0, UInt8(count & 0xFF), UInt8(count >> 8),
                     UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            zlib += raw[offset..<offset + count]
            offset += count
        }
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in raw { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
        zlib += be32(Int((b << 16) | a))
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += chunk("IHDR", be32(width) + be32(height) + [8, 2, 0, 0, 0])
        png += chunk("IDAT", zlib)
        png += chunk("IEND", [])
        return Data(png)
    }

    static func be32(_ value: Int) -> [UInt8] { (0..<4).reversed().map { UInt8((value >> ($0 * 8)) & 0xFF) } }

    static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in body { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return be32(data.count) + body + be32(Int(crc ^ 0xFFFF_FFFF))
    }

    /// A two-frame GIF padded over the limit with a comment extension (sub-blocks of 255 bytes).
    static func animatedGIF() -> Data {
        var gif: [UInt8] = Array("GIF89a".utf8) + [1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF]
        gif += [0x21, 0xFE]
        for _ in 0..<(hostLimit / 256 + 10) { gif += [255] + [UInt8](repeating: 0x41, count: 255) }
        gif += [0]
        let frame: [UInt8] = [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0]
        gif += frame + frame + [0x3B]
        return Data(gif)
    }

    @Test func anImageOverTheLimitIsRefusedWithTheHintAndSentScaledDownWithResize() async throws {
        let (world, pictures) = try await ImageSendTests.world()
        let original = Self.uncompressedPNG()
        try #require(original.count > Self.hostLimit)
        let file = pictures.appendingPathComponent("wide.png")
        try original.write(to: file)
        let ids = try await world.drafts([ImageSendTests.reply("resize run ![w](\(file.path))")])

        let refused = try await world.run(["queue", String(ids[0])])
        #expect(refused.status == 65, "\(refused.errorOutput)")
        #expect(refused.errorOutput.contains("image \(file.path): it is 9.8 MiB, more than the image host's limit"), "\(refused.errorOutput)")
        #expect(refused.errorOutput.contains("queue it with --resize"), "\(refused.errorOutput)")
        #expect(try await world.items().isEmpty)

        let queued = try await world.run(["queue", "--resize", String(ids[0])])
        #expect(queued.status == 0, "\(queued.errorOutput)")
        let send = try await world.run(["send"])
        #expect(send.status == 0, "\(send.errorOutput)")
        let listed = try await ImageSendTests.images(world)
        let url = try #require(listed.first?["url"] as? String)
        let path = try #require(URL(string: url)).path.dropFirst()
        let served = [UInt8](try await world.httpGet(String(path), images: true))
        #expect(served.count < Self.hostLimit && served.count < original.count)
        let header = try ImageHeader.read(InMemoryBytes(served))
        #expect(header.format == .png)
        #expect(header.size.width * 18 == header.size.height * 19, "the aspect ratio is kept: \(header.size)")
        #expect(try await ImageSendTests.posts(world, holding: "resize run") == ["resize run [timg]\(url)[/timg]"])
    }

    @Test func anAnimatedGIFOverTheLimitIsRefusedEvenWithResize() async throws {
        let (world, pictures) = try await ImageSendTests.world()
        let file = pictures.appendingPathComponent("moving.gif")
        try Self.animatedGIF().write(to: file)
        let ids = try await world.drafts([ImageSendTests.reply("animated ![m](\(file.path))")])
        let refused = try await world.run(["queue", "--resize", String(ids[0])])
        #expect(refused.status == 65, "\(refused.errorOutput)")
        #expect(refused.errorOutput.contains("image \(file.path): it is an animated GIF"), "\(refused.errorOutput)")
        #expect(refused.errorOutput.contains("nothing was queued"))
        #expect(try await world.items().isEmpty)
    }

    @Test func resizeGoesWithSendOrQueueOnAComposeCommand() async throws {
        let (world, _) = try await ImageSendTests.world()
        let result = try await world.run(["reply", "3500001", "--resize"])
        #expect(result.status == 64, "\(result.errorOutput)")
        #expect(result.errorOutput.contains("--resize goes with --send or --queue"), "\(result.errorOutput)")
    }
}
