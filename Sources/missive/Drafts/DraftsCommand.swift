import ArgumentParser

struct DraftsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "drafts",
        abstract: "List, show, edit, search and restore drafts and their revisions.",
        subcommands: [
            DraftsList.self, DraftsShow.self, DraftsEdit.self, DraftsRm.self, DraftsSearch.self,
            DraftsHistory.self, DraftsDiff.self, DraftsRestore.self, DraftsExport.self, DraftsImport.self,
        ],
        defaultSubcommand: DraftsList.self)
}
