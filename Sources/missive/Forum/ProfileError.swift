import Common

/// Why a profile cannot be turned into a forum connection. (An engine or dialect Missive does
/// not know is refused when config.toml is read: see `Config.parse`.)
enum ProfileError: MissiveError, Equatable {
    case badBaseURL(profile: String, url: String)
    case noUsername(profile: String)

    var status: ExitStatus {
        switch self {
        case .badBaseURL: .config
        case .noUsername: .usage
        }
    }

    var description: String {
        switch self {
        case let .badBaseURL(profile, url):
            "profile \(profile): base_url \"\(url)\" is not an http:// or https:// address"
        case let .noUsername(profile):
            "profile \(profile) has no username; pass --username or set one with `missive profiles add`"
        }
    }
}
