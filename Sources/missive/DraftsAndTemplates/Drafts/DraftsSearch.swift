import Application
import ArgumentParser
import Foundation

extension DraftsCommand {
    struct Search: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "search",
            abstract: "Search the subjects and bodies of open drafts, best matches first.",
            discussion: """
                Every word must appear (as the start of a word): `flood contr` finds "flood control". \
                With --all, what was sent or deleted is searched too: where did I say that? On a terminal \
                the words found are bold; piped or with NO_COLOR they are not marked at all (--json marks \
                them [word]). When no open draft matches but sent or deleted ones do, it says so.
                """)

        @Argument(help: ArgumentHelp("The words to look for.", valueName: "query"))
        var query: [String]

        @Flag(name: .long, help: "Search sent and deleted drafts too (marked [sent], [deleted]).")
        var all = false

        @Option(name: .long, help: ArgumentHelp("Show at most this many of the best matches.", valueName: "n"))
        var limit = 50

        @Flag(name: .long, help: "Print JSON for scripts.")
        var json = false

        @OptionGroup var headerOptions: HeaderOptions

        func validate() throws {
            if query.joined().allSatisfy(\.isWhitespace) { throw ValidationError("give some words to search for") }
            if limit < 1 { throw ValidationError("--limit must be at least 1") }
        }

        func run() async throws {
            let workspace = try Workspace.open(access: .readOnly)
            let search = workspace.searchDrafts()
            let (rows, damaged) = try search.run(query, includeClosed: all, limit: limit)
            // Matches that a damaged store cannot show are said, never silently left out.
            if let damaged {
                guard !rows.isEmpty else { throw damaged }
                Console.note(damaged.description)
            }
            // Scripts keep the marks they always had: `[word]` in the excerpt.
            let marks = json ? MatchStyle.brackets : TableTerminal.colour() ? .bold : .none
            let shown = rows.map { row in
                var row = row
                row.excerpt = marks.render(row.excerpt)
                return row
            }
            if json { return try printJSON(shown.map(DraftJSON.init)) }
            var table = DraftTable()
            for row in shown { table.append(row) }
            table.print(empty: try rows.isEmpty && !all ? nothingOpenMatches(search) : "no draft matches",
                        headers: headerOptions.headers)
        }

        /// What to say when no open draft matches: that some sent or deleted ones do, and the
        /// command that shows them, when they do.
        private func nothingOpenMatches(_ search: SearchDrafts) throws -> String {
            let closed = try search.closedMatches(query)
            guard !closed.isEmpty else { return "no draft matches" }
            let words = query.map(ShellWord.quote).joined(separator: " ")
            return "no open draft matches; \(closed.phrase): `missive drafts search \(words) --all`"
        }
    }
}

/// How the words found are marked in an excerpt.
enum MatchStyle {
    /// `--json`: `[word]`, as scripts have always read them.
    case brackets
    /// A terminal with colour: bold, which takes no columns and no characters of the text.
    case bold
    /// Piped or NO_COLOR: no marks at all. Any character added would be read as text (a bracket
    /// as BBCode, a star as Markdown) by whatever the lines are pasted into.
    case none

    func render(_ excerpt: String) -> String {
        switch self {
        case .brackets: MatchMarks.render(excerpt, before: "[", after: "]")
        case .bold: MatchMarks.render(excerpt, before: "\u{1B}[1m", after: "\u{1B}[0m")
        case .none: MatchMarks.render(excerpt, before: "", after: "")
        }
    }
}
