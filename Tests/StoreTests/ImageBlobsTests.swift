import Common
import Foundation
import GRDB
import Store
import Testing

/// A PNG's signature and IHDR chunk (the header is all that is checked) followed by `body` bytes.
func pngBytes(width: Int, height: Int, body: Int = 100) -> [UInt8] {
    func be(_ value: Int) -> [UInt8] { (0..<4).reversed().map { UInt8((value >> ($0 * 8)) & 0xFF) } }
    let header: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        + be(width) + be(height) + [8, 6, 0, 0, 0, 0, 0, 0, 0]
    return header + (0..<body).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
}

/// Files in a temp folder, made the ways a draft's image can go wrong.
struct ImageFolder {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("missive-images-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    @discardableResult
    func write(_ name: String, _ bytes: [UInt8], mode: Int = 0o644) throws -> String {
        let path = path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        return path
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}

@Suite struct LocalImageFileTests {
    let limit = 1 << 20

    func problem(_ path: String, limit: Int? = nil) -> ImageFileError.Problem? {
        do {
            _ = try LocalImageFile(path: "pics/x.png", resolvedPath: path, limit: limit ?? self.limit)
            return nil
        } catch {
            #expect(error.description.hasPrefix("image pics/x.png: "))
            return error.problem
        }
    }

    @Test func aGoodImageIsOpenedWithItsFormatAndSize() throws {
        let folder = try ImageFolder()
        defer { folder.remove() }
        // Named .jpg, but its bytes are a PNG's: the bytes decide.
        let path = try folder.write("really-a-png.jpg", pngBytes(width: 1200, height: 900))
        let file = try LocalImageFile(path: "really-a-png.jpg", resolvedPath: path, limit: limit)
        #expect(file.format == .png)
        #expect(file.pixelSize == PixelSize(width: 1200, height: 900))
        #expect(file.byteCount == 133)
    }

    @Test func eachBadImageSaysWhichFileAndWhy() throws {
        let folder = try ImageFolder()
        defer { folder.remove() }
        #expect(problem(folder.path("nope.png")) == .missing)
        #expect(problem(folder.path("nope/inside.png")) == .missing)
        #expect(problem(folder.directory.path) == .notAFile(kind: "a directory"))
        try folder.write("text.png", Array("this is not a picture\n".utf8))
        #expect(problem(folder.path("text.png")) == .header(.notAnImage))
        try folder.write("cut.png", Array(pngBytes(width: 9, height: 9).prefix(20)))
        #expect(problem(folder.path("cut.png")) == .header(.truncated(.png)))
        try folder.write("empty.png", [])
        #expect(problem(folder.path("empty.png")) == .empty)
        try folder.write("big.png", pngBytes(width: 9, height: 9, body: 2000))
        #expect(problem(folder.path("big.png"), limit: 1000) == .tooLarge(bytes: 2033, limit: 1000))
        try FileManager.default.createSymbolicLink(atPath: folder.path("dangling.png"), withDestinationPath: folder.path("gone.png"))
        #expect(problem(folder.path("dangling.png")) == .brokenLink(target: folder.path("gone.png")))
        #expect(mkfifo(folder.path("pipe.png"), 0o600) == 0)
        #expect(problem(folder.path("pipe.png")) == .notAFile(kind: "a named pipe"))
    }

    @Test(.enabled(if: geteuid() != 0, "root reads a file whatever its mode"))
    func anUnreadableImageSaysSo() throws {
        let folder = try ImageFolder()
        defer { folder.remove() }
        try folder.write("secret.png", pngBytes(width: 9, height: 9), mode: 0o000)
        #expect(problem(folder.path("secret.png")) == .unreadable(reason: "permission denied"))
    }

    @Test func theMessagesNameTheFileAndTheReason() {
        #expect(ImageFileError(path: "~/cat.png", problem: .missing).description == "image ~/cat.png: there is no such file")
        #expect(ImageFileError(path: "a.png", problem: .tooLarge(bytes: 15_000_000, limit: 10_485_760)).description
                == "image a.png: it is 14 MiB, more than the image host's limit of 10 MiB; queue it with --resize to send it scaled down")
        #expect(ImageFileError(path: "a.png", problem: .header(.notAnImage)).status == .dataError)
        #expect(ImageFileError(path: "a.png", problem: .unreadable(reason: "permission denied")).status == .noPermission)
    }
}

@Suite struct ImageBlobsTests {
    @Test func aKeptImageIsTheFilesBytesNamedByTheirHashAndOutlivesTheFile() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        let folder = try ImageFolder()
        defer { folder.remove() }
        let bytes = pngBytes(width: 640, height: 480, body: 300_000)
        let path = try folder.write("cat.png", bytes)
        // Small pieces, so that the copy takes many of them.
        let blobs = ImageBlobs(store: temp.store, chunkSize: 4096)
        let kept = try blobs.keep(try LocalImageFile(path: "cat.png", resolvedPath: path, limit: 1 << 20), now: now)
        #expect(try kept.hash == ContentHash.of(bytes))
        #expect(kept.format == .png)
        #expect(kept.pixelSize == PixelSize(width: 640, height: 480))
        #expect(kept.byteCount == bytes.count)

