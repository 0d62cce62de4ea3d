import CGD
import Common
import Outbox
import Testing

/// Real images, made by libgd itself in each test, scaled by `ImageResizer` and read back.
@Suite struct ImageResizerTests {
    /// A `width`x`height` true-colour image of seeded noise over a gradient (noise so that the
    /// encoders cannot make it tiny), encoded as `format`.
    static func image(_ format: ImageFormat, width: Int, height: Int, seed: UInt64 = 7) throws -> [UInt8] {
        let image = try #require(gdImageCreateTrueColor(Int32(width), Int32(height)))
        defer { gdImageDestroy(image) }
        var state = seed
        for y in 0..<height {
            for x in 0..<width {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                let noise = Int32(truncatingIfNeeded: state >> 58)
                let red = Int32(x * 255 / max(width - 1, 1)), green = Int32(y * 255 / max(height - 1, 1))
                gdImageSetPixel(image, Int32(x), Int32(y), (min(red + noise, 255) << 16) | (green << 8) | (noise * 4))
            }
        }
        return try encode(image, format)
    }

    static func encode(_ image: gdImagePtr, _ format: ImageFormat) throws -> [UInt8] {
        var length: Int32 = 0
        let pointer: UnsafeMutableRawPointer? = switch format {
        case .png: gdImagePngPtr(image, &length)
        case .jpeg: gdImageJpegPtr(image, &length, 90)
        case .gif: gdImageGifPtr(image, &length)
        case .webp: gdImageWebpPtr(image, &length)
        }
        let written = try #require(pointer)
        defer { gdFree(written) }
        return Array(UnsafeRawBufferPointer(start: written, count: Int(length)))
    }

    /// What libgd reads back: the image decodes, and its size.
    static func decodedSize(_ bytes: [UInt8], _ format: ImageFormat) -> PixelSize? {
        var copy = bytes
        let image: gdImagePtr? = copy.withUnsafeMutableBytes { raw in
            let count = Int32(raw.count)
            return switch format {
            case .png: gdImageCreateFromPngPtr(count, raw.baseAddress)
            case .jpeg: gdImageCreateFromJpegPtr(count, raw.baseAddress)
            case .gif: gdImageCreateFromGifPtr(count, raw.baseAddress)
            case .webp: gdImageCreateFromWebpPtr(count, raw.baseAddress)
            }
        }
        guard let image else { return nil }
        defer { gdImageDestroy(image) }
        return PixelSize(width: Int(image.pointee.sx), height: Int(image.pointee.sy))
    }

    @Test(arguments: ImageFormat.allCases)
    func anImageThatFitsComesBackAsTheSameBytes(_ format: ImageFormat) throws {
        let bytes = try Self.image(format, width: 40, height: 30)
        let result = try ImageResizer.fit(bytes, within: ImageLimit(maxBytes: bytes.count, maxSize: PixelSize(width: 40, height: 30)))
        #expect(!result.changed)
        #expect(result.bytes == bytes)
        #expect(result.size == PixelSize(width: 40, height: 30))
    }

    @Test(arguments: ImageFormat.allCases)
    func aLargeImageIsScaledIntoThePixelBoxInItsOwnFormatKeepingItsShape(_ format: ImageFormat) throws {
        let bytes = try Self.image(format, width: 400, height: 200)
        let result = try ImageResizer.fit(bytes, within: ImageLimit(maxBytes: 10_000_000, maxSize: PixelSize(width: 100, height: 100)))
        #expect(result.changed)
        #expect(result.format == format)
        #expect(result.size == PixelSize(width: 100, height: 50))
        #expect(result.originalSize == PixelSize(width: 400, height: 200))
        let header = try ImageHeader.read(InMemoryBytes(result.bytes))
        #expect(header.format == format, "the same format, by its bytes")
        #expect(header.size == PixelSize(width: 100, height: 50))
        #expect(Self.decodedSize(result.bytes, format) == PixelSize(width: 100, height: 50), "libgd reads it back")
    }

    @Test(arguments: [ImageFormat.png, .jpeg, .webp])
    func aByteLimitShrinksTheImageUntilItIsUnder(_ format: ImageFormat) throws {
        let bytes = try Self.image(format, width: 300, height: 150)
        let limit = bytes.count / 3
        let result = try ImageResizer.fit(bytes, within: ImageLimit(maxBytes: limit))
        #expect(result.bytes.count <= limit)
        #expect(result.size.width < 300)
        let ratio = Double(result.size.width) / Double(result.size.height)
        #expect(abs(ratio - 2) < 0.1, "the aspect ratio is kept: \(result.size)")
        #expect(Self.decodedSize(result.bytes, format) == result.size)
    }

