import ArgumentParser

/// `missive profiles`: the forum accounts in config.toml.
struct ProfilesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profiles",
        abstract: "List, add, remove and choose forum profiles.",
        discussion: """
            A profile is one forum account: its engine, base URL, username and BBCode dialect. \
            The default profile is used when a command is not given --profile; after \
            `missive init` it points at the local sandbox forum.
            """,
        subcommands: [List.self, Add.self, Remove.self, Use.self],
        defaultSubcommand: List.self
    )
}
