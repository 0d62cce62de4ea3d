/// The forum software a profile talks to: it picks the adapter, and the BBCode dialect when the
/// profile names none. The sandbox speaks Something Awful's.
public enum ForumEngine: String, CaseIterable, Sendable, Codable {
    case somethingawful

    /// The dialect the engine's own parser reads.
    public var dialect: Dialect {
        switch self {
        case .somethingawful: .somethingawful
        }
    }
}
