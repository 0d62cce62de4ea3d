import Forum

/// The image host of each profile, for the sender (config.toml names them; tests hand in the
/// sandbox's). Throws when a profile has none.
public protocol ImageHostSource: Sendable {
    func host(for profile: String) throws -> any ImageHost
}
