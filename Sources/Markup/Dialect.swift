/// The BBCode engines Missive writes for. Each one decides tag spelling and escaping
/// (see docs/dialects.md for the research behind every choice).
public enum Dialect: String, CaseIterable, Sendable, Codable {
    case somethingawful
    case vbulletin
    case phpbb
    case xenforo

    public static let `default` = Dialect.somethingawful
}
