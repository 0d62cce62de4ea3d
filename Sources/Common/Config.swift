import Foundation

/// One forum account Missive posts with.
public struct Profile: Sendable, Equatable {
    public var name: String
    /// The forum engine, which picks the adapter: "somethingawful" (the sandbox speaks it too).
    public var engine: String
    public var baseURL: String
    public var username: String?
    /// BBCode dialect for conversion; nil means the engine's own.
    public var dialect: String?
    /// Preview theme for this profile; `forumThemes` overrides it per forum id, as Awful.app does.
    public var theme: String?
    public var forumThemes: [String: String]
    /// The config file this profile was read from, and the line of each of its keys there
    /// ("dialect", "forum_themes.219"), so that a value only Missive's other modules can judge
    /// (a dialect, a theme) is reported where it was written. Empty for a profile made in code.
    public var file: String?
    public var lines: [String: Int] = [:]

    /// Names become TOML keys and cookie-jar file names: letters, digits, `-` and `_` only.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 64 && name.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
        }
    }

    public init(
        name: String, engine: String = "somethingawful", baseURL: String, username: String? = nil,
        dialect: String? = nil, theme: String? = nil, forumThemes: [String: String] = [:]
    ) {
        self.name = name
        self.engine = engine
        self.baseURL = baseURL
        self.username = username
        self.dialect = dialect
        self.theme = theme
        self.forumThemes = forumThemes
    }

    /// Where a profile was read from does not make it another profile.
    public static func == (lhs: Profile, rhs: Profile) -> Bool {
        lhs.name == rhs.name && lhs.engine == rhs.engine && lhs.baseURL == rhs.baseURL && lhs.username == rhs.username
            && lhs.dialect == rhs.dialect && lhs.theme == rhs.theme && lhs.forumThemes == rhs.forumThemes
    }

    /// `FILE:LINE: profiles.NAME.KEY = "VALUE" is not WHAT; use one of A, B`: a value config.toml
    /// holds that Missive cannot use, said where it was written, with what would do instead.
    public func invalidValue(_ key: String, _ value: String, isNot what: String, validValues: [String]) -> String {
        let place = (file ?? Config.fileName) + (lines[key].map { ":\($0)" } ?? "")
        return "\(place): profiles.\(TOML.key(name)).\(key) = \(TOML.quote(value)) is not \(what); "
            + "use one of \(validValues.joined(separator: ", "))"
    }
}

public enum ConfigError: MissiveError, Equatable {
    case syntax(TOMLError)
    case wrongType(file: String, key: String, line: Int, expected: String)
    case missingKey(file: String, table: String, key: String)
    case unknownProfile(String, known: [String])
    case unwritable(file: String, reason: String)
    case unreadable(file: String, reason: String)
    case badProfileName(file: String, name: String)

    public var status: ExitStatus {
        switch self {
        case .unwritable: .cantCreate
        default: .config
        }
    }

    public var description: String {
        switch self {
        case .syntax(let error): error.description
        case let .wrongType(file, key, line, expected): "\(file):\(line): \(key) must be \(expected)"
        case let .missingKey(file, table, key): "\(file): [\(table)] needs a \(key) = ... line"
        case let .unknownProfile(name, known):
            "no profile named \"\(name)\"; known: \(known.joined(separator: ", ")) (see `missive profiles list`)"
        case let .unwritable(file, reason): "cannot write \(file): \(reason)"
        case let .unreadable(file, reason): "cannot read \(file): \(reason)"
        case let .badProfileName(file, name):
            "\(file): the profile name \"\(name)\" may use only letters, digits, - and _"
        }
    }
}

/// `config.toml` in the config directory. A missing file means the defaults, which point at the
/// local sandbox forum so that a new user can try everything without an account.
public struct Config: Sendable, Equatable {
    public static let fileName = "config.toml"
    /// The port `missive sandbox` listens on unless told otherwise.
    public static let sandboxPort = 8642
    public static let defaultUndoWindow = 10
    /// An hour is already far longer than anyone waits to take a send back.
    static let undoWindowBound = NumberBound(0...3_600, unit: "seconds")

