import ArgumentParser

struct DraftsHistory: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List a draft's revisions, oldest first; * marks the current one.")

    @Argument(help: ArgumentHelp("The draft id.", valueName: "id"))
    var id: Int64

    func run() async throws {
        let workspace = try Workspace.open(access: .readOnly)
        let draft = try workspace.store.draft(id)
        for revision in try workspace.store.revisions(of: id) {
            let mark = revision.number == draft.revision ? "*" : " "
            let when = Timestamp.iso8601(revision.createdAt)
            var notes = [String]()
            if let note = revision.note { notes.append(note) }
            if revision.raw != nil { notes.append("needs fixing") }
            let words = revision.content.body.split(whereSeparator: \.isWhitespace).count
            let subject = revision.content.subject.isEmpty ? "" : "  \"\(revision.content.subject)\""
            Console.print("\(mark) \(DraftTable.pad(String(revision.number), 4))\(when)  \(words) word\(words == 1 ? "" : "s")\(subject)"
                + (notes.isEmpty ? "" : "  (\(notes.joined(separator: "; ")))"))
        }
    }
}
