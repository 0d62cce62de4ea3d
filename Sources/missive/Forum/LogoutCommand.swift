import Application
import ArgumentParser

/// `missive logout`: ends the session at the forum and empties the profile's cookie jar.
struct LogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Log out of a profile's forum and forget the session.",
        discussion: """
            The forum is asked to end the session (its logout link); the cookie jar is emptied even when \
            the forum cannot be reached, or when the jar is damaged, and a logout the forum did not take \
            says so. A jar that cannot be emptied is an error (exit 77 when its folder is not writable, \
            73 otherwise); a profile without one is left without one.
            """
    )

    @OptionGroup var forum: ForumOptions

    func run() async throws {
        let logOut = try Home.load().logOut(forum)
        switch try await logOut.run() {
        case let .emptiedDamagedJar(path, reason): Console.print("Emptied the damaged cookie jar \(path) (\(reason)).")
        case .notLoggedIn: Console.print("Not logged in to \(logOut.profile.name); nothing to forget.")
        case .loggedOut(.ended), .loggedOut(.noSession): Console.print("Logged out of \(logOut.profile.name).")
        case let .loggedOut(.notEnded(reason)):
            Console.print("Forgot the session of \(logOut.profile.name) here; the forum did not end it (\(reason)).")
            Console.note("the session may stay open at the forum until it expires; `missive login` and `missive logout` "
                + "again end it there once the forum answers")
        }
    }
}
