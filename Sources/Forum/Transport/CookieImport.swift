import Common
import Foundation

public enum CookieImportError: MissiveError, Equatable {
    case unreadable(file: String, reason: String)
    /// No `bbuserid` cookie for the forum's host: the browser was not logged in, or the export
    /// was of another site.
    case noSession(file: String, host: String)
    case expired(file: String, host: String)

    public var status: ExitStatus {
        switch self {
        case .unreadable: .noInput
        case .noSession, .expired: .dataError
        }
    }

    public var description: String {
        switch self {
        case let .unreadable(file, reason):
            "cannot read the cookies in \(file): \(reason)"
        case let .noSession(file, host):
            "\(file) holds no bbuserid cookie for \(host), so no session to import: log in to the forum in the browser, "
                + "then export that site's cookies in Netscape cookies.txt format"
        case let .expired(file, host):
            "the bbuserid cookie for \(host) in \(file) has expired: log in to the forum in the browser again and export anew"
        }
    }
}

/// A browser's cookies.txt export (Netscape format, as cookie-export extensions write it), cut
/// down to the forum's own cookies: the jar must not carry every site the browser knows.
public enum CookieImport {
    /// The lines for `host`, checked to hold a live `bbuserid` (the forum's session cookie).
    public static func lines(from file: URL, host: String, now: Date = Date()) throws(CookieImportError) -> [String] {
        // The user named this file, so a link to their export is fine to read (only read).
        let source = PrivateFile.target(of: file) ?? file
        let all: [String]
        do {
            all = try CookieFile.lines(source)
        } catch {
            throw .unreadable(file: file.path, reason: error.reason)
        }
        let kept = all.filter { Cookie(netscapeLine: $0)?.applies(to: host) == true }
        let sessions = kept.compactMap(Cookie.init(netscapeLine:)).filter { $0.name == "bbuserid" && !$0.value.isEmpty }
        guard !sessions.isEmpty else { throw .noSession(file: file.path, host: host) }
        let seconds = Int(now.timeIntervalSince1970)
        guard sessions.contains(where: { $0.expires == 0 || $0.expires > seconds }) else { throw .expired(file: file.path, host: host) }
        return kept
    }
}
