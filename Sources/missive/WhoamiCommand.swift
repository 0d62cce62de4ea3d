import ArgumentParser
import Common
import Forum
import Foundation

/// `missive whoami`: who the profile's session belongs to, as the forum says.
struct WhoamiCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "whoami",
        abstract: "Show who a profile is logged in as.",
        discussion: "Asks the forum, so an expired session shows as logged out. Exits with status 77 when not logged in."
    )

    @OptionGroup var forum: ForumOptions

    @Flag(help: "Print JSON: profile, base_url, logged_in, userid, username.")
    var json = false

    struct Report: Encodable {
        var profile: String
        var baseURL: String
        var loggedIn: Bool
        var userid: Int?
        var username: String?

        enum CodingKeys: String, CodingKey {
            case profile, baseURL = "base_url", loggedIn = "logged_in", userid, username
        }
    }

    struct NotLoggedIn: MissiveError {
        var profile: String
        var status: ExitStatus { .noPermission }
        var description: String { "not logged in to \(profile); run `missive login --profile \(profile)`" }
    }

    func run() async throws {
        let connection = try ForumConnection.open(forum, credentials: nil)
        let session = try await connection.adapter.currentSession()
        let profile = connection.profile
        if json {
            try printJSON(Report(profile: profile.name, baseURL: profile.baseURL, loggedIn: session != nil,
                                 userid: session?.userID, username: session?.username))
        } else if let session {
            print("\(session.username ?? "user \(session.userID)") (user \(session.userID)) on \(profile.name), \(profile.baseURL)")
        }
        if session == nil { throw NotLoggedIn(profile: profile.name) }
    }
}
