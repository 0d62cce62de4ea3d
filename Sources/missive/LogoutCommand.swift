import ArgumentParser
import Forum
import Foundation

/// `missive logout`: ends the session at the forum and empties the profile's cookie jar.
struct LogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Log out of a profile's forum and forget the session.",
        discussion: "The cookie jar is emptied even when the forum cannot be reached."
    )

    @OptionGroup var forum: ForumOptions

    func run() async throws {
        let connection = try ForumConnection.open(forum, credentials: nil)
        await connection.adapter.logout()
        print("Logged out of \(connection.profile.name).")
    }
}
