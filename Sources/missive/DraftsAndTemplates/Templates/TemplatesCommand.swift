import ArgumentParser

struct TemplatesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "templates",
        abstract: "Manage templates: stored prototypes that new drafts are cloned from.",
        subcommands: [List.self, Show.self, New.self, Edit.self,
                      Remove.self, Import.self],
        defaultSubcommand: List.self)
}
