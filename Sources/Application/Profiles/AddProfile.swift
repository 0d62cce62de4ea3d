import Common
import Markup

/// Why `profiles add` refuses: said as the usage errors they are.
public enum AddProfileError: Error, Equatable {
    case unknownTheme(String, known: [String])
    case needsBaseURL

    public var description: String {
        switch self {
        case let .unknownTheme(theme, known): "Unknown theme \"\(theme)\"; known: \(known.joined(separator: ", "))."
        case .needsBaseURL: "A new profile needs --base-url."
        }
    }
}

/// `profiles add`: a new profile in config.toml, or new settings for an existing one.
public struct AddProfile: Sendable {
    let file: ConfigFile

    public init(_ file: ConfigFile) {
        self.file = file
    }

    /// What changes: nil leaves a setting of an existing profile as it is.
    public struct Settings: Sendable {
        public var baseURL: String?
        public var engine: ForumEngine?
        public var username: String?
        public var dialect: Dialect?
        public var theme: String?
        public var makeDefault: Bool

        public init(baseURL: String?, engine: ForumEngine?, username: String?, dialect: Dialect?, theme: String?, makeDefault: Bool) {
            self.baseURL = baseURL
            self.engine = engine
            self.username = username
            self.dialect = dialect
            self.theme = theme
            self.makeDefault = makeDefault
        }
    }

    public func run(_ name: String, _ settings: Settings) throws {
        var config = file.config
        if let theme = settings.theme {
            // The themes are known only here, with the user's own files among them.
            let known = try BundledThemes.factory(paths: file.paths).names
            guard known.contains(theme) else { throw AddProfileError.unknownTheme(theme, known: known) }
        }
        if let index = config.profiles.firstIndex(where: { $0.name == name }) {
            var profile = config.profiles[index]
            if let baseURL = settings.baseURL { profile.baseURL = baseURL }
            if let engine = settings.engine { profile.engine = engine }
            if let username = settings.username { profile.username = username }
            if let dialect = settings.dialect { profile.dialect = dialect }
            if let theme = settings.theme { profile.theme = theme }
            config.profiles[index] = profile
            file.console.print("Updated profile \(name).")
        } else {
            guard let baseURL = settings.baseURL else { throw AddProfileError.needsBaseURL }
            config.profiles.append(Profile(name: name, engine: settings.engine ?? .somethingawful, baseURL: baseURL,
                                           username: settings.username, dialect: settings.dialect, theme: settings.theme))
            file.console.print("Added profile \(name).")
        }
        if settings.makeDefault { config.defaultProfile = name }
        try file.save(config)
    }
}
