import ArgumentParser

struct TemplatesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "templates",
        abstract: "Manage templates: stored prototypes that new drafts are cloned from.",
        subcommands: [TemplatesList.self, TemplatesShow.self, TemplatesNew.self, TemplatesEdit.self,
                      TemplatesRm.self, TemplatesImport.self],
        defaultSubcommand: TemplatesList.self)
}
