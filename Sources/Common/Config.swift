import Foundation

/// One forum account Missive posts with. Engine and dialect are decided when config.toml is read;
/// a theme name is checked where the themes are known (Markup's `ThemeSelection`, `profiles add`),
/// since the user's own theme files count among them.
public struct Profile: Sendable, Equatable {
    public var name: String
    /// The forum software, which picks the adapter (the sandbox speaks Something Awful's).
    public var engine: ForumEngine
    public var baseURL: String
    public var username: String?
    /// BBCode dialect for conversion; nil means the engine's own.
    public var dialect: Dialect?
    /// Preview theme for this profile; `forumThemes` overrides it per forum id, as Awful.app does.
    public var theme: String?
    public var forumThemes: [String: String]
    /// The Imgur API v3-compatible image host that local images go to (`image_api`), and the
    /// application's client id for anonymous uploads (`image_client_id`). The user's own token
    /// is a secret and lives beside the cookie jar, not here.
    public var imageAPI: String?
    public var imageClientID: String?
    /// How many of a thread's latest posts a reply's buffer shows below its cut line (`context`);
    /// nil for the default, 0 for none.
    public var contextPosts: Int?
    /// How late a scheduled item may still go out (`late_limit`): one whose time passed longer ago
    /// while no sender ran is held for the user instead. Nil: the top level's, or no limit.
    public var lateLimit: TimeInterval?
    /// `notify_command`: run once for each new thing `status --notify` finds (nil: the top level's).
    public var notifyCommand: String?

    /// The default of `contextPosts`.
    public static let defaultContextPosts = 5
    /// The reply page carries the 40 newest posts: more cannot be shown without more requests.
    static let contextBound = NumberBound(0...40, unit: "posts")
    /// The config file this profile was read from, and the line of each of its keys there
    /// ("dialect", "forum_themes.219"), so that a value only Missive's other modules can judge
    /// (a theme) is reported where it was written. Empty for a profile made in code.
    public var file: String?
    public var lines: [String: Int] = [:]

    /// Names become TOML keys and cookie-jar file names.
    public static let maxNameLength = 64

    /// Why `name` cannot name a profile, or nil when it can.
    public static func nameProblem(_ name: String) -> ProfileNameProblem? {
        let allowed = name.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
        }
        if name.isEmpty || !allowed { return .characters }
        if name.count > maxNameLength { return .length(name.count) }
        return nil
    }

    public init(
        name: String, engine: ForumEngine = .somethingawful, baseURL: String, username: String? = nil,
        dialect: Dialect? = nil, theme: String? = nil, forumThemes: [String: String] = [:]
    ) {
        self.name = name
        self.engine = engine
        self.baseURL = baseURL
        self.username = username
        self.dialect = dialect
        self.theme = theme
        self.forumThemes = forumThemes
    }

    /// `text` as a forum's address: http or https, with a host; nil for anything else.
    public static func forumAddress(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              url.host?.isEmpty == false
        else { return nil }
        return url
    }

    /// The dialect posts are converted to: the one config.toml names, else the engine's.
    public var bbcodeDialect: Dialect { dialect ?? engine.dialect }

    /// Where a profile was read from does not make it another profile.
    public static func == (lhs: Profile, rhs: Profile) -> Bool {
        lhs.name == rhs.name && lhs.engine == rhs.engine && lhs.baseURL == rhs.baseURL && lhs.username == rhs.username
            && lhs.dialect == rhs.dialect && lhs.theme == rhs.theme && lhs.forumThemes == rhs.forumThemes
            && lhs.imageAPI == rhs.imageAPI && lhs.imageClientID == rhs.imageClientID && lhs.lateLimit == rhs.lateLimit
    }

    /// `FILE:LINE: profiles.NAME.KEY = "VALUE" is not WHAT; use one of A, B`: a value config.toml
    /// holds that Missive cannot use, said where it was written, with what would do instead.
    public func invalidValue(_ key: String, _ value: String, isNot what: String, validValues: [String]) -> String {
        ConfigError.invalidValue(file: file ?? Config.fileName, line: lines[key], key: "profiles.\(TOML.key(name)).\(key)",
                                 value: value, isNot: what, validValues: validValues).description
    }
}

