import Common
import Foundation

/// One upload the sandbox's image host holds, as `/_sandbox/images.json` lists it.
public struct SandboxImage: Sendable, Codable, Equatable {
    public var id: String
    public var deletehash: String
    public var sha256: String
    public var format: ImageFormat
    public var width: Int
    public var height: Int
    public var byteCount: Int
    public var description: String?
    /// The bearer token's account, or nil for an anonymous (client id) upload.
    public var account: String?
    public var uploadedAt: Date
    public var deleted: Bool
}

/// The image host's files: `DIR/ID.EXT` for the bytes and `DIR/ID.json` for what is known about
/// them, so a sandbox started again on the same data directory still serves its images. Every
/// upload is a new image, even of bytes it holds already, as Imgur does: a test counts copies.
actor SandboxImageStore {
    let directory: URL
    private var images: [SandboxImage] = []
    private var loaded = false
    private var queuedFaults: [(fault: ImageFault, retryAfter: Int)] = []

    init(directory: URL) {
        self.directory = directory
    }

    func all() throws -> [SandboxImage] {
        try loadOnce()
        return images
    }

    func image(id: String) throws -> SandboxImage? {
        try loadOnce()
        return images.first { $0.id == id }
    }

    func store(_ bytes: Data, format: ImageFormat, size: PixelSize, description: String?, account: String?, now: Date) throws -> SandboxImage {
        try loadOnce()
        var id = Self.token(7)
        while images.contains(where: { $0.id == id }) { id = Self.token(7) }
        let image = SandboxImage(
            id: id, deletehash: Self.token(15), sha256: try ContentHash.of(bytes).hex, format: format, width: size.width,
            height: size.height, byteCount: bytes.count, description: description, account: account, uploadedAt: now, deleted: false)
        try PrivateFile.write(bytes, to: file(image))
        try save(image)
        images.append(image)
        return image
    }

    /// Deletes by delete hash (anyone) or by id (the owning account). Returns nil if there is no such image.
    func delete(_ key: String, account: String?) throws -> SandboxImage? {
        try loadOnce()
        guard let index = images.firstIndex(where: {
            !$0.deleted && ($0.deletehash == key || (account != nil && $0.account == account && $0.id == key))
        }) else { return nil }
        images[index].deleted = true
        try? FileManager.default.removeItem(at: file(images[index]))
        try save(images[index])
        return images[index]
    }

    func bytes(of image: SandboxImage) -> Data? {
        FileManager.default.contents(atPath: file(image).path)
    }

    func enqueue(_ fault: ImageFault, retryAfter: Int) {
        queuedFaults.append((fault, retryAfter))
    }

    func nextFault() -> (fault: ImageFault, retryAfter: Int)? {
        queuedFaults.isEmpty ? nil : queuedFaults.removeFirst()
    }

    private func file(_ image: SandboxImage) -> URL {
        directory.appendingPathComponent("\(image.id).\(image.format.fileExtension)")
    }

    private func save(_ image: SandboxImage) throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        try PrivateFile.write(try encoder.encode(image), to: directory.appendingPathComponent("\(image.id).json"))
    }

    private func loadOnce() throws {
        guard !loaded else { return }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        images = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }
            .compactMap { name in
                FileManager.default.contents(atPath: directory.appendingPathComponent(name).path)
                    .flatMap { try? decoder.decode(SandboxImage.self, from: $0) }
            }
            .sorted { ($0.uploadedAt, $0.id) < ($1.uploadedAt, $1.id) }
        loaded = true
    }

    private static func token(_ length: Int) -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        return String((0..<length).map { _ in alphabet.randomElement() ?? "a" })
    }
}
