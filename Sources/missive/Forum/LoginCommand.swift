import Application
import ArgumentParser
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
        let logIn = try Home.load().logIn(forum)
        let report: SessionReport
        if let cookies {
            report = try await logIn.importCookies(from: URL(fileURLWithPath: cookies))
        } else {
            let profile = logIn.profile
            report = try await logIn.run(username: username, tries: passwordStdin ? 1 : 3) { username in
                try passwordStdin
                    ? TerminalPassword.readStandardInput()
                    : TerminalPassword.ask(prompt: TerminalPassword.prompt(username: username, forum: profile.baseURL))
            }
        }
        if json { return try printJSON(report) }
        // The name is the forum's; it may spell it differently from what was typed.
        Console.print("Logged in to \(report.profile) as \(report.user) (user \(report.userid ?? 0)).")
    }
}
