import Foundation

/// The one way Missive writes a file of the user's (config, cookie jar, editor buffers, exports):
/// a new file only its owner may read (0600 from the moment it exists), made under a random name
/// beside the destination with `O_EXCL | O_NOFOLLOW`, written, flushed to disk and renamed over the
/// destination. Nothing is ever opened, truncated or chmod-ed through a path someone else could
/// have put a link at, and a crash leaves the old file or the new one, never half of either.
///
/// Not `Data.write(to:options: .atomic)`: on Linux it makes its temporary file 0666 less the
/// umask (0644 under the usual 022) and keeps that mode even over a 0600 file, so a cookie jar
/// would be readable by every user; nor does it sync the folder after the rename.
public enum PrivateFile {
    public struct WriteError: Error, Equatable, CustomStringConvertible {
        public var path: String
        public var reason: String

        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }

        public var description: String { "cannot write \(path): \(reason)" }
    }

    /// Replaces `url` with a new private file holding `data`. A symbolic link at `url` is replaced
    /// by the file, not followed (see `target(of:)` for callers that mean to write through one).
    public static func write(_ data: Data, to url: URL) throws(WriteError) {
        let directory = url.deletingLastPathComponent()
        let (descriptor, temporary) = try create(in: directory, beside: url)
        var failure = fill(descriptor, with: data)
        if close(descriptor) != 0, failure == nil { failure = errno }
        if failure == nil, rename(temporary, url.path) != 0 { failure = errno }
        if let failure {
            unlink(temporary)
            throw WriteError(path: url.path, reason: reason(failure, at: url))
        }
        syncDirectory(directory)
    }

    /// The file a symbolic link at `url` finally points to (relative links resolved against the
    /// link's folder), or nil when `url` is not a link. Links are followed at most 32 deep.
    public static func target(of url: URL) -> URL? {
        var current = url
        var followed = false
        for _ in 0..<32 {
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current.path) else {
                return followed ? current : nil
            }
            followed = true
            current = destination.hasPrefix("/")
                ? URL(fileURLWithPath: destination)
                : current.deletingLastPathComponent().appendingPathComponent(destination)
            current = current.standardizedFileURL
        }
        return current
    }

    /// Whether `path` itself (not what it may point to) is a symbolic link.
    public static func isSymbolicLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    // MARK: Steps

    /// A new file under a name no one can have guessed, refusing to open anything already there.
    private static func create(in directory: URL, beside url: URL) throws(WriteError) -> (Int32, String) {
        var lastError: Int32 = EEXIST
        for _ in 0..<8 {
            let token = (0..<4).map { _ in String(UInt32.random(in: 0...UInt32.max), radix: 16) }.joined()
            let path = directory.appendingPathComponent(".\(url.lastPathComponent).\(token).tmp").path
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if descriptor >= 0 {
                // The umask may have taken bits away; the file is ours, so set exactly 0600.
                _ = fchmod(descriptor, 0o600)
                return (descriptor, path)
            }
            lastError = errno
            if lastError != EEXIST && lastError != EINTR { break }
        }
        throw WriteError(path: url.path, reason: reason(lastError, at: url))
    }

    /// Writes every byte and flushes it to the disk; the errno of a failure, or nil.
    private static func fill(_ descriptor: Int32, with data: Data) -> Int32? {
        data.withUnsafeBytes { buffer -> Int32? in
            var written = 0
            while written < buffer.count {
                let result = Foundation.write(descriptor, buffer.baseAddress.map { $0 + written }, buffer.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                written += result
            }
            return fsync(descriptor) == 0 ? nil : errno
        }
    }

    /// The rename is durable only once the folder's entry is on disk; best effort (some file
    /// systems refuse to fsync a folder, and the data itself is already synced).
    private static func syncDirectory(_ directory: URL) {
        let descriptor = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    private static func reason(_ code: Int32, at url: URL) -> String {
        switch code {
        case ENOSPC, EDQUOT: "the disk is full: free some space"
        case EISDIR: "it is a directory"
        default: String(cString: strerror(code))
        }
    }
}
