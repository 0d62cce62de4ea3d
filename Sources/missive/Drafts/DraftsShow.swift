import ArgumentParser
import Compose

struct DraftsShow: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print a draft (or one of its revisions) in the buffer format.")

    @Argument(help: ArgumentHelp("The draft id.", valueName: "id"))
    var id: Int64

    @Option(name: .long, help: ArgumentHelp("Show this revision instead of the current one.", valueName: "rev"))
    var revision: Int?

    @Flag(name: .long, help: "Print JSON for scripts.")
    var json = false

    func run() async throws {
        let workspace = try Workspace.open(access: .readOnly)
        var draft = try workspace.store.draft(id)
        if let revision {
            let old = try workspace.store.revision(of: id, number: revision)
            draft.content = old.content
            draft.raw = old.raw
            draft.problem = old.problem
            draft.revision = old.number
        }
        if json {
            try DraftJSON.print(DraftJSON(draft))
        } else if let raw = draft.raw {
            Console.note("draft \(id) needs fixing: \(draft.problem ?? "its front matter has errors")")
            Console.print(raw)
        } else {
            Console.print(Buffer.render(draft.content).trimmingTrailingNewlines())
        }
    }
}

extension String {
    func trimmingTrailingNewlines() -> String {
        var text = self
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
