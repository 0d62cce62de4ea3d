import Common
import Forum

/// How a use case reaches a profile's forum: the composition root builds the adapter (cookie jar,
/// engine, password prompt), the use case only says how long it may wait and what it may change.
public protocol ForumConnector: Sendable {
    func adapter(for profile: Profile, timeout: Int, access: ForumAccess) throws -> any ForumAdapter
    /// The forum's answer about a compose target, asked before the editor opens: quickly, with
    /// the saved session as it is (no password prompt), so that the editor is never held up long.
    func composeContext(_ target: ComposeTarget, profile: Profile) async -> ComposeContext
}

extension ForumConnector {
    public func composeContext(_ target: ComposeTarget, profile: Profile) async -> ComposeContext {
        do {
            return try await adapter(for: profile, timeout: 2, access: .lookOnly).composeContext(target)
        } catch {
            return ComposeContext(standing: .unchecked(String(describing: error)))
        }
    }
}

/// What a use case may do to the user's forum session.
public enum ForumAccess: Sendable, Equatable {
    /// Log in if the session is gone (asking for the password where there is a terminal) and
    /// keep the session it gets.
    case mayLogIn
    /// Use the saved session as it is, change nothing: for a check made in passing.
    case lookOnly
}