/// What is wrong with a profile name.
public enum ProfileNameProblem: Sendable, Equatable {
    /// Empty, or a character other than a letter, digit, `-` or `_`.
    case characters
    /// Longer than `Profile.maxNameLength`.
    case length(Int)
}

public enum ConfigError: MissiveError, Equatable {
    case syntax(TOMLError)
    case wrongType(file: String, key: String, line: Int, expected: String)
    case missingKey(file: String, table: String, key: String)
    /// A value of a closed set (an engine, a dialect) that is none of its members.
    case invalidValue(file: String, line: Int?, key: String, value: String, isNot: String, validValues: [String])
    /// A `base_url` that is no http(s) address with a host.
    case notAnAddress(file: String, line: Int, key: String, value: String)
    /// A key Missive does not read: a typo would otherwise be ignored and its default used.
    case unknownKey(file: String, line: Int, key: String, known: [String])
    case unknownProfile(String, known: [String])
    case unknownRemote(String, known: [String])
    case unwritable(file: String, reason: String)
    case unreadable(file: String, reason: String)
    case badProfileName(file: String, line: Int, name: String, problem: ProfileNameProblem)
    /// A `[remotes.NAME]` whose name is not a word `queue --via NAME` can take.
    case badRemoteName(file: String, line: Int, name: String)

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
        case let .invalidValue(file, line, key, value, what, valid):
            "\(file)\(line.map { ":\($0)" } ?? ""): \(key) = \(TOML.quote(value)) is not \(what); "
                + "use one of \(valid.joined(separator: ", "))"
        case let .notAnAddress(file, line, key, value):
            "\(file):\(line): \(key) = \(TOML.quote(value)) is not an http:// or https:// address; "
                + "write the forum's address, as \"https://forums.somethingawful.com/\""
        case let .unknownKey(file, line, key, known):
            "\(file):\(line): \(key) is not a setting Missive reads; the settings there are \(known.joined(separator: ", "))"
        case let .unknownProfile(name, known):
            "no profile named \"\(name)\"; known: \(known.joined(separator: ", ")) (see `missive profiles list`)"
        case let .unknownRemote(name, known) where known.isEmpty:
            "no remote named \"\(name)\": add the box with `missive remotes add \(name) USER@HOST`"
        case let .unknownRemote(name, known):
            "no remote named \"\(name)\"; known: \(known.joined(separator: ", ")) (see `missive remotes list`)"
        case let .unwritable(file, reason): "cannot write \(file): \(reason)"
        case let .unreadable(file, reason): "cannot read \(file): \(reason)"
        case let .badRemoteName(file, line, name):
            "\(file):\(line): the remote name \(TOML.quote(name)) may use only letters, digits, - and _ (at most \(Profile.maxNameLength)); rename it there"
        case let .badProfileName(file, line, name, .characters):
            "\(file):\(line): the profile name \(TOML.quote(name)) may use only letters, digits, - and _; rename it there"
        case let .badProfileName(file, line, name, .length(count)):
            "\(file):\(line): the profile name \"\(name)\" has \(count) characters, more than the "
                + "\(Profile.maxNameLength) a name may have; shorten it there (and default_profile, if it names it)"
        }
    }
}

/// `config.toml` in the config directory. A missing file means the defaults, which point at the
/// local sandbox forum so that a new user can try everything without an account.
public struct Config: Sendable, Equatable {
    public static let fileName = "config.toml"
    /// The port `missive sandbox` listens on unless told otherwise.
    public static let sandboxPort = 8642
    /// The sandbox's flood control unless told otherwise: seconds between posts per user.
    public static let sandboxFloodInterval = 30
    public static let defaultUndoWindow = 10
    /// An hour is already far longer than anyone waits to take a send back.
    static let undoWindowBound = NumberBound(0...3_600, unit: "seconds")

