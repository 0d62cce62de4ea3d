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
            The session is kept in the profile's cookie jar (mode 0600) under the data directory; \
            a Netscape cookie file exported from a browser works there too.
            """
    )

    @OptionGroup var forum: ForumOptions

    @Option(help: ArgumentHelp("Log in as this user (default: the profile's username).", valueName: "name"))
    var username: String?

    @Flag(help: "Read the password from standard input instead of asking.")
    var passwordStdin = false

    @Flag(help: ArgumentHelp(SessionReport.help))
    var json = false

    func validate() throws {
        if let username, username.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--username must not be empty.")
        }
    }

    func run() async throws {
        // No prompt for a password again here: this command is the one that asks.
        let connection = try ForumConnection.open(forum, credentials: nil)
        guard let username = username ?? connection.profile.username else {
            throw ProfileError.noUsername(profile: connection.profile.name)
        }
        let password = passwordStdin
            ? try TerminalPassword.readStandardInput()
            : try TerminalPassword.ask(prompt: "Password for \(username) at \(connection.profile.baseURL): ")
        let session = try await connection.adapter.login(username: username, password: password)
        if json { return try printJSON(SessionReport(profile: connection.profile, session: session)) }
        // The name is the forum's; it may spell it differently from what was typed.
        print("Logged in to \(connection.profile.name) as \(session.username ?? "user \(session.userID)") (user \(session.userID)).")
    }
}
