import ArgumentParser

extension ProfilesCommand {
    /// `missive profiles rm`: removes a profile and its cookie jar.
    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rm",
            abstract: "Remove a profile and forget its session.",
            discussion: "Removing the default profile makes the first remaining one the default. The last profile cannot be removed."
        )

        @Argument(help: "The profile to remove.")
        var name: String

        func run() throws {
            try Home.load().removeProfile().run(name)
        }
    }
}