    /// The editor command; nil falls back to VISUAL/EDITOR as git does.
    public var editor: String?
    /// Seconds a send waits in `pending` so that `missive undo` can still take it back.
    public var undoWindow: Int
    /// The outbox's retry policy (`retry_base`, `retry_cap`, `retry_attempts`, `reconcile_grace`).
    public var retry = RetrySettings()
    public var defaultProfile: String
    public var profiles: [Profile]

    public init(editor: String? = nil, undoWindow: Int = Config.defaultUndoWindow,
                defaultProfile: String = "sandbox", profiles: [Profile] = [Config.sandboxProfile()]) {
        self.editor = editor
        self.undoWindow = undoWindow
        self.defaultProfile = defaultProfile
        self.profiles = profiles
    }

    public static func sandboxProfile(port: Int = Config.sandboxPort) -> Profile {
        Profile(name: "sandbox", baseURL: "http://127.0.0.1:\(port)/", username: "Missive Tester")
    }

    public func profile(named name: String? = nil) throws(ConfigError) -> Profile {
        let wanted = name ?? defaultProfile
        guard let profile = profiles.first(where: { $0.name == wanted }) else {
            throw .unknownProfile(wanted, known: profiles.map(\.name))
        }
        return profile
    }

    public static func file(in paths: MissivePaths) -> URL {
        paths.config.appendingPathComponent(fileName)
    }

