import Common
import Foundation

/// `profiles rm`: a profile out of config.toml, and its session forgotten.
public struct RemoveProfile: Sendable {
    let file: ConfigFile

    public init(_ file: ConfigFile) {
        self.file = file
    }

    public struct LastProfile: MissiveError {
        var name: String
        public var status: ExitStatus { .usage }
        public var description: String { "\(name) is the only profile; add another before removing it" }
    }

    public func run(_ name: String) throws {
        var config = file.config
        _ = try config.profile(named: name)
        guard config.profiles.count > 1 else { throw LastProfile(name: name) }
        config.profiles.removeAll { $0.name == name }
        if config.defaultProfile == name { config.defaultProfile = config.profiles[0].name }
        try file.save(config)
        try? FileManager.default.removeItem(at: file.paths.cookieJar(for: name))
        file.console.print("Removed profile \(name); the default is \(config.defaultProfile).")
    }
}
