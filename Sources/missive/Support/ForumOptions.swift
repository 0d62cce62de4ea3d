import ArgumentParser

/// `--profile` and `--timeout`, shared by every command that talks to a forum.
struct ForumOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The profile to use (default: default_profile in config.toml).", valueName: "name"))
    var profile: String?

    @Option(help: ArgumentHelp("Give up on a forum request after this many seconds (1 to 3600).", valueName: "seconds"))
    var timeout: Int = 60

    /// An hour is longer than any forum request should take; the bound also keeps the figure
    /// far from what a Duration in milliseconds can hold.
    static let timeoutRange = 1...3600

    func validate() throws {
        guard Self.timeoutRange.contains(timeout) else {
            throw ValidationError("--timeout must be from \(Self.timeoutRange.lowerBound) to \(Self.timeoutRange.upperBound) seconds.")
        }
    }
}
