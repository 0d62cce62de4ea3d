import Common

/// `profiles use`: the profile commands use when none is named.
public struct UseProfile: Sendable {
    let file: ConfigFile

    public init(_ file: ConfigFile) {
        self.file = file
    }

    public func run(_ name: String) throws {
        var config = file.config
        _ = try config.profile(named: name)
        config.defaultProfile = name
        try file.save(config)
        file.console.print("The default profile is now \(name).")
    }
}
