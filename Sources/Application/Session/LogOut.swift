import Common
import Forum
import Foundation

/// `logout`: ends the session at the forum and empties the profile's cookie jar.
public struct LogOut: Sendable {
    let forum: ProfileForum

    public init(_ forum: ProfileForum) {
        self.forum = forum
    }

    public var profile: Profile { forum.profile }

    public enum Outcome: Equatable, Sendable {
        case loggedOut
        case notLoggedIn
        /// A damaged jar is emptied: nothing in it could be sent to the forum.
        case emptiedDamagedJar(path: String, reason: String)
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
        await adapter.logout()
        return .loggedOut
    }
}
