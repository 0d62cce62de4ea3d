import Foundation
import GRDB

/// `account.php`: the login form, logging in (cookies `bbuserid`, `bbpassword`, `sessionhash`,
/// then a redirect to `next`), and logging out.
enum LoginPages {
    static func form(error: String?, attempts: Int) -> SandboxResponse {
        let warning = error.map {
            "<b style=\"color:red;font-size:1.5em\">\(esc($0))</b><br>"
                + "You've tried to login \(attempts) times so far. Passwords are case sensitive.<br>"
        } ?? ""
        return .page(Layout.page(title: "Log In", bodyClass: "loginform", user: nil, content: """
            <form class="login_form" action="/account.php" method="POST">
            \(warning)
            <input type="hidden" name="action" value="login">
            <input type="hidden" name="next" value="/index.php">
            <table class="standard">
            <tr><td>Username:</td><td><input type="text" name="username" size="30"></td></tr>
            <tr><td>Password:</td><td><input type="password" name="password" size="30"></td></tr>
            </table>
            <input type="submit" value="Login">
            <p>Every seeded account's password is <b>sandbox</b>: \(esc(Seed.Account.tester.username)), sandbox, Zoë,
            banned (a banned account), probation (an account on probation), noplatinum (no Platinum: no private messages).</p>
            </form>
            """))
    }
}

/// Counts failed logins per name, for the "You've tried to login N times" line.
actor LoginAttempts {
    private var failures: [String: Int] = [:]

    func fail(_ username: String) -> Int {
        let key = username.lowercased()
        failures[key, default: 0] += 1
        return failures[key, default: 0]
    }

    func reset(_ username: String) {
        failures[username.lowercased()] = nil
    }
}

extension SandboxForum {
    func account(_ request: SandboxRequest, visitor: Visitor) async throws -> SandboxResponse {
        switch request.action {
        case "login" where request.method == .post:
            return try await logIn(request)
        case "logout":
            // The link every page carries names the session's key (`ma`); it ends the session at
            // the forum, so the cookies stop working wherever they were kept. Without the key
            // (a link from elsewhere) nothing ends.
            if let user = visitor.user {
                guard request["ma"] == String(user.formkey.prefix(8)) else {
                    return ErrorPages.standardError("That logout link is not for this session; use the Log Out link on a page.",
                                                    title: "Logout Failed", user: user)
                }
                try await database.queue.write { db in
                    try db.execute(sql: "UPDATE user SET cookieToken = ? WHERE id = ?", arguments: [Token.hex(32), user.id])
                }
            }
            return ErrorPages.standardError(ErrorPages.Message.loggedOut, title: "Logged Out", user: nil)
                .setting(["bbuserid", "bbpassword", "sessionhash"].map(SetCookie.deleting))
        default:
            if let user = visitor.user { return try await index(SandboxRequest(method: .get, script: "index.php"), user: user) }
            return LoginPages.form(error: nil, attempts: 0)
        }
    }

    private func logIn(_ request: SandboxRequest) async throws -> SandboxResponse {
        let username = request.form["username"] ?? ""
        let password = request.form["password"] ?? ""
        let user = try await database.queue.read { db in
            try UserRecord.filter(Column("username").collating(.nocase) == username).fetchOne(db)
        }
        guard let user, user.password == password, !password.isEmpty else {
            return ErrorPages.badPassword(attempts: await loginAttempts.fail(username))
        }
        await loginAttempts.reset(username)
        var next = request.form["next"] ?? "/index.php"
        // Only paths on this forum: a login must not bounce anywhere else.
        if !next.hasPrefix("/") || next.hasPrefix("//") { next = "/index.php" }
        let year = now.addingTimeInterval(365 * 24 * 3600)
        return SandboxResponse.redirect(to: next).setting([
            SetCookie(name: "bbuserid", value: String(user.id), expires: year),
            SetCookie(name: "bbpassword", value: user.cookieToken, expires: year),
            SetCookie(name: "sessionhash", value: Token.hex(32), expires: nil),
        ])
    }
}
