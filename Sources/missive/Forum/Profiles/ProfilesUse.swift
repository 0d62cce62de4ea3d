import ArgumentParser

extension ProfilesCommand {
    /// `missive profiles use`: chooses the default profile.
    struct Use: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "use", abstract: "Make a profile the default.")

        @Argument(help: "The profile to use by default.")
        var name: String

        func run() throws {
            try Home.load().useProfile().run(name)
        }
    }
}
