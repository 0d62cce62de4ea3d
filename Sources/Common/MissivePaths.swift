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
        let names = ["MISSIVE_HOME", "HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"]
        return names.reduce(into: [:]) { found, name in
            if let value = getenv(name) { found[name] = String(cString: value) }
        }
    }

    public static func resolve(environment: [String: String] = processEnvironment()) -> MissivePaths {
        if let home = nonEmpty(environment["MISSIVE_HOME"]) {
            let root = URL(fileURLWithPath: home, isDirectory: true)
            return MissivePaths(
                config: root.appendingPathComponent("config", isDirectory: true),
                data: root.appendingPathComponent("data", isDirectory: true),
                state: root.appendingPathComponent("state", isDirectory: true),
                cache: root.appendingPathComponent("cache", isDirectory: true)
            )
        }
        let user = URL(fileURLWithPath: nonEmpty(environment["HOME"]) ?? NSHomeDirectory(), isDirectory: true)
        // The spec says relative XDG paths are invalid and must be ignored.
        func base(_ variable: String, _ fallback: String) -> URL {
            if let value = nonEmpty(environment[variable]), value.hasPrefix("/") {
                return URL(fileURLWithPath: value, isDirectory: true)
            }
            return user.appendingPathComponent(fallback, isDirectory: true)
        }
        return MissivePaths(
            config: base("XDG_CONFIG_HOME", ".config").appendingPathComponent("missive", isDirectory: true),
            data: base("XDG_DATA_HOME", ".local/share").appendingPathComponent("missive", isDirectory: true),
            state: base("XDG_STATE_HOME", ".local/state").appendingPathComponent("missive", isDirectory: true),
            cache: base("XDG_CACHE_HOME", ".cache").appendingPathComponent("missive", isDirectory: true)
        )
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
