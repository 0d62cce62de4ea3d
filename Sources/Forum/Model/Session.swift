import Foundation

/// Who the forum says is logged in.
public struct Session: Sendable, Equatable, Codable {
    public var userID: Int
    public var username: String?

    public init(userID: Int, username: String?) {
        self.userID = userID
        self.username = username
    }
}

/// Where a password comes from when the session has expired and the adapter may log in again.
/// A command with a terminal asks the user; the queued sender without one has none.
public protocol CredentialSource: Sendable {
    /// The password of `username` on the forum at `forum` (its base address, for the prompt).
    func password(for username: String, at forum: URL) async -> String?
}
