import Common

/// `profiles list`: every profile in config.toml, the default one marked.
public struct ListProfiles: Sendable {
    let config: Config

    public init(config: Config) {
        self.config = config
    }

    /// One profile as `profiles list` shows it, and (as it is) its `--json`.
    public struct Entry: Encodable, Sendable {
        public var name: String
        public var engine: String
        public var baseURL: String
        @JSONNull public var username: String?
        @JSONNull public var dialect: String?
        @JSONNull public var theme: String?
        public var isDefault: Bool

        enum CodingKeys: String, CodingKey {
            case name, engine, baseURL = "base_url", username, dialect, theme, isDefault = "default"
        }
    }

    public func run() -> [Entry] {
        config.profiles.map {
            Entry(name: $0.name, engine: $0.engine.rawValue, baseURL: $0.baseURL, username: $0.username, dialect: $0.dialect?.rawValue,
                  theme: $0.theme, isDefault: $0.name == config.defaultProfile)
        }
    }
}
