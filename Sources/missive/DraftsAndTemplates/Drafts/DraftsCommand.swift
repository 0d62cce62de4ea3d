import ArgumentParser

struct DraftsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "drafts",
        abstract: "List, show, edit, search and restore drafts and their revisions.",
        subcommands: [
            List.self, Show.self, Edit.self, Remove.self, Search.self,
            History.self, Diff.self, Restore.self, Export.self, Import.self,
        ],
        defaultSubcommand: List.self)
}
