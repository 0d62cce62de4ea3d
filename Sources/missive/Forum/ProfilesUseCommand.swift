import ArgumentParser
import Common

/// `missive profiles use`: chooses the default profile.
struct ProfilesUseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "use", abstract: "Make a profile the default.")

    @Argument(help: "The profile to use by default.")
    var name: String

    func run() throws {
        let paths = MissivePaths.resolve()
        var config = try Config.load(from: paths)
        _ = try config.profile(named: name)
        config.defaultProfile = name
        try config.saveNotingLink(to: paths)
        print("The default profile is now \(name).")
    }
}
