import Common
import Foundation

public enum CookieJarError: MissiveError, Equatable {
    case unusable(path: String, reason: String)
    /// The jar is a symbolic link: refused (see `CookieJar`).
    case symbolicLink(path: String, target: String)
    /// The file is not a cookie jar any more (too large, binary): it cannot be used as it is.
    case damaged(path: String, reason: String)

    public var status: ExitStatus {
        switch self {
        case .unusable, .symbolicLink: .cantCreate
        case .damaged: .dataError
        }
    }

    public var description: String {
        switch self {
        case let .unusable(path, reason): "cookie jar \(path): \(reason)"
        case let .symbolicLink(path, target):
            "cookie jar \(path) is a symbolic link (to \(target)); Missive keeps a session only in a file of its own: "
                + "remove the link (rm \(path)) and run `missive login` again"
        case let .damaged(path, reason):
            "cookie jar \(path) cannot be used: \(reason); remove it (rm \(path)) or run `missive logout`, then log in again"
        }
    }
}

/// A profile's jar: a Netscape cookie file, private to the user, read and written by Missive
/// itself (libcurl is never given the path: it would follow a link, truncate and rewrite it).
///
/// A jar that is a symbolic link is refused rather than followed: the session is a password in
/// all but name, and a link can put it in a folder others read (a synced or shared dotfiles
/// repository) or let whoever placed the link choose the file Missive overwrites. config.toml, which
/// holds no secret, is written through its link on purpose; the jar is not.
public enum CookieJar {
    static let header = "# Netscape HTTP Cookie File\n# Written by Missive: a forum session. Keep it private.\n\n"

    /// The jar's cookie lines, or none when there is no jar yet.
    static func load(_ jar: URL, makePrivate: Bool) throws(CookieJarError) -> [String] {
        do {
            return try CookieFile.lines(jar, makePrivate: makePrivate)
        } catch .missing {
            return []
        } catch {
            throw failure(error, at: jar)
        }
    }

    /// Creates the jar's folder (0700) when missing, so the first write cannot fail for want of it.
    static func prepareDirectory(_ jar: URL) throws(CookieJarError) {
        let directory = jar.deletingLastPathComponent()
        do {
            try MissivePaths.createPrivateDirectory(directory)
        } catch {
            throw .unusable(path: jar.path, reason: "cannot create \(directory.path)")
        }
    }

    /// Replaces the jar with these cookie lines (a new private file renamed over it).
    static func save(_ lines: [String], to jar: URL) throws(CookieJarError) {
        do {
            try PrivateFile.write(Data((header + lines.map { $0 + "\n" }.joined()).utf8), to: jar)
        } catch {
            throw .unusable(path: jar.path, reason: error.reason)
        }
    }

    /// Leaves the jar holding no cookie, whatever it held (a damaged jar included).
    public static func forget(_ jar: URL) throws(CookieJarError) {
        try replace(with: [], at: jar)
    }

    /// Puts these cookie lines in the jar in place of what it held (an import from a browser).
    /// A link is still refused: removing it is the user's call.
    public static func replace(with lines: [String], at jar: URL) throws(CookieJarError) {
        if PrivateFile.isSymbolicLink(jar.path) {
            throw .symbolicLink(path: jar.path, target: (try? FileManager.default.destinationOfSymbolicLink(atPath: jar.path)) ?? "?")
        }
        try prepareDirectory(jar)
        try save(lines, to: jar)
    }

    static func failure(_ problem: CookieFile.Problem, at jar: URL) -> CookieJarError {
        switch problem {
        case let .symbolicLink(target): .symbolicLink(path: jar.path, target: target)
        case .tooLarge, .binary: .damaged(path: jar.path, reason: problem.reason)
        case .missing, .directory, .notAFile, .unreadable: .unusable(path: jar.path, reason: problem.reason)
        }
    }
}
