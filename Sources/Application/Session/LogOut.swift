import Common
import Forum
import Foundation

/// `logout`: ends the session at the forum and empties the profile's cookie jar, and says which
/// of the two happened: a logout that did not log out never says it did (issue 31).
public struct LogOut: Sendable {
    let forum: ProfileForum

    public init(_ forum: ProfileForum) {
        self.forum = forum
    }

    public var profile: Profile { forum.profile }

    public enum Outcome: Equatable, Sendable {
        /// The jar is empty; `atForum` says what the forum made of the logout.
        case loggedOut(atForum: ForumLogout)
        case notLoggedIn
        /// A damaged jar is emptied: nothing in it could be sent to the forum.
        case emptiedDamagedJar(path: String, reason: String)
    }

    /// The session's cookies are still in the jar: it could not be emptied.
    public struct JarKept: MissiveError, Equatable {
        public var path: String
        public var reason: String
        public var atForum: ForumLogout
        /// The folder or file does not let this user write it (77), or the write failed (73).
        public var denied: Bool

        public var status: ExitStatus { denied ? .noPermission : .cantCreate }

        public var description: String {
            let forum = switch atForum {
            case .ended: "the forum ended the session, so the cookies left in it no longer work there"
            case .noSession: "it held no session the forum knows"
            case let .notEnded(reason): "and the forum did not end the session (\(reason)): it is still logged in"
            }
            return "not logged out here: the cookie jar \(path) could not be emptied (\(reason)); \(forum). "
                + "Make its folder writable and run `missive logout` again, or remove it yourself (rm \(path))"
        }
    }

    public func run() async throws -> Outcome {
        let adapter: any ForumAdapter
        do {
            adapter = try forum.connect(.writeIfPresent)
        } catch let HTTPClientError.cookieJar(.damaged(path, reason)) {
            // Nothing in it can be sent to the forum, so forgetting it here is all a logout can do.
            try CookieJar.forget(URL(fileURLWithPath: path))
            return .emptiedDamagedJar(path: path, reason: reason)
        }
        guard await adapter.hasSavedSession() else { return .notLoggedIn }
        let atForum = await adapter.logout()
        // The adapter forgot the session in memory and tried to save that; the jar on disk is
        // what the next command reads, so it is emptied here and a failure is said.
        let jar = forum.cookieJar
        guard FileManager.default.fileExists(atPath: jar.path) else { return .loggedOut(atForum: atForum) }
        do {
            try CookieJar.forget(jar)
        } catch {
            let folder = jar.deletingLastPathComponent().path
            let denied = access(folder, W_OK) != 0 || access(jar.path, W_OK) != 0
            throw JarKept(path: jar.path, reason: error.description, atForum: atForum, denied: denied)
        }
        return .loggedOut(atForum: atForum)
    }
}
