import Common
import Forum
import Foundation

/// `login`: a session at the profile's forum, from a password or from a browser's cookies,
/// kept in the profile's cookie jar.
public struct LogIn: Sendable {
    let forum: ProfileForum
    let console: any ConsoleOutput

    public init(_ forum: ProfileForum, console: any ConsoleOutput) {
        self.forum = forum
        self.console = console
    }

    public var profile: Profile { forum.profile }

    /// `password` is asked for once the user name is known (the command's prompt or stdin).
    /// A password the forum refuses is asked for again, up to `tries` times in all, as sudo does
    /// on a terminal (1 for a password piped in: the same input would be refused again).
    public func run(username: String?, tries: Int = 1, password: (String) throws -> String) async throws -> SessionReport {
        let adapter = try forum.connect(.readWrite)
        guard let username = username ?? profile.username else { throw ProfileError.noUsername(profile: profile.name) }
        var attempt = 1
        while true {
            do {
                let session = try await adapter.login(username: username, password: try password(username))
                return SessionReport(profile: profile, session: session)
            } catch ForumError.rejected(.wrongPassword) where attempt < tries {
                console.note("the forum did not accept that password for \(username); try again (\(attempt) of \(tries))")
                attempt += 1
            }
        }
    }

    /// Copies the forum's cookies from a browser export into the jar, then asks the forum who that is.
    public func importCookies(from file: URL) async throws -> SessionReport {
        let host = try profile.forumURL().host ?? ""
        let jar = forum.cookieJar
        try CookieJar.replace(with: CookieImport.lines(from: file, host: host), at: jar)
        let adapter = try forum.connect(.readWrite)
        let session: Session?
        do {
            session = try await adapter.currentSession()
        } catch {
            console.note("the cookies are in \(jar.path), but the forum could not confirm the session; `missive whoami` checks it again")
            throw error
        }
        guard let session else {
            throw UseCaseError(.noPermission, "the forum does not take the session in \(file.path) as logged in (it ends when the "
                               + "browser logs out, or expires): log in with the browser again and export its cookies anew")
        }
        return SessionReport(profile: profile, session: session)
    }
}
