import Application
import ArgumentParser
import Common

/// `missive whoami`: who the profile's session belongs to, as the forum says.
struct WhoamiCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "whoami",
        abstract: "Show who a profile is logged in as.",
        discussion: """
            With a saved session, asks the forum, so an expired session shows as logged out; \
            without one, says so without asking. Never writes the cookie jar. Exits with status 77 \
            when not logged in.
            """
    )

    @OptionGroup var forum: ForumOptions

    @Flag(help: ArgumentHelp(SessionReport.help))
    var json = false

    struct NotLoggedIn: MissiveError {
        var profile: String
        /// Whether the forum was asked (a session was saved) or there was nothing to ask about.
        var asked: Bool
        var status: ExitStatus { .noPermission }
        var description: String {
            let login = "run `missive login --profile \(profile)`"
            return asked
                ? "the forum no longer knows the saved session for \(profile) (it expired or was logged out); \(login)"
                : "not logged in to \(profile) (no saved session); \(login)"
        }
    }

    func run() async throws {
        let (report, asked) = try await Home.load().checkSession(forum).run()
        if json {
            try printJSON(report)
        } else if report.loggedIn {
            Console.print("\(report.user) (user \(report.userid ?? 0)) on \(report.profile), \(report.baseURL)")
        }
        if !report.loggedIn { throw NotLoggedIn(profile: report.profile, asked: asked) }
    }
}
