import Application
import ArgumentParser
import Foundation

extension DraftsCommand {
    struct History: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "history",
            abstract: "List a draft's revisions, oldest first; * marks the current one.")

        @Argument(help: ArgumentHelp("The draft id.", valueName: "id"), transform: DraftNumber.parse)
        var id: Int64

        @Flag(name: .long, help: "Print JSON: a list of revision, current, created_at, words, subject, note, needs_fixing.")
        var json = false

        func run() async throws {
            let workspace = try Workspace.open(access: .readOnly)
            let (current, revisions) = try workspace.draftRevisions().run(id)
            if json { return try printJSON(revisions.map { RevisionJSON($0, current: current) }) }
            // No header line, as ever, but the columns laid out as every table's; the mark of the
            // current revision goes with its number ("* 3").
            var table = TextTable([("", 6), ("", 30), ("", 0)])
            for revision in revisions {
                let mark = revision.number == current ? "*" : " "
                let when = Timestamp.local(revision.createdAt, now: workspace.now)
                var notes = [String]()
                if let note = revision.note { notes.append(note) }
                if revision.raw != nil { notes.append("needs fixing") }
                let words = RevisionJSON.words(revision)
                let subject = revision.content.subject.isEmpty ? "" : "  \"\(revision.content.subject)\""
                table.append(["\(mark) \(revision.number)", when, "\(words) word\(words == 1 ? "" : "s")\(subject)"
                    + (notes.isEmpty ? "" : "  (\(notes.joined(separator: "; ")))")])
            }
            Console.write(table.render(width: TableTerminal.width(), headers: false))
        }
    }
}

/// One revision of `drafts history --json`; note is null when the revision has none.
/// Not the `Revision`: a word count and flags in place of its content and raw text.
struct RevisionJSON: Encodable {
    var revision: Int
    var current: Bool
    var createdAt: Date
    var words: Int
    var subject: String
    @JSONNull var note: String?
    var needsFixing: Bool

    init(_ revision: Revision, current: Int) {
        self.revision = revision.number
        self.current = revision.number == current
        createdAt = revision.createdAt
        words = Self.words(revision)
        subject = revision.content.subject
        note = revision.note
        needsFixing = revision.raw != nil
    }

    static func words(_ revision: Revision) -> Int {
        revision.content.body.split(whereSeparator: \.isWhitespace).count
    }
}
