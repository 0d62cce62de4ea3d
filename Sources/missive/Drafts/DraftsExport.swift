import ArgumentParser
import Common
import Compose
import Foundation

struct DraftsExport: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write drafts as buffer files (draft-ID.md), or one draft to stdout.",
        discussion: "`missive drafts import` reads the files back.")

    @Argument(help: ArgumentHelp("Draft ids; all open drafts when none are given.", valueName: "id"))
    var ids: [Int64] = []

    @Option(name: .long, help: ArgumentHelp("The directory to write into (created if missing).", valueName: "dir"))
    var to: String?

    func validate() throws {
        if to == nil, ids.count != 1 { throw ValidationError("give --to DIR, or exactly one id to print it") }
    }

    func run() async throws {
        let workspace = try Workspace.open(access: .readOnly)
        let ids = self.ids.isEmpty ? try workspace.store.list().map(\.id) : self.ids
        let drafts = try ids.map { try workspace.store.draft($0) }
        guard let to else {
            if let draft = drafts.first { Console.print(draft.raw ?? Buffer.render(draft.content).trimmingTrailingNewlines()) }
            return
        }
        let directory = URL(fileURLWithPath: to, isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            for draft in drafts {
                let file = directory.appendingPathComponent("draft-\(draft.id).md")
                try PrivateFile.write(Data((draft.raw ?? Buffer.render(draft.content)).utf8), to: file)
            }
        } catch let error as PrivateFile.WriteError {
            throw CommandError(.cantCreate, "cannot write into \(to): \(error.reason)")
        } catch {
            throw CommandError(.cantCreate, "cannot write into \(to): \(error.localizedDescription)")
        }
        Console.note("wrote \(drafts.count) draft(s) to \(to)")
    }
}
