import Common

/// config.toml for the use cases that change it: what was read, where it goes back, and the
/// console that says where it went.
public struct ConfigFile: Sendable {
    public var paths: MissivePaths
    public var config: Config
    public var console: any ConsoleOutput

    public init(paths: MissivePaths, config: Config, console: any ConsoleOutput) {
        self.paths = paths
        self.config = config
        self.console = console
    }

    func save(_ config: Config) throws {
        try config.save(to: paths, console: console)
    }
}
