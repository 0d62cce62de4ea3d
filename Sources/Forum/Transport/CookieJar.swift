import Foundation
import Common

public enum CookieJarError: MissiveError, Equatable {
    case unusable(path: String, reason: String)

    public var status: ExitStatus { .cantCreate }

    public var description: String {
        switch self {
        case let .unusable(path, reason): "cookie jar \(path): \(reason)"
        }
    }
}

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
}

/// The jar file: private to the user, in the standard format so browser exports can be dropped in.
enum CookieJar {
    /// Creates the jar's folder (0700) and the file (0600) if missing, and tightens an existing one.
    static func prepare(_ jar: URL) throws(CookieJarError) {
        let directory = jar.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .unusable(path: jar.path, reason: "cannot create \(directory.path)")
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: jar.path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { throw .unusable(path: jar.path, reason: "it is a directory") }
        } else {
            let descriptor = open(jar.path, O_CREAT | O_WRONLY | O_EXCL, 0o600)
            guard descriptor >= 0 else { throw .unusable(path: jar.path, reason: String(cString: strerror(errno))) }
            close(descriptor)
        }
        restrictPermissions(jar)
    }

    /// The cookie lines of a jar (Netscape format, `#HttpOnly_` lines included), for libcurl's engine.
    static func lines(_ jar: URL) -> [String] {
        guard let data = FileManager.default.contents(atPath: jar.path) else { return [] }
        return String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).map(String.init).filter { line in
            Cookie(netscapeLine: line) != nil
        }
    }

    /// Leaves the jar holding no cookie (the header line only, as libcurl writes it).
    static func empty(_ jar: URL) {
        let descriptor = open(jar.path, O_WRONLY | O_TRUNC | O_CREAT, 0o600)
        guard descriptor >= 0 else { return }
        let header = "# Netscape HTTP Cookie File\n"
        _ = header.withCString { write(descriptor, $0, strlen($0)) }
        close(descriptor)
        restrictPermissions(jar)
    }

    static func restrictPermissions(_ jar: URL) {
        _ = chmod(jar.path, 0o600)
    }
}
