/// The BBCode engines Missive writes for. Each one decides tag spelling and escaping
/// (see docs/dialects.md for the research behind every choice). It lives here, below Markup,
/// because config.toml names one per profile and is read into this type when it is loaded.
public enum Dialect: String, CaseIterable, Sendable, Codable {
    case somethingawful
    case vbulletin
    case phpbb
    case xenforo

    public static let `default` = Dialect.somethingawful
}
