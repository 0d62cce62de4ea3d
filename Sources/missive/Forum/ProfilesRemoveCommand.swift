import ArgumentParser
import Common
import Foundation

/// `missive profiles rm`: removes a profile and its cookie jar.
struct ProfilesRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rm",
        abstract: "Remove a profile and forget its session.",
        discussion: "Removing the default profile makes the first remaining one the default. The last profile cannot be removed."
    )

    @Argument(help: "The profile to remove.")
    var name: String

    struct LastProfile: MissiveError {
        var name: String
        var status: ExitStatus { .usage }
        var description: String { "\(name) is the only profile; add another before removing it" }
    }

    func run() throws {
        let paths = MissivePaths.resolve()
        var config = try Config.load(from: paths)
        _ = try config.profile(named: name)
        guard config.profiles.count > 1 else { throw LastProfile(name: name) }
        config.profiles.removeAll { $0.name == name }
        if config.defaultProfile == name { config.defaultProfile = config.profiles[0].name }
        try config.saveNotingLink(to: paths)
        try? FileManager.default.removeItem(at: ForumConnection.cookieJar(for: name, in: paths))
        print("Removed profile \(name); the default is \(config.defaultProfile).")
    }
}
