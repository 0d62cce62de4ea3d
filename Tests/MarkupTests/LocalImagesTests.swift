import Common
import Markup
import Testing

@Suite struct LocalImagesTests {
    let base = ImagePathBase(workingDirectory: "/work/drafts", home: "/home/goon")

    @Test func localPathsAreResolvedAndURLsStay() {
        let markdown = """
            ![a](cat.png) ![b](~/pics/dog.jpg) ![c](/abs/x.gif) ![d](../up/y.webp)
            ![e](https://i.imgur.com/abc.png) ![f](//cdn.example/z.png) ![g](data:image/png;base64,AAAA)
            ![h](file:///tmp/f.png) ![i](file://elsewhere/g.png) ![j](<my pic.png>) ![k]()
            """
        let found = LocalImages.find(in: markdown, base: base)
        #expect(found.map(\.location) == [
            .local(path: "cat.png", resolved: "/work/drafts/cat.png"),
            .local(path: "~/pics/dog.jpg", resolved: "/home/goon/pics/dog.jpg"),
            .local(path: "/abs/x.gif", resolved: "/abs/x.gif"),
            .local(path: "../up/y.webp", resolved: "/work/drafts/../up/y.webp"),
            .remote, .remote, .remote,
            .local(path: "file:///tmp/f.png", resolved: "/tmp/f.png"),
            .remote,
            .local(path: "my pic.png", resolved: "/work/drafts/my pic.png"),
            .remote,
        ])
        #expect(LocalImages.local(in: markdown, base: base).count == 6)
    }

    @Test func imagesInCodeAreTextAndReferenceImagesAreFound() {
        let markdown = """
            `![no](code.png)`

                ![no](block.png)

            ```
            ![no](fence.png)
            ```

            ![yes *really*][pic]

            [pic]: ./ref.png "The title"
            """
        let found = LocalImages.find(in: markdown, base: base)
        #expect(found.count == 1)
        #expect(found.first?.target == "./ref.png")
        #expect(found.first?.altText == "yes really")
        #expect(found.first?.title == "The title")
    }

    @Test func rewritingReplacesOnlyTheLocalImagesAndKeepsEveryOtherByte() throws {
        let markdown = "Hi **there** ![cat](cat.png \"Puss\") and ![web](https://x.example/a.png)\r\n> quote\t![dog *d*](~/dog.jpg)\n"
        let images = LocalImages.find(in: markdown, base: base)
        let rewritten = try LocalImages.rewrite(markdown, images: images) { image in
            switch image.target {
            case "cat.png": "https://i.imgur.com/Cat.png"
            case "~/dog.jpg": "https://i.imgur.com/Dog_1.jpg"
            default: nil
            }
        }
        #expect(rewritten == "Hi **there** ![cat](<https://i.imgur.com/Cat.png> \"Puss\") and ![web](https://x.example/a.png)\r\n"
                + "> quote\t![dog d](<https://i.imgur.com/Dog_1.jpg>)\n")
        // Read back, the draft now has hosted images only.
        let again = LocalImages.find(in: rewritten, base: base)
        #expect(again.map(\.target) == ["https://i.imgur.com/Cat.png", "https://x.example/a.png", "https://i.imgur.com/Dog_1.jpg"])
        // The outbox names the large ones; the converter writes those as SA's [timg], even strict.
        for strict in [false, true] {
            let options = ConversionOptions(strict: strict, largeImages: ["https://i.imgur.com/Dog_1.jpg"])
            #expect(BBCodeConverter(dialect: .somethingawful, options: options).convert(rewritten)
                    == "Hi [b]there[/b] [img]https://i.imgur.com/Cat.png[/img] and [img]https://x.example/a.png[/img]\n\n"
                    + "[quote]\nquote\t[timg]https://i.imgur.com/Dog_1.jpg[/timg]\n[/quote]")
        }
    }

    @Test func anImageOverTwoLinesAndAReferenceImageAreRewrittenWhole() throws {
        let markdown = "Look: ![a long\ndescription](cat.png) ok\n\n![r][ref] too\n\n[ref]: cat.png\n"
        let images = LocalImages.find(in: markdown, base: base)
        #expect(images.allSatisfy { $0.sourceRange != nil })
        let rewritten = try LocalImages.rewrite(markdown, images: images) { _ in "https://h.example/c.png" }
        #expect(rewritten == "Look: ![a long description](<https://h.example/c.png>) ok\n\n![r](<https://h.example/c.png>) too\n\n[ref]: cat.png\n")
    }

    @Test func anImageWhosePositionIsUnknownIsRefusedNotGuessed() {
        let image = DraftImage(target: "cat.png", title: "", altText: "", location: .remote, sourceRange: nil)
        #expect(throws: ImageRewriteError(target: "cat.png")) {
            try LocalImages.rewrite("![](cat.png)", images: [image]) { _ in "https://x/y.png" }
        }
        #expect((try? LocalImages.rewrite("text", images: [image]) { _ in nil }) == "text")
    }

    @Test func multibyteTextBeforeAnImageKeepsItsPosition() throws {
        let markdown = "Ünïcödé 🐱 ![é](ü.png)"
        let images = LocalImages.find(in: markdown, base: base)
        let rewritten = try LocalImages.rewrite(markdown, images: images) { _ in "https://h/x.png" }
        #expect(rewritten == "Ünïcödé 🐱 ![é](<https://h/x.png>)")
    }
}

@Suite struct ThumbnailRuleTests {
    @Test func somethingAwfulThumbnailsImagesOver800By600() {
        let rule = Dialect.somethingawful.thumbnailRule
        #expect(rule == ThumbnailRule(maxWidth: 800, maxHeight: 600, tag: "timg"))
        #expect(rule?.wantsThumbnail(PixelSize(width: 800, height: 600)) == false)
        #expect(rule?.wantsThumbnail(PixelSize(width: 801, height: 10)) == true)
        #expect(rule?.wantsThumbnail(PixelSize(width: 10, height: 601)) == true)
    }

    @Test(arguments: [Dialect.vbulletin, .phpbb, .xenforo])
    func otherDialectsUseTheirOneImageTagForLargeImagesToo(dialect: Markup.Dialect) {
        #expect(dialect.thumbnailRule == nil)
        let options = ConversionOptions(largeImages: ["https://h/x.png"])
        let bbcode = BBCodeConverter(dialect: dialect, options: options).convert("![x](https://h/x.png)")
        #expect(bbcode.lowercased() == "[img]https://h/x.png[/img]")
    }

    @Test func misagoTakesAMarkdownImage() {
        #expect(Dialect.misago.thumbnailRule == nil)
        let options = ConversionOptions(largeImages: ["https://h/x.png"])
        #expect(BBCodeConverter(dialect: .misago, options: options).convert("![x](https://h/x.png)").contains("![x](<https://h/x.png>)"))
    }
}
