/// The BBCode engines Missive writes for. Each one decides tag spelling and escaping
/// (see docs/dialects.md for the research behind every choice). It lives here, below Markup,
/// because config.toml names one per profile and is read into this type when it is loaded.
public enum Dialect: String, CaseIterable, Sendable, Codable {
    case somethingawful
    case vbulletin
    case phpbb
    case xenforo
    /// Misago's Markdown (Python-Markdown with nl2br) and the few BBCodes it honours.
    case misago

    public static let `default` = Dialect.somethingawful

    /// The dialects that are BBCode, which the BBCode parser and renderers model; Misago's is
    /// Markdown, written by a walker of its own.
    public static let bbcodeCases = allCases.filter { $0 != .misago }
}
