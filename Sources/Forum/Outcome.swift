import Common
import Foundation

/// What became of a post, an edit, a thread or a PM. Only positive evidence from the forum is `sent`.
public enum PostOutcome: Sendable, Equatable, CustomStringConvertible {
    /// The forum showed the new post, thread or message (or redirected to it).
    case sent(Receipt)
    /// The forum refused it, and sending it again unchanged will not help.
    case rejected(Rejection)
    /// It did not land, and trying again later may work. `after` is the wait the forum named, if any.
    case retryLater(after: Duration?, reason: RetryReason)
    /// It may or may not have landed: reconcile before any retry.
    case unknown(Evidence)

    public init(_ error: ForumError) {
        switch error {
        case let .rejected(rejection): self = .rejected(rejection)
        case let .retryLater(after, reason): self = .retryLater(after: after, reason: reason)
        case let .unexpected(evidence): self = .unknown(evidence)
        }
    }

    public var description: String {
        switch self {
        case let .sent(receipt): "sent: \(receipt)"
        case let .rejected(rejection): "rejected: \(rejection)"
        case let .retryLater(after, reason):
            after.map { "try again in \(Int($0.components.seconds)) s: \(reason)" } ?? "try again later: \(reason)"
        case let .unknown(evidence): "unknown whether it was sent: \(evidence)"
        }
    }
}

/// Proof of a send: what the forum named (a post, thread or PM id) and where it lives.
public struct Receipt: Sendable, Equatable, Codable, CustomStringConvertible {
    public enum Kind: String, Sendable, Codable { case post, thread, privateMessage = "pm", edit }

    public var kind: Kind
    public var id: Int?
    public var url: URL?

    public init(kind: Kind, id: Int? = nil, url: URL? = nil) {
        self.kind = kind
        self.id = id
        self.url = url
    }

    public var description: String {
        let name = switch kind {
        case .post: "post"
        case .thread: "thread"
        case .privateMessage: "private message"
        case .edit: "edited post"
        }
        switch (id, url) {
        case let (id?, url?): return "\(name) \(id) (\(url.absoluteString))"
        case let (id?, nil): return "\(name) \(id)"
        case let (nil, url?): return "\(name) at \(url.absoluteString)"
        case (nil, nil): return name
        }
    }
}

/// Why the forum refused. The description is what a user reads. Codable: the outbox keeps it.
public enum Rejection: Sendable, Equatable, Codable, CustomStringConvertible {
    case threadClosed
    /// The account is banned; `reason` is the page's link to the ban's entry (the Leper's Colony).
    case banned(reason: URL?)
    /// On probation: no posting until the date (when the page gave one we could read).
    case probation(until: Date?, message: String)
    case noPermission(String)
    case noSuchUser(String)
    case notLoggedIn
    case wrongPassword
    /// Longer than the forum accepts.
    case tooLong(limit: Int?, message: String)
    /// Something the forum asked for that the request did not carry (an unknown post icon, ...).
    case invalid(String)
    /// Another error page from the forum, in its own words.
    case forumError(title: String, message: String)
    /// Private messages need the Platinum upgrade on this account.
    case platinumRequired
    /// The thread or forum is in the archives, which need the archives upgrade.
    case archivesRequired
    /// The thread, post, forum or private message named does not exist (`what`), in the forum's words.
    case doesNotExist(what: String, message: String)
    /// A bot check (Cloudflare's "Just a moment...") answered instead of the forum: nothing
    /// reached it, and asking again without a browser's cookies meets the same check.
    case botCheck
    /// The form's security token had expired: nothing was posted, and a fresh form will do.
    case securityTokenExpired(message: String)
    /// The forum's certificate is not trusted (self-signed, another host's, expired): nothing was
    /// sent, and nothing will be until it is (TLS is always verified). `detail`: TLS's words.
    case untrustedCertificate(host: String, detail: String)

    public var description: String {
        switch self {
        case .threadClosed: "the thread is closed"
        case let .banned(reason):
            "the account is banned" + (reason.map { "; the reason: \($0.absoluteString)" } ?? "")
        case let .probation(until, message):
            until.map { "the account is on probation until \(Self.localTime($0))" } ?? "the account is on probation: \(message)"
        case let .noPermission(message): "no permission: \(message)"
        case let .noSuchUser(name): "no such user: \(name)"
        case .notLoggedIn: "not logged in; run `missive login`"
        case .wrongPassword: "the forum did not accept that username and password"
        case let .tooLong(limit, message): limit.map { "too long: the limit is \($0) characters" } ?? "too long: \(message)"
        case let .invalid(message): message
        case let .forumError(title, message): [title, message].filter { !$0.isEmpty }.joined(separator: ": ")
        case let .doesNotExist(what, message): "that \(what) does not exist on the forum (\(message))"
        case .platinumRequired: "private messages need the forum's Platinum upgrade on this account"
        case .archivesRequired: "that is in the forum's archives, which need the archives upgrade on this account"
        case .botCheck:
            "the forum's bot check (Cloudflare) answered instead of the forum; log in with a web browser, "
                + "export its cookies (cookies.txt) and run `missive login --cookies FILE`"
        case let .securityTokenExpired(message): message
        case let .untrustedCertificate(host, detail):
            "the certificate \(host) showed is not trusted (\(detail)); Missive verifies TLS and sends nothing past it. "
                + "Check that the profile's base_url is the forum's own https address, that this machine's clock is right, "
                + "and that its CA certificates are installed (Debian: ca-certificates); a self-signed certificate is refused"
        }
    }