    /// The editor command; nil falls back to VISUAL/EDITOR as git does.
    public var editor: String?
    /// Seconds a send waits in `pending` so that `missive undo` can still take it back.
    public var undoWindow: Int
    /// The outbox's retry policy (`retry_base`, `retry_cap`, `retry_attempts`, `reconcile_grace`).
    public var retry = RetrySettings()
    /// `late_limit` at the top: for every profile that sets none of its own (nil: no limit).
    public var lateLimit: TimeInterval?
    /// `soft_breaks`: a line break typed inside a paragraph stays one in the post (`newline`, as a
    /// forum's text box keeps it), or becomes a space (`space`, CommonMark's rule, for hard-wrapped text).
    public var softBreaks: SoftBreaks = .newline
    /// `notify_command` at the top: for every profile that sets none of its own (nil: notify-send
    /// where there is a desktop session, else nothing).
    public var notifyCommand: String?
    /// `check_interval`: how often the sender service checks for news to notify (never under 2 minutes).
    public var checkInterval: TimeInterval = Config.defaultCheckInterval
    public static let defaultCheckInterval: TimeInterval = 600
    public static let shortestCheckInterval: TimeInterval = 120
    public var defaultProfile: String
    public var profiles: [Profile]
    /// `ssh_command`: how ssh is run to reach a remote, as git's `core.sshCommand` (read by the
    /// shell, so it may carry options: `ssh -p 2222 -i ~/.ssh/box`). Missive always adds
    /// `-o BatchMode=yes`, so that ssh never stops a command to ask for a password or a host key.
    public var sshCommand: String?
    public static let defaultSSHCommand = "ssh"
    /// `[remotes.NAME]`: the always-on boxes that drafts can be handed to (`queue --via NAME`).
    public var remotes: [Remote] = []

    public init(editor: String? = nil, undoWindow: Int = Config.defaultUndoWindow,
                defaultProfile: String = "sandbox", profiles: [Profile] = [Config.sandboxProfile()]) {
        self.editor = editor
        self.undoWindow = undoWindow
        self.defaultProfile = defaultProfile
        self.profiles = profiles
    }

    public static func sandboxProfile(port: Int = Config.sandboxPort) -> Profile {
        var profile = Profile(name: "sandbox", baseURL: "http://127.0.0.1:\(port)/", username: "Missive Tester")
        profile.imageAPI = sandboxImageAPI(port: port)
        profile.imageClientID = sandboxImageClientID
        return profile
    }

    /// The client id the sandbox's image host expects, and the mark of a profile whose images go there.
    public static let sandboxImageClientID = "missive-sandbox"

    /// The sandbox's image API. The one place it is made from the sandbox's address; everything
    /// else reads a profile's `image_api`.
    public static func sandboxImageAPI(port: Int = Config.sandboxPort) -> String {
        "http://127.0.0.1:\(SandboxImageAPI.defaultPort(forForumPort: UInt16(clamping: port)))/"
    }

    /// The remote called `name`; an unknown one names those there are.
    public func remote(named name: String) throws(ConfigError) -> Remote {
        guard let remote = remotes.first(where: { $0.name == name }) else { throw .unknownRemote(name, known: remotes.map(\.name)) }
        return remote
    }

    public func profile(named name: String? = nil) throws(ConfigError) -> Profile {
        let wanted = name ?? defaultProfile
        guard let profile = profiles.first(where: { $0.name == wanted }) else {
            throw .unknownProfile(wanted, known: profiles.map(\.name))
        }
        return profile
    }

    /// The late limit of a profile's items: its own, else the top level's; nil for none.
    public func lateLimit(for profile: String) -> TimeInterval? {
        profiles.first { $0.name == profile }?.lateLimit ?? lateLimit
    }

    public static func file(in paths: MissivePaths) -> URL {
        paths.config.appendingPathComponent(fileName)
    }

    public static func load(from paths: MissivePaths) throws(ConfigError) -> Config {
        try load(directory: paths.config.path)
    }

