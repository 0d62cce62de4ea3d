import ArgumentParser
import Forum
import Foundation

/// `missive logout`: ends the session at the forum and empties the profile's cookie jar.
struct LogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Log out of a profile's forum and forget the session.",
        discussion: "The cookie jar is emptied even when the forum cannot be reached; a profile without one is left without one."
    )

    @OptionGroup var forum: ForumOptions

    func run() async throws {
        let connection = try ForumConnection.open(forum, credentials: nil, cookieJar: .writeIfPresent)
        guard await connection.adapter.hasSavedSession() else {
            print("Not logged in to \(connection.profile.name); nothing to forget.")
            return
        }
        await connection.adapter.logout()
        print("Logged out of \(connection.profile.name).")
    }
}
