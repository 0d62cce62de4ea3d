import Common

/// Why a profile cannot be turned into a forum connection.
enum ProfileError: MissiveError, Equatable {
    case unknownEngine(profile: String, engine: String)
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
        case let .unknownEngine(profile, engine):
            "profile \(profile): unknown engine \"\(engine)\" (known: \(Self.engines.joined(separator: ", ")))"
        case let .badBaseURL(profile, url):
            "profile \(profile): base_url \"\(url)\" is not an http:// or https:// address"
        case let .noUsername(profile):
            "profile \(profile) has no username; pass --username or set one with `missive profiles add`"
        }
    }
}