    /// The config.toml in `directory`, read with plain open and read: `convert` reads it at every
    /// run, and Foundation's file reading brought in two megabytes of pages and a third of a
    /// small convert's instructions.
    public static func load(directory: String) throws(ConfigError) -> Config {
        let path = MissivePaths.join(directory, fileName)
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            // Only a missing file means the defaults: an unreadable one must not be silently
            // replaced by them (the next `profiles add` would write over the user's file).
            if errno == ENOENT || errno == ENOTDIR { return Config() }
            throw .unreadable(file: path, reason: errno == EACCES ? "permission denied" : String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(file: path, reason: errno == EISDIR ? "it is a directory" : String(cString: strerror(errno)))
            }
            bytes.append(contentsOf: chunk[..<count])
        }
        let text: String
        do {
            text = try TextInput.decode(Data(bytes), source: path)
        } catch {
            throw .syntax(TOMLError(source: path, line: 1, problem: error.description))
        }
        return try parse(text, source: path)
    }

    public static func parse(_ text: String, source: String) throws(ConfigError) -> Config {
        let document: TOMLDocument
        do {
            document = try TOML.parse(text, source: source)
        } catch {
            throw .syntax(error)
        }
        try checkKeys(of: document, source: source)
        func string(_ key: String) throws(ConfigError) -> String? {
            guard let value = document[key] else { return nil }
            guard let string = value.string else {
                throw .wrongType(file: source, key: key, line: document.line(of: key) ?? 0, expected: "a quoted string")
            }
            return string
        }
        /// A member of a closed set, decided here: a value that is none of them is an error now,
        /// not a default later.
        func member<Value: RawRepresentable & CaseIterable>(
            _ key: String, isNot what: String
        ) throws(ConfigError) -> Value? where Value.RawValue == String {
            guard let text = try string(key) else { return nil }
            guard let value = Value(rawValue: text) else {
                throw .invalidValue(file: source, line: document.line(of: key), key: key, value: text, isNot: what,
                                    validValues: Value.allCases.map(\.rawValue))
            }
            return value
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
        /// A length of time: "12h", "90m", "1d" (as `--at +12h` reads it), or whole seconds.
        func span(_ key: String) throws(ConfigError) -> TimeInterval? {
            guard let value = document[key] else { return nil }
            let seconds = value.integer.map(TimeInterval.init) ?? value.string.flatMap(DurationText.seconds)
            guard let seconds, seconds >= 1, seconds <= 366 * 86_400 else {
                throw .wrongType(file: source, key: key, line: document.line(of: key) ?? 0,
                                 expected: "a length of time from 1 second to a year, as \"12h\", \"90m\" or \"2d\"")
            }
            return seconds
        }
        config.lateLimit = try span("late_limit")
        if let breaks: SoftBreaks = try member("soft_breaks", isNot: "a way to write line breaks") { config.softBreaks = breaks }
        config.notifyCommand = try string("notify_command")
        if let interval = try span("check_interval") {
            guard interval >= Config.shortestCheckInterval else {
                throw .wrongType(file: source, key: "check_interval", line: document.line(of: "check_interval") ?? 0,
                                 expected: "at least 2 minutes (\"2m\"), so that the forum is not asked too often")
            }
            config.checkInterval = interval
        }
        for (key, path, bound) in RetrySettings.keys {
            if let value = try number(key, bound) { config.retry[keyPath: path] = value }
        }
        for name in document.tables(under: "profiles") {
            // The whole file is refused, at the table's line: `profiles add|use|rm` write the file
            // back from what was read, so a profile set aside here would be lost by the next one.
            if let problem = Profile.nameProblem(name) {
                throw .badProfileName(file: source, line: document.line(ofTable: "profiles.\(name)") ?? 0, name: name,
                                      problem: problem)
            }
            let prefix = "profiles.\(name)."
            guard let baseURL = try string(prefix + "base_url") else {
                throw .missingKey(file: source, table: "profiles.\(name)", key: "base_url")
            }
            guard Profile.forumAddress(baseURL) != nil else {
                throw .notAnAddress(file: source, line: document.line(of: prefix + "base_url") ?? 0, key: prefix + "base_url",
                                    value: baseURL)
            }
            var forumThemes: [String: String] = [:]
            for entry in document.entries where entry.key.hasPrefix(prefix + "forum_themes.") {
                forumThemes[String(entry.key.dropFirst((prefix + "forum_themes.").count))] = try string(entry.key)
            }
            var profile = Profile(
                name: name, engine: try member(prefix + "engine", isNot: "a forum engine Missive knows") ?? .somethingawful,
                baseURL: baseURL, username: try string(prefix + "username"),
                dialect: try member(prefix + "dialect", isNot: "a dialect Missive knows"),
                theme: try string(prefix + "theme"), forumThemes: forumThemes)
            if let api = try string(prefix + "image_api") {
                guard Profile.forumAddress(api) != nil else {
                    throw .wrongType(file: source, key: prefix + "image_api", line: document.line(of: prefix + "image_api") ?? 0,
                                     expected: "an http:// or https:// address of an Imgur-compatible API, as \"https://api.imgur.com/\"")
                }
                profile.imageAPI = api
            }
            if let id = try string(prefix + "image_client_id") {
                guard !id.isEmpty, id.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
                    throw .wrongType(file: source, key: prefix + "image_client_id",
                                     line: document.line(of: prefix + "image_client_id") ?? 0,
                                     expected: "an image host's client id: printable ASCII without spaces")
                }
                profile.imageClientID = id
            }
            profile.contextPosts = try number(prefix + "context", Profile.contextBound)
            profile.lateLimit = try span(prefix + "late_limit")
            profile.notifyCommand = try string(prefix + "notify_command")
            profile.file = source
            for entry in document.entries where entry.key.hasPrefix(prefix) {
                profile.lines[String(entry.key.dropFirst(prefix.count))] = entry.line
            }
            config.profiles.append(profile)
        }
        config.sshCommand = try string("ssh_command")
        for name in document.tables(under: "remotes") {
            if Profile.nameProblem(name) != nil {
                throw .badRemoteName(file: source, line: document.line(ofTable: "remotes.\(name)") ?? 0, name: name)
            }
            let prefix = "remotes.\(name)."
            guard let destination = try string(prefix + "dest") else {
                throw .missingKey(file: source, table: "remotes.\(name)", key: "dest")
            }
            if let problem = Remote.destinationProblem(destination) {
                throw .wrongType(file: source, key: prefix + "dest", line: document.line(of: prefix + "dest") ?? 0,
                                 expected: "a destination as ssh takes it (a host, or user@host), but \(problem)")
            }
            config.remotes.append(Remote(name: name, destination: destination, missive: try string(prefix + "missive") ?? Remote.defaultMissive))
        }
        if config.profiles.isEmpty { config.profiles = [sandboxProfile()] }
        config.defaultProfile = try string("default_profile") ?? config.profiles[0].name
        _ = try config.profile()  // a default that names no profile is an error now, not later
        return config
    }

    static let topKeys = ["editor", "undo_window"] + RetrySettings.keys.map(\.0)
        + ["late_limit", "soft_breaks", "notify_command", "check_interval", "default_profile", "ssh_command"]
    static let remoteKeys = ["dest", "missive"]
    static let profileKeys = ["engine", "base_url", "username", "dialect", "theme", "image_api", "image_client_id", "context",
                              "late_limit", "notify_command"]

    /// A key Missive does not read is an error, as in a theme file: a mistyped `dialcet` would
    /// otherwise leave the engine's dialect in place without a word.
    static func checkKeys(of document: TOMLDocument, source: String) throws(ConfigError) {
        for entry in document.entries {
            let parts = entry.key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            switch parts.count {
            case 1 where topKeys.contains(parts[0]): continue
            case 3 where parts[0] == "profiles" && profileKeys.contains(parts[2]): continue
            case 4 where parts[0] == "profiles" && parts[2] == "forum_themes":
                guard !parts[3].isEmpty, parts[3].allSatisfy(\.isASCII), parts[3].allSatisfy(\.isNumber) else {
                    throw .wrongType(file: source, key: entry.key, line: entry.line,
                                     expected: "named by a forum's number, as forum_themes.219")
                }
                continue
            case 3 where parts[0] == "remotes" && remoteKeys.contains(parts[2]): continue
            case 3 where parts[0] == "remotes":
                throw .unknownKey(file: source, line: entry.line, key: entry.key, known: remoteKeys)
            case 3 where parts[0] == "profiles":
                throw .unknownKey(file: source, line: entry.line, key: entry.key,
                                  known: profileKeys + ["forum_themes.FORUM"])
            default:
                throw .unknownKey(file: source, line: entry.line, key: entry.key, known: topKeys + ["[profiles.NAME]", "[remotes.NAME]"])
            }
        }
    }

    /// The file as Missive writes it; `parse(render())` gives back the same config.
    public func render() -> String {
        var lines = ["# Missive configuration. Edit by hand or with `missive profiles`.", ""]
        if let editor { lines.append("editor = \(TOML.quote(editor))") }
        lines.append("undo_window = \(undoWindow)  # seconds a send can still be taken back")
        for (key, path, _) in RetrySettings.keys where retry[keyPath: path] != RetrySettings()[keyPath: path] {
            lines.append("\(key) = \(retry[keyPath: path])")
        }
        if let lateLimit {
            lines.append("late_limit = \(TOML.quote(DurationText.text(lateLimit)))  # later than this, a missed item is held")
        }
        if softBreaks != Config().softBreaks {
            lines.append("soft_breaks = \(TOML.quote(softBreaks.rawValue))  # a typed line break inside a paragraph becomes a space")
        }
        if let command = notifyCommand { lines.append("notify_command = \(TOML.quote(command))  # runs once per new PM, quote or thread") }
        if checkInterval != Config.defaultCheckInterval {
            lines.append("check_interval = \(TOML.quote(DurationText.text(checkInterval)))  # how often the sender service checks for news")
        }
        if let sshCommand { lines.append("ssh_command = \(TOML.quote(sshCommand))  # how ssh reaches the remotes") }
        lines.append("default_profile = \(TOML.quote(defaultProfile))")
        for profile in profiles {
            lines += ["", "[profiles.\(TOML.key(profile.name))]"]
            lines.append("engine = \(TOML.quote(profile.engine.rawValue))")
            lines.append("base_url = \(TOML.quote(profile.baseURL))")
            if let username = profile.username { lines.append("username = \(TOML.quote(username))") }
            if let dialect = profile.dialect { lines.append("dialect = \(TOML.quote(dialect.rawValue))") }
            if let theme = profile.theme { lines.append("theme = \(TOML.quote(theme))") }
            if let api = profile.imageAPI { lines.append("image_api = \(TOML.quote(api))") }
            if let id = profile.imageClientID { lines.append("image_client_id = \(TOML.quote(id))") }
            if let posts = profile.contextPosts { lines.append("context = \(posts)  # posts shown below a reply's cut line") }
            if let limit = profile.lateLimit { lines.append("late_limit = \(TOML.quote(DurationText.text(limit)))") }
            if let command = profile.notifyCommand { lines.append("notify_command = \(TOML.quote(command))") }
            if !profile.forumThemes.isEmpty {
                lines += ["", "[profiles.\(TOML.key(profile.name)).forum_themes]"]
                for (forum, theme) in profile.forumThemes.sorted(by: { $0.key < $1.key }) {
                    lines.append("\(TOML.key(forum)) = \(TOML.quote(theme))")
                }
            }
        }
        for remote in remotes {
            lines += ["", "[remotes.\(TOML.key(remote.name))]", "dest = \(TOML.quote(remote.destination))"]
            if remote.missive != Remote.defaultMissive { lines.append("missive = \(TOML.quote(remote.missive))") }
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
