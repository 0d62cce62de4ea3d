import Foundation

/// Writes files that only their owner may read (mode 0600 from the moment they exist, so there is
/// no window in which another user could open them), with the system's own reason on failure.
public enum PrivateFile {
    public struct WriteError: Error, Equatable {
        public var path: String
        public var reason: String
    }

    public static func write(_ data: Data, to url: URL) throws(WriteError) {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw WriteError(path: url.path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        // An existing file keeps its old mode through O_CREAT; make it private too.
        guard fchmod(descriptor, 0o600) == 0 else { throw WriteError(path: url.path, reason: String(cString: strerror(errno))) }
        var written = 0
        let failure: Int32? = data.withUnsafeBytes { buffer in
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
        if let failure { throw WriteError(path: url.path, reason: String(cString: strerror(failure))) }
    }
}
