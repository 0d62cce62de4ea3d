import Application
import ArgumentParser

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
        let logOut = try Home.load().logOut(forum)
        switch try await logOut.run() {
        case let .emptiedDamagedJar(path, reason): Console.print("Emptied the damaged cookie jar \(path) (\(reason)).")
        case .notLoggedIn: Console.print("Not logged in to \(logOut.profile.name); nothing to forget.")
        case .loggedOut: Console.print("Logged out of \(logOut.profile.name).")
        }
    }
}
