import Foundation
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
    /// The image host of the sandbox at a forum address, asked of the sandbox itself (its
    /// `/_sandbox/status.json`); nil when no sandbox answers there.
    let sandboxImages: @Sendable (_ forumBase: String) -> URL?

    public init(_ file: ConfigFile, sandboxImages: @escaping @Sendable (_ forumBase: String) -> URL? = { _ in nil }) {
        self.file = file
        self.sandboxImages = sandboxImages
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
            let before = config.profiles[index]
            var profile = before
            if let baseURL = settings.baseURL { profile.baseURL = baseURL }
            if let engine = settings.engine { profile.engine = engine }
            if let username = settings.username { profile.username = username }
            if let dialect = settings.dialect { profile.dialect = dialect }
            if let theme = settings.theme { profile.theme = theme }
            var notes: [String: String] = [:]
            if profile.baseURL != before.baseURL, Self.usesSandboxImages(before) {
                // The image host was the sandbox's: it moves with the forum, wherever that sandbox says it is.
                (profile.imageAPI, notes["image_api"]) = imageHost(forSandboxAt: profile.baseURL)
                if profile.imageAPI == nil { profile.imageClientID = nil }
            }
            config.profiles[index] = profile
            file.console.print(Self.report(name, before: before, after: profile, notes: notes))
        } else {
            guard let baseURL = settings.baseURL else { throw AddProfileError.needsBaseURL }
            var profile = Profile(name: name, engine: settings.engine ?? .somethingawful, baseURL: baseURL,
                                  username: settings.username, dialect: settings.dialect, theme: settings.theme)
            var message = "Added profile \(name)."
            if SandboxImageAPI.base(forForum: baseURL) != nil, let images = sandboxImages(baseURL) {
                // A sandbox answers there: its image host comes with it, as with `missive init`'s profile.
                profile.imageAPI = images.absoluteString
                profile.imageClientID = Config.sandboxImageClientID
                message += " The sandbox there keeps its images at \(images.absoluteString) (image_api)."
            }
            config.profiles.append(profile)
            file.console.print(message)
        }
        if settings.makeDefault { config.defaultProfile = name }
        try file.save(config)
    }

    /// A profile whose images go to a sandbox's image host (as `missive init` writes it), not to
    /// one the user named: the sandbox's client id, on a loopback address.
    static func usesSandboxImages(_ profile: Profile) -> Bool {
        guard let api = profile.imageAPI, let url = URL(string: api), ["127.0.0.1", "localhost"].contains(url.host ?? "") else { return false }
        return profile.imageClientID == Config.sandboxImageClientID
    }

    /// The image host of the sandbox at `forumBase` and how it was found: asked of the sandbox, or
    /// the port after the forum's (its default) when none answers yet; none for a forum that is
    /// not a sandbox's address.
    private func imageHost(forSandboxAt forumBase: String) -> (String?, String) {
        if SandboxImageAPI.base(forForum: forumBase) != nil, let images = sandboxImages(forumBase) {
            return (images.absoluteString, "as the sandbox there says")
        }
        if let derived = SandboxImageAPI.base(forForum: forumBase) {
            return (derived.absoluteString, "the port after the forum's, a sandbox's default: no sandbox answered to ask")
        }
        return (nil, "a sandbox's image host does not serve another forum; set image_api for this one's")
    }

    /// "Updated profile sandbox: base_url A -> B; image_api C -> D (why). Kept: ..."
    static func report(_ name: String, before: Profile, after: Profile, notes: [String: String]) -> String {
        let fields: [(String, (Profile) -> String?)] = [
            ("base_url", { $0.baseURL }), ("engine", { $0.engine.rawValue }), ("username", { $0.username }),
            ("dialect", { $0.dialect?.rawValue }), ("theme", { $0.theme }), ("image_api", { $0.imageAPI }),
            ("image_client_id", { $0.imageClientID }),
        ]
        var changed: [String] = [], kept: [String] = []
        for (key, value) in fields {
            let old = value(before), new = value(after)
            if old != new {
                let note = notes[key].map { " (\($0))" } ?? ""
                changed.append("\(key) \(old ?? "(none)") -> \(new ?? "(none)")\(note)")
            } else if let old {
                kept.append("\(key) \(old)")
            }
        }
        let change = changed.isEmpty ? "nothing changed" : changed.joined(separator: "; ")
        return "Updated profile \(name): \(change)." + (kept.isEmpty ? "" : "\nKept: \(kept.joined(separator: ", ")).")
    }
}
