import Common
import Foundation
import Outbox
import Store
import Testing

@Suite struct DraftImagesTests {
    @Test func aDraftsLocalImagesAreKeptAndItsURLsLeftAlone() throws {
        let folder = try ImageScratch()
        defer { folder.remove() }
        try folder.write("cat.png", ImageUploadTests.png(width: 1000, height: 700, fill: 1))
        let markdown = "![cat](cat.png) ![web](https://x.example/a.png) ![again](\(folder.path("cat.png")))"
        let kept = try folder.keepImages(of: markdown, limit: 1 << 20)
        #expect(kept.map(\.image.target) == ["cat.png", folder.path("cat.png")])
        #expect(kept[0].kept == kept[1].kept)
        #expect(kept[0].kept.pixelSize == PixelSize(width: 1000, height: 700))
        #expect(try folder.blobs.all().count == 1)
    }

    @Test func everyBadImageIsNamedAndNothingIsKept() throws {
        let folder = try ImageScratch()
        defer { folder.remove() }
        try folder.write("good.png", ImageUploadTests.png(width: 10, height: 10, fill: 1))
        try folder.write("notes.png", Array("shopping list\n".utf8))
        let markdown = "![a](good.png) ![b](notes.png) ![c](~/gone.png) ![d](notes.png)"
        do {
            _ = try folder.keepImages(of: markdown, limit: 1 << 20)
            Issue.record("bad images were kept")
        } catch let error as DraftImagesError {
            #expect(error.problems.map(\.path) == ["notes.png", "~/gone.png"])
            #expect(error.description.hasPrefix("2 images cannot be sent; nothing was queued:\n  image notes.png: it is not a PNG"))
            #expect(error.status == .dataError)
        }
        #expect(try folder.blobs.all().isEmpty)
    }
}