    @Test func aStillGIFIsResizedAndAnAnimatedOneIsRefused() throws {
        let still = try Self.image(.gif, width: 200, height: 100)
        #expect(!ImageAnimation.isAnimated(still, format: .gif))
        #expect(try ImageResizer.fit(still, within: ImageLimit(maxBytes: 1_000_000, maxSize: PixelSize(width: 50, height: 50))).size
            == PixelSize(width: 50, height: 25))

        let animated = try Self.animatedGIF(frames: 2)
        #expect(ImageAnimation.isAnimated(animated, format: .gif))
        #expect(throws: ImageResizeError.animated(.gif)) {
            try ImageResizer.fit(animated, within: ImageLimit(maxBytes: 1_000_000, maxSize: PixelSize(width: 10, height: 10)))
        }
        // Animated but within the limit: nothing to do, so nothing refused.
        #expect(try ImageResizer.fit(animated, within: ImageLimit(maxBytes: 1_000_000)).bytes == animated)
    }

    @Test func anAPNGAndAnAnimatedWebPAreRefused() throws {
        // An acTL chunk after IHDR is what makes a PNG an APNG (its CRC is not checked before refusing).
        let png = try Self.image(.png, width: 64, height: 64)
        let acTL: [UInt8] = [0, 0, 0, 8] + Array("acTL".utf8) + [0, 0, 0, 2, 0, 0, 0, 0] + [0, 0, 0, 0]
        let apng = Array(png[..<33]) + acTL + Array(png[33...])
        #expect(throws: ImageResizeError.animated(.png)) {
            try ImageResizer.fit(apng, within: ImageLimit(maxBytes: 100, maxSize: PixelSize(width: 8, height: 8)))
        }
        // A VP8X header with the animation flag, as animated WebP files start.
        let vp8x: [UInt8] = Array("VP8X".utf8) + [10, 0, 0, 0, 0x02, 0, 0, 0, 63, 0, 0, 63, 0, 0]
        let webp = Array("RIFF".utf8) + [UInt8(4 + vp8x.count), 0, 0, 0] + Array("WEBP".utf8) + vp8x
        #expect(ImageAnimation.isAnimated(webp, format: .webp))
        #expect(throws: ImageResizeError.animated(.webp)) {
            try ImageResizer.fit(webp, within: ImageLimit(maxBytes: 10, maxSize: PixelSize(width: 8, height: 8)))
        }
        #expect(!ImageAnimation.isAnimated(try Self.image(.webp, width: 16, height: 16), format: .webp))
    }

    @Test func badImagesGiveTypedErrorsWithAReason() throws {
        #expect(throws: ImageResizeError.notAnImage(.notAnImage)) {
            try ImageResizer.fit(Array("just text, named cat.png".utf8), within: ImageLimit(maxBytes: 1))
        }
        // A real header, then garbage: the header says 200x200, the data cannot be decoded.
        let png = try Self.image(.png, width: 200, height: 200)
        let damaged = Array(png[..<41]) + [UInt8](repeating: 0x5A, count: 500)
        let error = #expect(throws: ImageResizeError.self) {
            try ImageResizer.fit(damaged, within: ImageLimit(maxBytes: 100_000, maxSize: PixelSize(width: 10, height: 10)))
        }
        #expect(error == .undecodable(.png))
        #expect(error?.description.contains("damaged") == true)
        // A limit no image can meet.
        let jpeg = try Self.image(.jpeg, width: 100, height: 100)
        let tooSmall = #expect(throws: ImageResizeError.self) { try ImageResizer.fit(jpeg, within: ImageLimit(maxBytes: 20)) }
        guard case let .cannotFit(format, smallest, limit)? = tooSmall else { Issue.record("\(String(describing: tooSmall))"); return }
        #expect(format == .jpeg && limit == 20 && smallest > 20)
    }

    /// `frames` 16x16 palette frames of different colours, through libgd's animated GIF writer.
    static func animatedGIF(frames: Int) throws -> [UInt8] {
        var out: [UInt8] = []
        var length: Int32 = 0
        var previous: gdImagePtr?
        defer { if let previous { gdImageDestroy(previous) } }
        for index in 0..<frames {
            let frame = try #require(gdImageCreate(16, 16))
            _ = gdImageColorAllocate(frame, Int32(index * 100), 0, 0)
            _ = gdImageColorAllocate(frame, 0, 0, 255)
            if index == 0 {
                let begin = try #require(gdImageGifAnimBeginPtr(frame, &length, 1, 0))
                out += Array(UnsafeRawBufferPointer(start: begin, count: Int(length)))
                gdFree(begin)
            }
            let add = try #require(gdImageGifAnimAddPtr(frame, &length, 1, 0, 0, 10, 1, nil))
            out += Array(UnsafeRawBufferPointer(start: add, count: Int(length)))
            gdFree(add)
            if let previous { gdImageDestroy(previous) }
            previous = frame
        }
        let end = try #require(gdImageGifAnimEndPtr(&length))
        out += Array(UnsafeRawBufferPointer(start: end, count: Int(length)))
        gdFree(end)
        return out
    }
}
