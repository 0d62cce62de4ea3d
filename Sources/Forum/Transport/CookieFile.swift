import Foundation

/// One cookie as libcurl's engine holds it (a line of a Netscape cookie file).
public struct Cookie: Sendable, Equatable {
    public var domain: String
    public var path: String
    public var secure: Bool
    /// Seconds since 1970; 0 for a session cookie.
    public var expires: Int
    public var name: String
    public var value: String

    /// Parses `domain  includeSubdomains  path  secure  expires  name  value` (tab-separated);
    /// `#HttpOnly_` before the domain is how curl and browsers mark HttpOnly cookies.
    public init?(netscapeLine line: String) {
        var text = Substring(line)
        if text.hasPrefix("#HttpOnly_") {
            text = text.dropFirst("#HttpOnly_".count)
        } else if text.hasPrefix("#") || text.trimmingCharacters(in: .whitespaces).isEmpty {
            return nil
        }
        let columns = text.split(separator: "\t", omittingEmptySubsequences: false)
        guard columns.count >= 7 else { return nil }
        domain = String(columns[0])
        path = String(columns[2])
        secure = columns[3].uppercased() == "TRUE"
        expires = Int(columns[4]) ?? 0
        name = String(columns[5])
        value = columns[6...].joined(separator: "\t")
    }

    /// Whether a request to `host` carries this cookie (the domain itself, or a subdomain of it).
    public func applies(to host: String) -> Bool {
        let host = host.lowercased()
        let domain = domain.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "."))
        return !domain.isEmpty && (host == domain || host.hasSuffix("." + domain))
    }
}

/// Reads a Netscape-format cookie file (a jar, or a browser's cookies.txt export) without trusting
/// it: never through a symbolic link, never a FIFO or device, never more than `maximumBytes`.
public enum CookieFile {
    /// A jar holds a few hundred bytes a cookie; a browser's whole export is rarely a tenth of this.
    public static let maximumBytes = 1 << 20

    public enum Problem: Error, Equatable {
        case missing
        case symbolicLink(target: String)
        case directory
        case notAFile
        case tooLarge(bytes: Int)
        case binary
        case unreadable(String)

        /// What is wrong, in a user's words (the caller names the file and the fix).
        public var reason: String {
            switch self {
            case .missing: "it does not exist"
            case let .symbolicLink(target): "it is a symbolic link to \(target)"
            case .directory: "it is a directory"
            case .notAFile: "it is not a regular file"
            case let .tooLarge(bytes): "it is \(bytes) bytes long, far more than any cookie file (at most \(maximumBytes))"
            case .binary: "it holds a NUL byte, so it is not a text cookie file"
            case let .unreadable(reason): reason
            }
        }
    }

    /// The cookie lines (`#HttpOnly_` ones included; comments and other lines left out).
    /// `makePrivate` takes group and other permissions off the file through the descriptor read,
    /// which cannot be a link.
    public static func lines(_ url: URL, makePrivate: Bool = false) throws(Problem) -> [String] {
        var info = stat()
        guard lstat(url.path, &info) == 0 else {
            throw errno == ENOENT ? .missing : .unreadable(String(cString: strerror(errno)))
        }
        switch info.st_mode & S_IFMT {
        case S_IFLNK: throw .symbolicLink(target: (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) ?? "?")
        case S_IFDIR: throw .directory
        case S_IFREG: break
        default: throw .notAFile
        }
        // O_NOFOLLOW and O_NONBLOCK: a link or a FIFO swapped in since the lstat is refused, not waited on.
        let descriptor = open(url.path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw errno == ELOOP ? .symbolicLink(target: "?") : .unreadable(String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { throw .notAFile }
        guard Int(info.st_size) <= maximumBytes else { throw .tooLarge(bytes: Int(info.st_size)) }
        if makePrivate, info.st_mode & 0o077 != 0 { _ = fchmod(descriptor, 0o600) }
        let data = try read(descriptor)
        guard !data.contains(0) else { throw .binary }
        return String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).map(String.init).filter { line in
            Cookie(netscapeLine: line) != nil
        }
    }

    /// Up to one byte past the limit, so a file that grew since fstat is still caught.
    private static func read(_ descriptor: Int32) throws(Problem) -> [UInt8] {
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while data.count <= maximumBytes {
            let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(String(cString: strerror(errno)))
            }
            if count == 0 { return data }
            data += chunk[..<count]
        }
        throw .tooLarge(bytes: data.count)
    }
}
