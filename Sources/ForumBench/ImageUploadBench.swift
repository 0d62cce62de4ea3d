import Common
import Forum
import Foundation

/// `forum-bench upload-image API_BASE FILE COUNT`: uploads FILE (a PNG, JPEG, GIF or WebP)
/// COUNT times through the Imgur client to an Imgur-compatible host (the sandbox) and prints the
/// time per upload and the process's memory before and after, for scripts/bench-images.sh. The
/// bytes are read from the file in 64 KiB pieces straight into the request body, as the outbox
/// reads them from the store: the body is the one copy in memory.
enum ImageUploadBench {
    static func run(_ arguments: [String]) async -> Int32 {
        guard arguments.count == 3, let base = URL(string: arguments[0]), let count = Int(arguments[2]), count > 0 else {
            FileHandle.standardError.write(Data("usage: forum-bench upload-image API_BASE FILE COUNT\n".utf8))
            return 64
        }
        let path = arguments[1]
        do {
            let head = try readAll(path, limit: 64)
            guard let format = ImageFormat(magic: head) else {
                FileHandle.standardError.write(Data("forum-bench: \(path) is not a PNG, JPEG, GIF or WebP\n".utf8))
                return 65
            }
            var hasher = try SHA256Hasher()
            var size = 0
            try stream(path) { piece in
                hasher.update(piece)
                size += piece.count
            }
            let image = ImageUpload(hash: hasher.finish(), format: format, byteCount: size) { sink in try stream(path, sink) }
            let host = try ImgurHost(apiBase: base, credential: .clientID("forum-bench"),
                                     client: try HTTPClient(settings: HTTPSettings(userAgent: "missive/bench")))
            let before = ForumBench.memory()
            let start = ContinuousClock.now
            for _ in 0..<count {
                let outcome = await host.upload(image)
                guard case .uploaded = outcome else {
                    FileHandle.standardError.write(Data("forum-bench: \(outcome)\n".utf8))
                    return 1
                }
            }
            let elapsed = ContinuousClock.now - start
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            let after = ForumBench.memory()
            print(String(format: "client: %d uploads of %d bytes in %.3f s = %.1f ms each", count, size, seconds, seconds * 1000 / Double(count)))
            print("  RSS before \(before.rss) KiB, after \(after.rss) KiB, peak \(after.peak) KiB")
            return 0
        } catch {
            FileHandle.standardError.write(Data("forum-bench: \(error)\n".utf8))
            return 1
        }
    }

    private static func readAll(_ path: String, limit: Int) throws -> [UInt8] {
        var bytes: [UInt8] = []
        try stream(path) { piece in if bytes.count < limit { bytes += piece.prefix(limit - bytes.count) } }
        return bytes
    }

    private static func stream(_ path: String, _ sink: (UnsafeRawBufferPointer) throws -> Void) throws {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        while let chunk = try handle.read(upToCount: 1 << 16), !chunk.isEmpty {
            try chunk.withUnsafeBytes { try sink($0) }
        }
    }
}
