import ArgumentParser
import Forum
import Foundation

/// `missive logout`: ends the session at the forum and empties the profile's cookie jar.
struct LogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Log out of a profile's forum and forget the session.",
        discussion: """
            The cookie jar is emptied even when the forum cannot be reached, or when the jar is damaged; \
            a profile without one is left without one.
            """
    )

    @OptionGroup var forum: ForumOptions

    func run() async throws {
        let connection: ForumConnection
        do {
            connection = try ForumConnection.open(forum, credentials: nil, cookieJar: .writeIfPresent)
        } catch let HTTPClientError.cookieJar(.damaged(path, reason)) {
            // Nothing in it can be sent to the forum, so forgetting it here is all a logout can do.
            try CookieJar.forget(URL(fileURLWithPath: path))
            print("Emptied the damaged cookie jar \(path) (\(reason)).")
            return
        }
        guard await connection.adapter.hasSavedSession() else {
            print("Not logged in to \(connection.profile.name); nothing to forget.")
            return
        }
        await connection.adapter.logout()
        print("Logged out of \(connection.profile.name).")
    }
}
