/// The forum software a profile talks to: it picks the adapter, and the BBCode dialect when the
/// profile names none. The sandbox speaks Something Awful's.
public enum ForumEngine: String, CaseIterable, Sendable, Codable {
    case somethingawful
    /// Misago (0.39), a Django forum with a JSON API; posts are Markdown with a little BBCode.
    case misago

    /// The dialect the engine's own parser reads.
    public var dialect: Dialect {
        switch self {
        case .somethingawful: .somethingawful
        case .misago: .misago
        }
    }
}
