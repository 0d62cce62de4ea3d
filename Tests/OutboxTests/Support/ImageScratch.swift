import Foundation
import Markup
import Outbox
import Store

/// A store and a few image files in one fresh temp folder, for the image tests that need no forum.
struct ImageScratch {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    let directory: URL
    let store: Store
    var blobs: ImageBlobs { ImageBlobs(store: store) }

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("missive-images-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        store = try Store(path: directory.appendingPathComponent(Store.fileName).path)
    }

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    func write(_ name: String, _ bytes: [UInt8]) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path(name)))
    }

    /// Keeps the local images of `markdown` as queueing does, its relative paths taken from here.
    func keepImages(of markdown: String, limit: Int, resize: Bool = false) throws -> [KeptDraftImage] {
        let base = ImagePathBase(workingDirectory: directory.path, home: "/nonexistent")
        return try blobs.keepLocalImages(LocalImages.local(in: markdown, base: base), limit: limit, resize: resize, now: Self.now)
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}
