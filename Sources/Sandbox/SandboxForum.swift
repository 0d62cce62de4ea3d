import Foundation
import GRDB

/// The forum itself: the database, the rules (sessions, form tokens, flood control) and the
/// table of scripts. Pages live in their own files as extensions; this file holds what they share.
struct SandboxForum: Sendable {
    let database: SandboxDatabase
    let configuration: SandboxConfiguration
    let themes: SandboxThemes
    let loginAttempts = LoginAttempts()

    var now: Date { configuration.clock.now() }
    var postFlood: FloodControl { FloodControl(interval: configuration.floodInterval) }
    var messageFlood: FloodControl { FloodControl(interval: configuration.messageFloodInterval) }

    /// The longest message a post or a private message may have (the forms' own length checks).
    static let postLengthLimit = 50_000
    static let messageLengthLimit = 100_000

    /// Who is asking: the user the cookies name, and whether the cookies were stale
    /// (the answer then deletes them, which is how a client notices it was logged out).
    struct Visitor: Sendable {
        var user: UserRecord?
        var staleCookies: Bool
    }

    func visitor(for request: SandboxRequest) async throws -> Visitor {
        guard let rawId = request.cookies["bbuserid"], !rawId.isEmpty, rawId != "deleted" else {
            return Visitor(user: nil, staleCookies: false)
        }
        let token = request.cookies["bbpassword"] ?? ""
        let user = try await database.queue.read { db in try UserRecord.fetchOne(db, key: Int64(rawId) ?? -1) }
        guard let user, user.cookieToken == token else { return Visitor(user: nil, staleCookies: true) }
        return Visitor(user: user, staleCookies: false)
    }

    /// A page that ends a request early: the forum refusing, in its own words.
    struct Refusal: Error {
        let page: SandboxResponse
    }

    /// The table of scripts, as the forum's URLs name them.
    func respond(to request: SandboxRequest, visitor: Visitor) async throws -> SandboxResponse {
        // A banned account can log in and out, and sees the banned page everywhere else.
        if let user = visitor.user, user.standing == .banned, request.script != "account.php" {
            return ErrorPages.banned(user)
        }
        do {
            return try await route(request, visitor: visitor)
        } catch let refusal as Refusal {
            return refusal.page
        }
    }

    private func route(_ request: SandboxRequest, visitor: Visitor) async throws -> SandboxResponse {
        let user = visitor.user
        switch request.script {
        case "", "index.php": return try await index(request, user: user)
        case "account.php": return try await account(request, visitor: visitor)
        case "forumdisplay.php": return try await forumDisplay(request, user: user)
        case "showthread.php": return try await showThread(request, user: user)
        case "newreply.php": return try await newReply(request, user: user)
        case "editpost.php": return try await editPost(request, user: user)
        case "newthread.php": return try await newThread(request, user: user)
        case "private.php": return try await privateMessages(request, user: user)
        case "misc.php": return try await misc(request, user: user)
        case "bookmarkthreads.php": return try await bookmarks(request, user: user)
        case "member2.php": return try await memberLists(request, user: user)
        default:
            if request.script.hasPrefix("images/") { return Images.image(at: "/" + request.script) }
            // Where the upgrade refusals link: a practice forum sells nothing.
            if request.script.hasPrefix("products/") {
                return ErrorPages.standardError("This practice forum sells no upgrades; nothing here costs anything.",
                                                title: "Upgrades", user: user)
            }
            return ErrorPages.standardError("The page you asked for does not exist on this forum.",
                                            title: "Not Found", user: user).with(status: 404)
        }
    }

    // MARK: Rules shared by the posting pages

    /// The logged-in user, or the forum's "registered members only" refusal.
    func member(_ user: UserRecord?) throws -> UserRecord {
        guard let user else { throw Refusal(page: ErrorPages.mustRegister()) }
        return user
    }