        try FileManager.default.removeItem(atPath: path)
        var copy: [UInt8] = []
        var pieces = 0
        try blobs.stream(kept.hash) { piece in
            copy += piece
            pieces += 1
        }
        #expect(copy == bytes)
        #expect(pieces == (bytes.count + 4095) / 4096)
        // And from a store opened afresh.
        #expect(try ImageBlobs(store: temp.reopen()).kept(kept.hash) == kept)
    }

    @Test func theSameContentIsKeptOnceAndAChangedFileIsAnotherImage() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        let folder = try ImageFolder()
        defer { folder.remove() }
        let blobs = ImageBlobs(store: temp.store)
        let first = try folder.write("a.png", pngBytes(width: 10, height: 10))
        let second = try folder.write("b.png", pngBytes(width: 10, height: 10))
        let one = try blobs.keep(try LocalImageFile(path: "a.png", resolvedPath: first, limit: 1 << 20), now: now)
        let two = try blobs.keep(try LocalImageFile(path: "b.png", resolvedPath: second, limit: 1 << 20),
                                 now: now.addingTimeInterval(60))
        // Kept once; keeping it again marks it kept then (see `removeUnused`).
        #expect(one.hash == two.hash && one.byteCount == two.byteCount)
        #expect(two.keptAt == now.addingTimeInterval(60))
        #expect(try blobs.all().count == 1)
        try folder.write("a.png", pngBytes(width: 10, height: 11))
        let edited = try blobs.keep(try LocalImageFile(path: "a.png", resolvedPath: first, limit: 1 << 20), now: now)
        #expect(edited.hash != one.hash)
        #expect(try blobs.all().map(\.hash).sorted(by: { $0.hex < $1.hex }) == [one.hash, edited.hash].sorted(by: { $0.hex < $1.hex }))
        #expect(try temp.store.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM image_blob WHERE sha256 LIKE 'pending%'") } == 0)
    }

    @Test func aFileThatChangesSizeWhileCopiedIsRefusedAndNothingIsKept() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        let folder = try ImageFolder()
        defer { folder.remove() }
        let path = try folder.write("a.png", pngBytes(width: 10, height: 10, body: 10_000))
        let file = try LocalImageFile(path: "a.png", resolvedPath: path, limit: 1 << 20)
        // Opened and checked at 10 033 bytes; an editor then saves a shorter version in place.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 5000)
        try handle.close()
        #expect(throws: ImageFileError(path: "a.png", problem: .changedWhileReading)) {
            try ImageBlobs(store: temp.store).keep(file, now: now)
        }
        #expect(try ImageBlobs(store: temp.store).all().isEmpty)
    }

    @Test func aHashTheStoreDoesNotHoldIsNotFound() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        let missing = try ContentHash.of([1, 2, 3])
        #expect(try ImageBlobs(store: temp.store).kept(missing) == nil)
        #expect(throws: StoreError.notFound(what: "kept image \(missing)")) {
            try ImageBlobs(store: temp.store).stream(missing) { _ in }
        }
    }

    @Test func theMigrationsAreNamedInOrder() throws {
        // Later changes add theirs after these two.
        let known = Store.knownMigrations
        let images = try #require(known.firstIndex(of: "v11 images"))
        #expect(known.dropFirst(images).prefix(2) == ["v11 images", "v12 outbox images"])
    }
}