    public static func load(from paths: MissivePaths) throws(ConfigError) -> Config {
        let url = file(in: paths)
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            // Only a missing file means the defaults: an unreadable one must not be silently
            // replaced by them (the next `profiles add` would write over the user's file).
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return Config() }
            throw .unreadable(file: url.path, reason: isDirectory.boolValue ? "it is a directory" : "permission denied")
        }
        let text: String
        do {
            text = try TextInput.decode(data, source: url.path)
        } catch {
            throw .syntax(TOMLError(source: url.path, line: 1, problem: error.description))
        }
        return try parse(text, source: url.path)
    }

    public static func parse(_ text: String, source: String) throws(ConfigError) -> Config {
        let document: TOMLDocument
        do {
            document = try TOML.parse(text, source: source)
        } catch {
            throw .syntax(error)
        }
        func string(_ key: String) throws(ConfigError) -> String? {
            guard let value = document[key] else { return nil }
            guard let string = value.string else {
                throw .wrongType(file: source, key: key, line: document.line(of: key) ?? 0, expected: "a quoted string")
            }
            return string
        }
        var config = Config(profiles: [])
        config.editor = try string("editor")
        // Every number is bounded here, once: past this point they become Durations and dates,
        // where a huge one overflows (an undo_window of Int.max crashed every send).
        func number(_ key: String, _ bound: NumberBound) throws(ConfigError) -> Int? {
            guard let value = document[key] else { return nil }
            guard let number = value.integer, bound.range.contains(number) else {
                let given = value.integer.map { ", not \($0)" } ?? ""
                throw .wrongType(file: source, key: key, line: document.line(of: key) ?? 0, expected: bound.description + given)
            }
            return number
        }
        if let seconds = try number("undo_window", Config.undoWindowBound) { config.undoWindow = seconds }
        for (key, path, bound) in RetrySettings.keys {
            if let value = try number(key, bound) { config.retry[keyPath: path] = value }
        }
        for name in document.tables(under: "profiles") {
            guard Profile.isValidName(name) else { throw .badProfileName(file: source, name: name) }
            let prefix = "profiles.\(name)."
            guard let baseURL = try string(prefix + "base_url") else {
                throw .missingKey(file: source, table: "profiles.\(name)", key: "base_url")
            }
            var forumThemes: [String: String] = [:]
            for entry in document.entries where entry.key.hasPrefix(prefix + "forum_themes.") {
                forumThemes[String(entry.key.dropFirst((prefix + "forum_themes.").count))] = try string(entry.key)
            }
            var profile = Profile(
                name: name, engine: try string(prefix + "engine") ?? "somethingawful", baseURL: baseURL,
                username: try string(prefix + "username"), dialect: try string(prefix + "dialect"),
                theme: try string(prefix + "theme"), forumThemes: forumThemes)
            profile.file = source
            for entry in document.entries where entry.key.hasPrefix(prefix) {
                profile.lines[String(entry.key.dropFirst(prefix.count))] = entry.line
            }
            config.profiles.append(profile)
        }
        if config.profiles.isEmpty { config.profiles = [sandboxProfile()] }
        config.defaultProfile = try string("default_profile") ?? config.profiles[0].name
        _ = try config.profile()  // a default that names no profile is an error now, not later
        return config
    }

    /// The file as Missive writes it; `parse(render())` gives back the same config.
    public func render() -> String {
        var lines = ["# Missive configuration. Edit by hand or with `missive profiles`.", ""]
        if let editor { lines.append("editor = \(TOML.quote(editor))") }
        lines.append("undo_window = \(undoWindow)  # seconds a send can still be taken back")
        for (key, path, _) in RetrySettings.keys where retry[keyPath: path] != RetrySettings()[keyPath: path] {
            lines.append("\(key) = \(retry[keyPath: path])")
        }
        lines.append("default_profile = \(TOML.quote(defaultProfile))")
        for profile in profiles {
            lines += ["", "[profiles.\(TOML.key(profile.name))]"]
            lines.append("engine = \(TOML.quote(profile.engine))")
            lines.append("base_url = \(TOML.quote(profile.baseURL))")
            if let username = profile.username { lines.append("username = \(TOML.quote(username))") }
            if let dialect = profile.dialect { lines.append("dialect = \(TOML.quote(dialect))") }
            if let theme = profile.theme { lines.append("theme = \(TOML.quote(theme))") }
            if !profile.forumThemes.isEmpty {
                lines += ["", "[profiles.\(TOML.key(profile.name)).forum_themes]"]
                for (forum, theme) in profile.forumThemes.sorted(by: { $0.key < $1.key }) {
                    lines.append("\(TOML.key(forum)) = \(TOML.quote(theme))")
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes the file atomically and private to the user (see `PrivateFile`). A config.toml that
    /// is a symbolic link (dotfiles kept in a repository) is written where it points, on purpose:
    /// the link is the user's own setup, and replacing it with a file would quietly fork their
    /// config. Returns that target when it was written through a link, for the caller to say so.
    @discardableResult
    public func save(to paths: MissivePaths) throws(ConfigError) -> URL? {
        let url = Config.file(in: paths)
        do {
            try paths.createDirectories()
        } catch {
            throw .unwritable(file: url.path, reason: error.localizedDescription)
        }
        let target = PrivateFile.target(of: url)
        let destination = target ?? url
        do {
            try PrivateFile.write(Data(render().utf8), to: destination)
        } catch {
            throw .unwritable(file: destination.path, reason: error.reason)
        }
        return target
    }
}

/// How the outbox retries a transient failure: a random wait up to `base` seconds, doubling
/// each time up to `cap`, for at most `attempts` tries.
public struct RetrySettings: Sendable, Equatable {
    public var base = 30
    public var cap = 3_600
    public var attempts = 8
    /// Seconds after a send whose answer was lost during which the forum may still be storing it
    /// (a PHP forum finishes a request its client gave up on): a check that finds nothing before
    /// then is made again at its end before anything is sent again.
    public var grace = 60

    public init() {}

    /// The config.toml keys, with the values each takes: waits of up to an hour (the cap up to a
    /// day), and a number of tries that still ends within days at the longest waits.
    static var keys: [(String, WritableKeyPath<RetrySettings, Int>, NumberBound)] { [
        ("retry_base", \.base, NumberBound(1...3_600, unit: "seconds")),
        ("retry_cap", \.cap, NumberBound(1...86_400, unit: "seconds")),
        ("retry_attempts", \.attempts, NumberBound(1...100, unit: "tries")),
        ("reconcile_grace", \.grace, NumberBound(1...3_600, unit: "seconds")),
    ] }
}

/// The whole numbers a config.toml key accepts, as its error message names them.
struct NumberBound: Sendable, CustomStringConvertible {
    var range: ClosedRange<Int>
    var unit: String

    init(_ range: ClosedRange<Int>, unit: String) {
        self.range = range
        self.unit = unit
    }

    var description: String { "a whole number of \(unit) from \(range.lowerBound) to \(range.upperBound)" }
}
