import Common
import Foundation

/// Why a profile cannot be turned into a forum connection. (An engine or dialect Missive does
/// not know is refused when config.toml is read: see `Config.parse`.)
public enum ProfileError: MissiveError, Equatable {
    case badBaseURL(profile: String, url: String)
    case noUsername(profile: String)

    public var status: ExitStatus {
        switch self {
        case .badBaseURL: .config
        case .noUsername: .usage
        }
    }

    public var description: String {
        switch self {
        case let .badBaseURL(profile, url):
            "profile \(profile): base_url \"\(url)\" is not an http:// or https:// address"
        case let .noUsername(profile):
            "profile \(profile) has no username; pass --username or set one with `missive profiles add`"
        }
    }
}

extension Profile {
    /// The forum's address as config.toml gives it, or why it is no address.
    public func forumURL() throws(ProfileError) -> URL {
        guard let url = Profile.forumAddress(baseURL) else { throw .badBaseURL(profile: name, url: baseURL) }
        return url
    }
}
