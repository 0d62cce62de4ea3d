import Common
import Testing

/// Image headers as the formats' specifications lay them out, built byte by byte here.
enum HeaderBytes {
    static func png(width: Int, height: Int) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
            + be(width, 4) + be(height, 4) + [8, 6, 0, 0, 0] + [0, 0, 0, 0]
    }

    static func gif(width: Int, height: Int) -> [UInt8] {
        Array("GIF89a".utf8) + le(width, 2) + le(height, 2) + [0, 0, 0] + [0x3B]
    }

    /// SOI, an APPn segment per entry of `appSegments` (of that many bytes), SOF2, EOI.
    static func jpeg(width: Int, height: Int, appSegments: [Int] = [14]) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]
        for (index, size) in appSegments.enumerated() {
            bytes += [0xFF, 0xE0 + UInt8(index % 16)] + be(size + 2, 2) + [UInt8](repeating: 0x41, count: size)
        }
        bytes += [0xFF, 0xC4] + be(4, 2) + [0, 0]  // a Huffman table before the frame: not a frame header
        bytes += [0xFF, 0xC2] + be(11, 2) + [8] + be(height, 2) + be(width, 2) + [1, 1, 0x11, 0]
        return bytes + [0xFF, 0xD9]
    }

    static func webpLossy(width: Int, height: Int) -> [UInt8] {
        riff(Array("VP8 ".utf8) + le(10, 4) + [0x10, 0x02, 0x00] + [0x9D, 0x01, 0x2A]
             + le(width, 2) + le(height, 2))
    }

    static func webpLossless(width: Int, height: Int) -> [UInt8] {
        let bits = (width - 1) | ((height - 1) << 14)
        return riff(Array("VP8L".utf8) + le(5, 4) + [0x2F] + le(bits, 4))
    }

    static func webpExtended(width: Int, height: Int) -> [UInt8] {
        riff(Array("VP8X".utf8) + le(10, 4) + [0, 0, 0, 0] + le(width - 1, 3) + le(height - 1, 3))
    }

    private static func riff(_ chunk: [UInt8]) -> [UInt8] {
        Array("RIFF".utf8) + le(chunk.count + 4, 4) + Array("WEBP".utf8) + chunk
    }

    static func be(_ value: Int, _ count: Int) -> [UInt8] {
        (0..<count).reversed().map { UInt8((value >> ($0 * 8)) & 0xFF) }
    }

    static func le(_ value: Int, _ count: Int) -> [UInt8] {
        (0..<count).map { UInt8((value >> ($0 * 8)) & 0xFF) }
    }
}

@Suite struct ImageHeaderTests {
    /// Named cases, so that a failure (and the test log) names the case rather than its bytes.
    static let headers: [String: (bytes: [UInt8], format: ImageFormat, size: PixelSize)] = [
        "png": (HeaderBytes.png(width: 1024, height: 768), .png, PixelSize(width: 1024, height: 768)),
        "gif": (HeaderBytes.gif(width: 320, height: 200), .gif, PixelSize(width: 320, height: 200)),
        "jpeg": (HeaderBytes.jpeg(width: 4032, height: 3024), .jpeg, PixelSize(width: 4032, height: 3024)),
        // Two 60 KB EXIF-sized segments before the frame header: each is skipped, not read.
        "jpeg after large segments": (HeaderBytes.jpeg(width: 801, height: 600, appSegments: [60_000, 60_000]), .jpeg,
                                      PixelSize(width: 801, height: 600)),
        "webp lossy": (HeaderBytes.webpLossy(width: 1000, height: 700), .webp, PixelSize(width: 1000, height: 700)),
        "webp lossless": (HeaderBytes.webpLossless(width: 16383, height: 2), .webp, PixelSize(width: 16383, height: 2)),
        "webp extended": (HeaderBytes.webpExtended(width: 20000, height: 9000), .webp, PixelSize(width: 20000, height: 9000)),
    ]

