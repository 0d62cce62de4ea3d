import Common
import Foundation
import Outbox
import Store
import Testing

/// `--resize` at queue time: an image over the host's limit is refused (with the hint) unless the
/// user allows a smaller copy, which is then what the store keeps. Real images made by libgd.
@Suite struct ImageResizeKeepTests {
    let limit = 60_000

    func bytes(of hash: ContentHash, in blobs: ImageBlobs) throws -> [UInt8] {
        var out: [UInt8] = []
        try blobs.stream(hash) { out += $0 }
        return out
    }

    @Test(arguments: [ImageFormat.png, .jpeg])
    func anImageOverTheLimitIsRefusedWithTheHintUnlessResizeIsGiven(_ format: ImageFormat) throws {
        let folder = try ImageScratch()
        defer { folder.remove() }
        let original = try ImageResizerTests.image(format, width: 600, height: 450)
        try #require(original.count > limit)
        try folder.write("big", original)
        let blobs = folder.blobs

        #expect {
            _ = try folder.keepImages(of: "![b](big)", limit: limit)
        } throws: { error in
            let error = error as? DraftImagesError
            return error?.problems.map(\.problem) == [.tooLarge(bytes: original.count, limit: limit)]
                && error?.description.contains("--resize") == true
        }
        #expect(try blobs.all().isEmpty)

        let kept = try folder.keepImages(of: "![b](big)", limit: limit, resize: true)
        let copy = try #require(kept.first?.kept)
        let stored = try bytes(of: copy.hash, in: blobs)
        #expect(stored.count == copy.byteCount)
        #expect(copy.byteCount <= limit)
        #expect(copy.format == format)
        #expect(try copy.hash == ContentHash.of(stored))
        #expect(copy.pixelSize.width < 600 && copy.pixelSize.height < 450)
        #expect(ImageResizerTests.decodedSize(stored, format) == copy.pixelSize)
        // The aspect ratio is kept (to a pixel).
        #expect(abs(copy.pixelSize.width * 3 - copy.pixelSize.height * 4) <= 4)
    }

    @Test func anImageWithinTheLimitIsKeptAsItIsEvenWithResize() throws {
        let folder = try ImageScratch()
        defer { folder.remove() }
        let original = try ImageResizerTests.image(.png, width: 40, height: 30)
        try folder.write("small.png", original)
        let blobs = folder.blobs
        let kept = try folder.keepImages(of: "![s](small.png)", limit: limit, resize: true)
        #expect(try bytes(of: try #require(kept.first).kept.hash, in: blobs) == original)
    }

    @Test func anAnimatedOrDamagedImageOverTheLimitIsRefusedEvenWithResize() throws {
        let folder = try ImageScratch()
        defer { folder.remove() }
        let animated = try ImageResizerTests.animatedGIF(frames: 2)
        try folder.write("moving.gif", animated)
        try folder.write("good.png", try ImageResizerTests.image(.png, width: 10, height: 10))
        try folder.write("words.png", [UInt8](repeating: 0x41, count: 500))
        let blobs = folder.blobs
        #expect {
            _ = try folder.keepImages(of: "![g](good.png) ![m](moving.gif) ![w](words.png)", limit: animated.count - 1, resize: true)
        } throws: { error in
            let error = error as? DraftImagesError
            return error?.problems.map(\.path) == ["moving.gif", "words.png"]
                && error?.problems.first?.problem == .notResizable(.animated(.gif))
                && error?.problems.first?.description.hasPrefix("image moving.gif: it is an animated GIF") == true
                && error?.problems.last?.problem == .notResizable(.notAnImage(.notAnImage))
                && error?.status == .dataError
        }
        #expect(try blobs.all().isEmpty, "nothing is kept, not even the good image")
    }

    @Test func unusedImagesGoUnlessKeptAgainSince() throws {
        let folder = try ImageScratch()
        defer { folder.remove() }
        let blobs = folder.blobs
        let one = try blobs.keep(bytes: try ImageResizerTests.image(.png, width: 8, height: 8, seed: 1), format: .png,
                                 pixelSize: PixelSize(width: 8, height: 8), now: ImageScratch.now)
        let sameContent = try ImageResizerTests.image(.png, width: 9, height: 9, seed: 2)
        let first = try blobs.keep(bytes: sameContent, format: .png, pixelSize: PixelSize(width: 9, height: 9), now: ImageScratch.now)
        // Another queue call keeps the same content later: the first call's refusal must leave it.
        let again = try blobs.keep(bytes: sameContent, format: .png, pixelSize: PixelSize(width: 9, height: 9),
                                   now: ImageScratch.now.addingTimeInterval(5))
        #expect(again.hash == first.hash && again.keptAt != first.keptAt)
        #expect(try blobs.removeUnused([one, first]) == 1)
        #expect(try blobs.all().map(\.hash) == [first.hash])
        #expect(try blobs.removeUnused(keptBefore: ImageScratch.now.addingTimeInterval(5)) == 0, "kept at the cutoff: a queue call may be using it")
        #expect(try blobs.removeUnused(keptBefore: ImageScratch.now.addingTimeInterval(6)) == 1)
        #expect(try blobs.all().isEmpty)
    }
}
