import ArgumentParser

/// `missive pm`: writing a message is the default (`pm USER ...` is `pm write USER ...`), and
/// `pm show ID` reads one, so a message can be read and answered from one command.
struct PMCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pm",
        abstract: "Write a private message in your editor, or read one with `pm show ID`.",
        discussion: """
            missive pm USER [--subject S] [--reply-to PM | --forward PM] writes a message \
            (`missive pm write --help` lists every option). --reply-to and --forward start the \
            draft with the message quoted from the forum.

            missive pm show ID reads a message (the same as `missive inbox show ID`); ID is its \
            number or its URL. To write to a user whose name is "show" or "write", name the \
            subcommand: `missive pm write show`.
            """,
        subcommands: [Write.self, Show.self],
        defaultSubcommand: Write.self)
}