    @Test(arguments: headers.keys.sorted())
    func readsTheFormatAndPixelSizeFromTheHeader(name: String) throws {
        let expected = try #require(Self.headers[name])
        let header = try ImageHeader.read(InMemoryBytes(expected.bytes))
        #expect(header.format == expected.format)
        #expect(header.size == expected.size)
    }

    @Test func textIsNotAnImageWhateverItWouldBeCalled() {
        #expect(throws: ImageHeaderProblem.notAnImage) { try ImageHeader.read(InMemoryBytes(Array("just some text\n".utf8))) }
        #expect(throws: ImageHeaderProblem.notAnImage) { try ImageHeader.read(InMemoryBytes([])) }
        // A RIFF file that is not WebP (a WAV) is not an image either.
        #expect(throws: ImageHeaderProblem.notAnImage) {
            try ImageHeader.read(InMemoryBytes(Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVEfmt ".utf8)))
        }
    }

    @Test func aHeaderCutShortIsTruncated() {
        #expect(throws: ImageHeaderProblem.truncated(.png)) {
            try ImageHeader.read(InMemoryBytes(Array(HeaderBytes.png(width: 10, height: 10).prefix(20))))
        }
        #expect(throws: ImageHeaderProblem.truncated(.gif)) {
            try ImageHeader.read(InMemoryBytes(Array(HeaderBytes.gif(width: 10, height: 10).prefix(8))))
        }
        // SOI and an APP0 segment, and then the file ends before any frame header.
        #expect(throws: ImageHeaderProblem.truncated(.jpeg)) {
            try ImageHeader.read(InMemoryBytes(Array(HeaderBytes.jpeg(width: 10, height: 10).prefix(18))))
        }
        #expect(throws: ImageHeaderProblem.truncated(.webp)) {
            try ImageHeader.read(InMemoryBytes(Array(HeaderBytes.webpLossy(width: 10, height: 10).prefix(22))))
        }
    }

    @Test func aDamagedHeaderSaysWhatIsWrong() {
        var png = HeaderBytes.png(width: 10, height: 10)
        png.replaceSubrange(12..<16, with: Array("IDAT".utf8))
        #expect(throws: ImageHeaderProblem.malformed(.png, "its first chunk is not IHDR")) { try ImageHeader.read(InMemoryBytes(png)) }
        #expect(throws: ImageHeaderProblem.malformed(.gif, "it says the image is 0x10 pixels")) {
            try ImageHeader.read(InMemoryBytes(HeaderBytes.gif(width: 0, height: 10)))
        }
        // Image data (SOS) before a frame header.
        #expect(throws: ImageHeaderProblem.self) {
            try ImageHeader.read(InMemoryBytes([0xFF, 0xD8, 0xFF, 0xDA, 0, 2, 0, 0]))
        }
    }
}

@Suite struct ContentHashTests {
    @Test func sha256MatchesTheStandardsTestVectors() throws {
        #expect(try ContentHash.of(Array("abc".utf8)).hex == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(try ContentHash.of([UInt8]()).hex == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test func hashingInPiecesGivesTheHashOfTheWhole() throws {
        let bytes = (0..<300_001).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        var hasher = try SHA256Hasher()
        var offset = 0
        for size in [1, 63, 64, 65, 4096, 100_000] + Array(repeating: 65_536, count: 4) where offset < bytes.count {
            let end = min(bytes.count, offset + size)
            bytes[offset..<end].withUnsafeBytes { hasher.update($0) }
            offset = end
        }
        bytes[offset...].withUnsafeBytes { hasher.update($0) }
        #expect(try hasher.finish() == ContentHash.of(bytes))
    }

    @Test func onlySixtyFourHexDigitsAreAHash() {
        let hex = String(repeating: "aB", count: 32)
        #expect(ContentHash(hex: hex)?.hex == hex.lowercased())
        #expect(ContentHash(hex: String(hex.dropLast())) == nil)
        #expect(ContentHash(hex: String(hex.dropLast()) + "g") == nil)
        #expect(ContentHash(hex: "../../etc/passwd") == nil)
    }
}
