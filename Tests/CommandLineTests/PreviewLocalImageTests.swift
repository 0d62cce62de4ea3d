import Foundation
import Testing

/// `missive preview` of a Markdown draft with local images, before anything is uploaded: the
/// terminal names each with its size (or why it cannot be sent), the HTML page embeds its bytes.
@Suite struct PreviewLocalImageTests {
    let home: URL
    let work: URL

    init() throws {
        home = try makeTemporaryDirectory("preview-images")
        work = home.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: home.appendingPathComponent("pics"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    }

    /// A PNG header stating `width`x`height`, then filler: the preview reads sizes from headers.
    static func png(width: Int, height: Int, filler: Int = 12_000) -> Data {
        let be32 = { (value: Int) in [24, 16, 8, 0].map { UInt8((value >> $0) & 0xFF) } }
        return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be32(13) + Array("IHDR".utf8)
            + be32(width) + be32(height) + [8, 6, 0, 0, 0] + [0, 0, 0, 0] + (0..<filler).map { UInt8($0 % 251) })
    }

    /// A JPEG whose first segment is the frame header (SOF0) stating `width`x`height`.
    static func jpeg(width: Int, height: Int) -> Data {
        Data([0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 0x08, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8),
              UInt8(width & 0xFF), 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1] + [UInt8](repeating: 0x42, count: 300) + [0xFF, 0xD9])
    }

    func fixtures() throws -> String {
        try Self.png(width: 640, height: 480).write(to: work.appendingPathComponent("cat.png"))
        try Self.jpeg(width: 1024, height: 768).write(to: home.appendingPathComponent("pics/dog.jpg"))
        try Data("not a picture at all".utf8).write(to: work.appendingPathComponent("notes.png"))
        try Data(Self.png(width: 10, height: 10).prefix(14)).write(to: work.appendingPathComponent("cut.png"))
        let draft = """
            Cat ![cat](cat.png) dog ![dog](~/pics/dog.jpg)

            Gone ![gone](gone.gif) text ![notes](notes.png) cut ![cut](cut.png) web ![web](https://i.example/w.png)

            `![code](cat.png)` stays code.
            """
        let file = work.appendingPathComponent("post.md")
        try Data(draft.utf8).write(to: file)
        return file.path
    }

    func preview(_ arguments: [String]) throws -> CommandResult {
        try runMissive(["preview"] + arguments, environment: ["MISSIVE_HOME": home.appendingPathComponent("missive").path,
                                                               "HOME": home.path], directory: work)
    }

    @Test func theTerminalNamesEachLocalImageWithItsSizeOrWhyItCannotBeSent() throws {
        let file = try fixtures()
        let result = try preview([file, "--width", "400"])
        #expect(result.status == 0, "\(result.errorOutput)")
        let output = result.output
        #expect(output.contains("[image: cat.png, 640x480 PNG, 12 KB]"))
        #expect(output.contains("[image: ~/pics/dog.jpg, 1024x768 JPEG, 323 bytes]"))
        #expect(output.contains("[image: gone.gif: cannot be sent: there is no such file]"))
        #expect(output.contains("[image: notes.png: cannot be sent: it is not a PNG, JPEG, GIF or WebP image"))
        #expect(output.contains("[image: cut.png: cannot be sent: it ends before its PNG header says how large"))
        #expect(output.contains("[image: https://i.example/w.png]"), "a URL stays as it is")
        #expect(output.contains("![code](cat.png)"), "an image in a code span is text")
        #expect(!output.contains("missive-local-image.invalid"), "no stand-in address leaks out")
    }

    @Test func theHTMLPageEmbedsTheBytesAndUsesTheForumsThumbnailTagForLargeImages() throws {
        let file = try fixtures()
        let result = try preview([file, "--html"])
        #expect(result.status == 0, "\(result.errorOutput)")
        let page = result.output
        func sources(_ pattern: String) -> [String] {
            let regex = try? NSRegularExpression(pattern: pattern)
            return regex?.matches(in: page, range: NSRange(page.startIndex..., in: page)).compactMap {
                Range($0.range(at: 1), in: page).map { String(page[$0]) }
            } ?? []
        }
        let pictures = sources(#"<img class="bbc-img" src="([^"]*)""#)
        let thumbnails = sources(#"<img class="bbc-timg" src="([^"]*)""#)
        func decoded(_ uri: String, _ type: String) -> Data? {
            guard uri.hasPrefix("data:\(type);base64,") else { return nil }
            return Data(base64Encoded: String(uri.dropFirst("data:\(type);base64,".count)))
        }
        // cat.png is 640x480: [img], its bytes exactly. dog.jpg is over SA's 800x600: [timg].
        #expect(pictures.first.flatMap { decoded($0, "image/png") } == Self.png(width: 640, height: 480))
        #expect(thumbnails.count == 1)
        #expect(thumbnails.first.flatMap { decoded($0, "image/jpeg") } == Self.jpeg(width: 1024, height: 768))
        // The bad ones are a picture saying what is wrong; the URL one is untouched.
        let notices = pictures.compactMap { decoded($0, "image/svg+xml") }.map { String(decoding: $0, as: UTF8.self) }
        #expect(notices.count == 3)
        #expect(notices.first?.contains("gone.gif: there is no such file") == true)
        #expect(pictures.last == "https://i.example/w.png")
        #expect(!page.contains("missive-local-image.invalid"))
    }

    @Test func otherDialectsUseTheirOwnTagAndBBCodeFilesAreLeftAlone() throws {
        let file = try fixtures()
        let vbulletin = try preview([file, "--html", "--dialect", "vbulletin"])
        #expect(vbulletin.status == 0, "\(vbulletin.errorOutput)")
        #expect(!vbulletin.output.contains("bbc-timg"), "no thumbnail rule outside Something Awful")
        let bbcode = work.appendingPathComponent("post.bbcode")
        try Data("[img]cat.png[/img]".utf8).write(to: bbcode)
        let plain = try preview([bbcode.path, "--format", "bbcode"])
        #expect(plain.output.contains("[img]cat.png[/img]"), "BBCode has no local images; shown as typed")
    }

    /// Headless Chromium draws the page from the file alone: the local picture (a real, solid
    /// magenta PNG, written by Python's zlib) is on the screenshot before anything is uploaded.
    @Test func aBrowserShowsTheEmbeddedImage() throws {
        let picture = work.appendingPathComponent("magenta.png")
        let (made, madeLog) = try runProgram(["python3", "-c", """
            import struct, sys, zlib
            w, h = 300, 200
            raw = b"".join(b"\\x00" + b"\\xff\\x00\\xff" * w for _ in range(h))
            chunk = lambda t, d: struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d))
            png = b"\\x89PNG\\r\\n\\x1a\\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            png += chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")
            open(sys.argv[1], "wb").write(png)
            """, picture.path])
        #expect(made == 0, "\(madeLog)")
        let draft = work.appendingPathComponent("magenta.md")
        try Data("Look:\n\n![magenta](magenta.png)\n".utf8).write(to: draft)
        let page = work.appendingPathComponent("page.html")
        let result = try preview([draft.path, "--html", "--output", page.path])
        #expect(result.status == 0, "\(result.errorOutput)")
        let shot = work.appendingPathComponent("page.png")
        let browser = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }
        let chromium = try #require(browser, "chromium is a test dependency (make test-deps)")
        _ = try runProgram(["timeout", "60", chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                            "--window-size=800,600", "--user-data-dir=\(work.appendingPathComponent("chromium").path)",
                            "--screenshot=\(shot.path)", "file://\(page.path)"], directory: work)
        let (decoded, json) = try runProgram(["python3", "scripts/png-stats.py", shot.path, "--count", "#ff00ff"],
                                             directory: BuiltBinary.packageRoot)
        #expect(decoded == 0, "\(json)")
        let stats = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let counts = try #require(stats["count"] as? [String: Int], "\(json)")
        // 300x200 magenta pixels, all of them on the 800x600 screen.
        #expect(counts["#ff00ff"] == 60_000, "\(json)")
    }
}
