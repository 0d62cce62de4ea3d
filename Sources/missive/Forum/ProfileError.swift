import Common

/// Why a profile cannot be turned into a forum connection.
enum ProfileError: MissiveError, Equatable {
    /// The whole profile, to say where in config.toml its engine is set.
    case unknownEngine(Profile)
    case badBaseURL(profile: String, url: String)
    case noUsername(profile: String)

    static let engines = ["somethingawful"]

    var status: ExitStatus {
        switch self {
        case .unknownEngine, .badBaseURL: .config
        case .noUsername: .usage
        }
    }

    var description: String {
        switch self {
        case let .unknownEngine(profile):
            profile.invalidValue("engine", profile.engine, isNot: "a forum engine Missive knows", validValues: Self.engines)
        case let .badBaseURL(profile, url):
            "profile \(profile): base_url \"\(url)\" is not an http:// or https:// address"
        case let .noUsername(profile):
            "profile \(profile) has no username; pass --username or set one with `missive profiles add`"
        }
    }
}