    /// Refuses what needs the archives upgrade: an archived forum, or a thread that is archived
    /// or sits in one. No sandbox account has the upgrade.
    func readable(forum: ForumRecord?, thread: ThreadRecord? = nil, user: UserRecord?) throws {
        if forum?.archived == true || thread?.archived == true { throw Refusal(page: ErrorPages.requiresArchives(user)) }
    }

    /// The user if they may post now; refuses guests and users on probation.
    func poster(_ user: UserRecord?) throws -> UserRecord {
        let user = try member(user)
        if user.standing == .probation, let until = user.probationUntil, until > now {
            throw Refusal(page: ErrorPages.probation(user, until: until))
        }
        return user
    }

    /// Hands out a `form_cookie` for a form this user is about to get.
    func issueFormCookie(for user: UserRecord, purpose: String) async throws -> String {
        let record = FormCookieRecord(value: Token.hex(12), userId: user.id, purpose: purpose, issuedAt: now)
        try await database.queue.write { db in try record.insert(db) }
        return record.value
    }

    /// Checks the `formkey` and `form_cookie` a form brought back. Returns the refusal page when
    /// either is missing, malformed, or not this user's; nil when both are good.
    func checkFormTokens(_ request: SandboxRequest, user: UserRecord, purposes: Set<String>) async throws -> SandboxResponse? {
        let purpose = try await formCookiePurpose(request, user: user)
        guard let purpose, purposes.contains(purpose) else {
            return ErrorPages.standardError(ErrorPages.Message.securityToken, user: user)
        }
        return nil
    }

    /// What the form that issued this request's `form_cookie` was for, when the formkey is this
    /// user's and the cookie was issued to them; nil otherwise.
    func formCookiePurpose(_ request: SandboxRequest, user: UserRecord) async throws -> String? {
        let formkey = request.form["formkey"] ?? ""
        let formCookie = request.form["form_cookie"] ?? ""
        guard Self.isHex(formkey, length: 32), formkey == user.formkey, Self.isHex(formCookie, length: 12) else {
            return nil
        }
        let record = try await database.queue.read { db in try FormCookieRecord.fetchOne(db, key: formCookie) }
        guard let record, record.userId == user.id else { return nil }
        return record.purpose
    }

    static func isHex(_ text: String, length: Int) -> Bool {
        text.count == length && text.allSatisfy { $0.isHexDigit && !$0.isUppercase }
    }

    /// The flood-control page if this user posted too recently; nil when they may post.
    func floodRefusal(_ user: UserRecord, kind: FloodControl.Kind) -> SandboxResponse? {
        let control = kind == .post ? postFlood : messageFlood
        let last = kind == .post ? user.lastPostAt : user.lastMessageAt
        guard let left = control.secondsLeft(lastPostAt: last, now: now) else { return nil }
        return ErrorPages.standardError(
            FloodControl.message(kind: kind, interval: control.interval, secondsLeft: left), user: user)
    }

    /// The refusal for a message that is empty or longer than the form allows.
    func lengthRefusal(_ message: String, limit: Int, user: UserRecord) -> SandboxResponse? {
        if message.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            return ErrorPages.standardError(ErrorPages.Message.emptyMessage, user: user)
        }
        let length = message.count
        if length > limit {
            return ErrorPages.standardError(ErrorPages.Message.tooLong(length, limit: limit), user: user)
        }
        return nil
    }

    /// Message text as stored: line endings made `\n` (browsers send CRLF).
    static func normalizedMessage(_ text: String) -> String {
        text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    }

    /// The next id after the largest in `table`, or `first` for an empty table.
    static func nextId(_ db: Database, table: String, first: Int64) throws -> Int64 {
        let largest = try Int64.fetchOne(db, sql: "SELECT MAX(id) FROM \(table)")
        return max((largest ?? 0) + 1, first)
    }
}

extension SandboxResponse {
    func with(status: Int) -> SandboxResponse {
        var copy = self
        copy.status = status
        return copy
    }
}
