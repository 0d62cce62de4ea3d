import Common
import Foundation

/// A local image opened for keeping: checked (a regular, readable, non-empty file within the
/// size limit, with a PNG, JPEG, GIF or WebP header stating its pixel size) and held open, so
/// what is checked is what is copied even if the path is renamed or replaced meanwhile.
public final class LocalImageFile: ByteSource {
    /// The path as the draft names it, for messages.
    public let path: String
    public let byteCount: Int
    public let format: ImageFormat
    public let pixelSize: PixelSize
    private let descriptor: Int32

    /// Opens and checks `resolvedPath`; errors name `path`. `limit` is the host's largest image in bytes.
    public init(path: String, resolvedPath: String, limit: Int) throws(ImageFileError) {
        self.path = path
        // O_NONBLOCK: opening a FIFO someone named as an image must not wait for a writer.
        let fd = open(resolvedPath, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw ImageFileError(path: path, problem: Self.openProblem(errno, resolvedPath)) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw ImageFileError(path: path, problem: .readFailed(reason: reason))
        }
        descriptor = fd
        byteCount = Int(info.st_size)
        do {
            guard info.st_mode & S_IFMT == S_IFREG else {
                throw ImageFileError(path: path, problem: .notAFile(kind: Self.kind(of: info.st_mode)))
            }
            guard byteCount > 0 else { throw ImageFileError(path: path, problem: .empty) }
            guard byteCount <= limit else {
                throw ImageFileError(path: path, problem: .tooLarge(bytes: byteCount, limit: limit))
            }
            let header = try ImageHeader.read(DescriptorBytes(descriptor: fd, path: path))
            format = header.format
            pixelSize = header.size
        } catch let error as ImageFileError {
            close(fd)
            throw error
        } catch let problem as ImageHeaderProblem {
            close(fd)
            throw ImageFileError(path: path, problem: .header(problem))
        } catch {
            close(fd)
            throw ImageFileError(path: path, problem: .readFailed(reason: String(describing: error)))
        }
    }

    deinit { close(descriptor) }

    public func bytes(at offset: Int, count: Int) throws -> [UInt8] {
        try DescriptorBytes(descriptor: descriptor, path: path).bytes(at: offset, count: count)
    }

    /// Hands the whole file to `body` in pieces of `chunkSize` bytes through one reused buffer.
    /// Exactly `byteCount` bytes, or `changedWhileReading` if the file shrank or grew.
    public func stream(chunkSize: Int = 1 << 16, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        var buffer = [UInt8](repeating: 0, count: max(chunkSize, 1))
        var offset = 0
        try buffer.withUnsafeMutableBytes { raw in
            while true {
                let want = offset < byteCount ? min(raw.count, byteCount - offset) : 1
                let got = pread(descriptor, raw.baseAddress, want, off_t(offset))
                if got < 0 {
                    if errno == EINTR { continue }
                    throw ImageFileError(path: path, problem: .readFailed(reason: String(cString: strerror(errno))))
                }
                if offset >= byteCount {
                    // One byte past the size checked at open: there must be none.
                    if got != 0 { throw ImageFileError(path: path, problem: .changedWhileReading) }
                    return
                }
                if got == 0 { throw ImageFileError(path: path, problem: .changedWhileReading) }
                try body(UnsafeRawBufferPointer(rebasing: raw[0..<got]))
                offset += got
            }
        }
    }

    private static func openProblem(_ code: Int32, _ resolvedPath: String) -> ImageFileError.Problem {
        switch code {
        case ENOENT, ENOTDIR:
            var info = stat()
            if lstat(resolvedPath, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
                let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: resolvedPath)) ?? "?"
                return .brokenLink(target: target)
            }
            return .missing
        case ELOOP: return .brokenLink(target: "itself (a loop of links)")
        case EACCES, EPERM: return .unreadable(reason: "permission denied")
        default: return .readFailed(reason: String(cString: strerror(code)))
        }
    }

    private static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a directory"
        case S_IFIFO: "a named pipe"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFSOCK: "a socket"
        default: "not a regular file"
        }
    }
}

/// `pread` on an open file, as a `ByteSource` (the header is read before the file object exists).
private struct DescriptorBytes: ByteSource {
    let descriptor: Int32
    let path: String

    func bytes(at offset: Int, count: Int) throws -> [UInt8] {
        guard count > 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = buffer.withUnsafeMutableBytes { raw in
                pread(descriptor, raw.baseAddress.map { $0 + filled }, count - filled, off_t(offset + filled))
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw ImageFileError(path: path, problem: .readFailed(reason: String(cString: strerror(errno))))
            }
            if got == 0 { break }
            filled += got
        }
        return Array(buffer.prefix(filled))
    }
}
