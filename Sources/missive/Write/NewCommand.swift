import Application
import ArgumentParser
import Compose

struct NewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Start a draft from a template.",
        discussion: """
            Clones the template (and its parents) into a new, independent draft: variables are \
            filled from --var NAME=VALUE and the built-ins (date, time, thread, to, forum, subject, \
            profile). Every missing or unknown variable is reported before the editor opens. \
            Prints the draft id.
            """)

    @OptionGroup var options: ComposeOptions
    @OptionGroup var delivery: DeliveryOptions

    func validate() throws {
        if options.template == nil { throw ValidationError("missive new needs --template NAME (see `missive templates list`)") }
        if options.forceNew { throw ValidationError("--new is implied: a template always starts a new draft") }
    }

    func run() async throws {
        let workspace = try Workspace.open()
        let draft = try await workspace.composeDraft(options, delivery: delivery).run(base: nil, fixed: [:])
        try await delivery.deliver(draft, workspace: workspace)
    }
}
