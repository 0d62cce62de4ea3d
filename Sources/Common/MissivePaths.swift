import Foundation

/// Where Missive keeps things, after the XDG base directory spec.
/// `MISSIVE_HOME=DIR` puts all four under DIR, which tests and the demo use.
public struct MissivePaths: Sendable, Equatable {
    /// config.toml, user themes and templates.
    public var config: URL
    /// The SQLite store and cookie jars.
    public var data: URL
    /// Logs and leftover editor buffers.
    public var state: URL
    /// What can be fetched again when lost (the forum's smilie list).
    public var cache: URL

    public init(config: URL, data: URL, state: URL, cache: URL) {
        self.config = config
        self.data = data
        self.state = state
        self.cache = cache
    }

    /// The variables `resolve` reads, as this process has them. Read one by one: the whole
    /// environment as a dictionary (ProcessInfo's) cost a start an eighth of a small convert.
    public static func processEnvironment() -> [String: String] {
        variables.reduce(into: [:]) { found, name in
            if let value = getenv(name) { found[name] = String(cString: value) }
        }
    }

    static let variables = ["MISSIVE_HOME", "HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"]

    public static func resolve(environment: [String: String] = processEnvironment()) -> MissivePaths {
        let found = directories { environment[$0] }
        return MissivePaths(
            config: URL(fileURLWithPath: found.config, isDirectory: true),
            data: URL(fileURLWithPath: found.data, isDirectory: true),
            state: URL(fileURLWithPath: found.state, isDirectory: true),
            cache: URL(fileURLWithPath: found.cache, isDirectory: true)
        )
    }

    /// The config directory of this process, as a path: for `convert`, which reads config.toml
    /// and nothing else, and starts faster without URLs or the environment as a dictionary.
    public static func configDirectoryOfThisProcess() -> String {
        directories { getenv($0).map { String(cString: $0) } }.config
    }

    /// The four directories as paths, from the variables `lookup` answers.
    static func directories(_ lookup: (String) -> String?) -> (config: String, data: String, state: String, cache: String) {
        if let home = nonEmpty(lookup("MISSIVE_HOME")) {
            return (join(home, "config"), join(home, "data"), join(home, "state"), join(home, "cache"))
        }
        let user = nonEmpty(lookup("HOME")) ?? NSHomeDirectory()
        // The spec says relative XDG paths are invalid and must be ignored.
        func base(_ variable: String, _ fallback: String) -> String {
            if let value = nonEmpty(lookup(variable)), value.hasPrefix("/") { return value }
            return join(user, fallback)
        }
        return (
            join(base("XDG_CONFIG_HOME", ".config"), "missive"), join(base("XDG_DATA_HOME", ".local/share"), "missive"),
            join(base("XDG_STATE_HOME", ".local/state"), "missive"), join(base("XDG_CACHE_HOME", ".cache"), "missive")
        )
    }

    /// `directory/name`, with one slash between them, as URL's appendingPathComponent joins them.
    static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// Creates the config, data and state directories, private to the user (0700). The cache
    /// directory is made by whatever first caches something.
    public func createDirectories() throws {
        for directory in [config, data, state] {
            try Self.createPrivateDirectory(directory)
        }
    }

    /// Creates `directory` (0700) when missing. An existing one is tightened only when others may
    /// use it, and never through a link (a folder kept elsewhere on purpose is the user's to set);
    /// a private one is left as it is, so a 0500 folder stays 0500.
    public static func createPrivateDirectory(_ directory: URL) throws {
        var info = stat()
        if stat(directory.path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            if info.st_mode & 0o077 != 0, !PrivateFile.isSymbolicLink(directory.path) {
                try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory.path)
            }
            return
        }
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    private static func nonEmpty(_ value: String?) -> String? {
        guard let value, !value.isEmpty else { return nil }
        return value
    }
}
