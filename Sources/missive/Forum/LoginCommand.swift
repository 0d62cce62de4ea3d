import ArgumentParser
import Common
import Forum
import Foundation

/// `missive login`: logs in to the profile's forum; the session lands in its cookie jar.
struct LoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Log in to a profile's forum.",
        discussion: """
            The password is asked for without echo (or read from standard input with \
            --password-stdin) and sent to the forum only: it is never written to disk or to a log. \
            The session is kept in the profile's cookie jar (mode 0600) under the data directory.

            When the forum's Cloudflare bot check stops the login, log in with a web browser, export \
            its cookies in Netscape cookies.txt format (a cookie-export extension does this) and run \
            `missive login --cookies FILE`: the forum's own cookies are copied into the jar (no other \
            site's) and the session is checked with the forum.
            """
    )

    @OptionGroup var forum: ForumOptions

    @Option(help: ArgumentHelp("Log in as this user (default: the profile's username).", valueName: "name"))
    var username: String?

    @Flag(help: "Read the password from standard input instead of asking.")
    var passwordStdin = false

    @Option(help: ArgumentHelp("Import the session from a browser's cookies.txt instead of a password.", valueName: "file"))
    var cookies: String?

    @Flag(help: ArgumentHelp(SessionReport.help))
    var json = false

    func validate() throws {
        if let username, username.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--username must not be empty.")
        }
        if cookies != nil, passwordStdin || username != nil {
            throw ValidationError("--cookies takes the session from the file: it goes without --password-stdin and --username.")
        }
    }

    func run() async throws {
        if let cookies { return try await importCookies(from: URL(fileURLWithPath: cookies)) }
        // No prompt for a password again here: this command is the one that asks.
        let connection = try ForumConnection.open(forum, credentials: nil)
        guard let username = username ?? connection.profile.username else {
            throw ProfileError.noUsername(profile: connection.profile.name)
        }
        let password = passwordStdin
            ? try TerminalPassword.readStandardInput()
            : try TerminalPassword.ask(prompt: "Password for \(username) at \(connection.profile.baseURL): ")
        let session = try await connection.adapter.login(username: username, password: password)
        try report(session, profile: connection.profile)
    }

    /// Copies the forum's cookies from a browser export into the jar, then asks the forum who that is.
    private func importCookies(from file: URL) async throws {
        let paths = MissivePaths.resolve()
        let profile = try Config.load(from: paths).profile(named: forum.profile)
        let host = try ForumConnection.baseURL(of: profile).host ?? ""
        let jar = ForumConnection.cookieJar(for: profile.name, in: paths)
        try CookieJar.replace(with: CookieImport.lines(from: file, host: host), at: jar)
        let connection = try ForumConnection.open(forum, credentials: nil)
        let session: Session?
        do {
            session = try await connection.adapter.currentSession()
        } catch {
            Console.note("the cookies are in \(jar.path), but the forum could not confirm the session; `missive whoami` checks it again")
            throw error
        }
        guard let session else {
            throw CommandError(.noPermission, "the forum does not take the session in \(file.path) as logged in (it ends when the "
                               + "browser logs out, or expires): log in with the browser again and export its cookies anew")
        }
        try report(session, profile: connection.profile)
    }

    private func report(_ session: Session, profile: Profile) throws {
        if json { return try printJSON(SessionReport(profile: profile, session: session)) }
        // The name is the forum's; it may spell it differently from what was typed.
        print("Logged in to \(profile.name) as \(session.username ?? "user \(session.userID)") (user \(session.userID)).")
    }
}