    /// An instant as the reader's own clock shows it (the forum writes US Central time).
    public static func localTime(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = LocalClock.zone
        formatter.dateFormat = "MMMM d, yyyy h:mm a zzz"
        return formatter.string(from: date)
    }

    public var status: ExitStatus {
        switch self {
        case .banned, .probation, .noPermission, .notLoggedIn, .wrongPassword, .threadClosed, .platinumRequired,
             .archivesRequired, .botCheck: .noPermission
        case .noSuchUser: .noUser
        case .doesNotExist: .noInput
        case .tooLong, .invalid: .dataError
        case .forumError, .securityTokenExpired: .failure
        case .untrustedCertificate: .protocolError
        }
    }
}

/// Why to try again later. Codable: the outbox keeps it.
public enum RetryReason: Sendable, Equatable, Codable, CustomStringConvertible {
    /// The forum's flood control, in its words; `interval` is the wait between posts it names
    /// ("wait 30 seconds between posts"), read where the page is classified.
    case floodControl(String, interval: Int? = nil)
    /// The forum's database-error page.
    case databaseError(String)
    /// HTTP 5xx (or 429).
    case serverError(status: Int)
    /// Nothing reached the forum: it could not be reached, or timed out before the request went out.
    case unreachable(String)
    /// A page read before the post (its form, a reconcile marker) could not be read: nothing was posted.
    case unreadable(String)
    /// The post an edit replaces changed on the forum between the read the edit was merged with
    /// and its POST: nothing was posted; the edit is merged with the change and sent again.
    case changedOnTheForum(postID: Int)

    public var description: String {
        switch self {
        case let .floodControl(message, _): "flood control: \(message)"
        case let .databaseError(message): "the forum's database is unavailable: \(message)"
        case let .serverError(status): "the forum answered with HTTP \(status)"
        case let .unreachable(message): message
        case let .unreadable(message): "nothing was posted: \(message)"
        case let .changedOnTheForum(postID):
            "post \(postID) changed on the forum right before the edit went out; nothing was posted, and the edit is merged with "
                + "the change and sent again"
        }
    }
}

/// What we saw when the outcome could not be decided: enough for a log line and for reconcile.
public struct Evidence: Sendable, Equatable, CustomStringConvertible {
    public var summary: String
    public var status: Int?
    public var url: URL?
    /// For reconcile, read before the POST: the newest id that is surely not this send's (a
    /// reply: the thread's last post; a PM: the newest message in Sent Items). Keep it with the
    /// unknown send and hand it back in `Attempt` (`after:`); only what is newer can be this send.
    /// Nil for edits and new threads, which reconcile without one.
    public var reconcileAfter: Int?

    public init(_ summary: String, status: Int? = nil, url: URL? = nil, reconcileAfter: Int? = nil) {
        self.summary = summary
        self.status = status
        self.url = url
        self.reconcileAfter = reconcileAfter
    }

    public var description: String {
        var text = summary
        if let status { text += " (HTTP \(status)" + (url.map { " from \($0.absoluteString))" } ?? ")") }
        return text
    }
}

/// A read from the forum (a quote, a PM, the smilies) that did not work, or a send that did not
/// happen, as an error a command can print.
public enum ForumError: MissiveError, Equatable {
    case rejected(Rejection)
    case retryLater(after: Duration?, reason: RetryReason)
    /// The forum answered with something Missive cannot read.
    case unexpected(Evidence)

    public var status: ExitStatus {
        switch self {
        case let .rejected(rejection): rejection.status
        case let .retryLater(_, reason):
            if case .unreachable = reason { .unavailable } else { .tempFailure }
        case .unexpected: .protocolError
        }
    }

    public var description: String {
        switch self {
        case let .rejected(rejection): "the forum refused: \(rejection)"
        // A local forum that does not answer has been told how to start; waiting would not help.
        case let .retryLater(nil, .unreachable(message)) where message.hasSuffix(TransportError.startSandbox):
            message
        case let .retryLater(after, reason):
            "\(reason)" + (after.map { "; try again in \(Int($0.components.seconds)) seconds" } ?? "; try again later")
        case let .unexpected(evidence): "the forum's answer could not be read: \(evidence)"
        }
    }
}
