import Application
import ArgumentParser
import Foundation
import Store

struct DraftsSearch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search the subjects and bodies of open drafts, best matches first.",
        discussion: """
            Every word must appear (as the start of a word): `flood contr` finds "flood control". \
            With --all, what was sent or deleted is searched too: where did I say that?
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
        let rows = try SearchDrafts(store: workspace.store).run(query, includeClosed: all, limit: limit)
        if json { try DraftJSON.print(rows.map(DraftJSON.init)) } else {
            var table = DraftTable()
            let terms = query.flatMap { $0.split(whereSeparator: \.isWhitespace) }.map(String.init)
            let colour = TableTerminal.colour()
            for var row in rows {
                row.excerpt = Self.highlight(row.excerpt, terms: terms, colour: colour)
                table.append(row)
            }
            table.print(empty: "no draft matches", headers: headerOptions.headers)
        }
    }
}

extension DraftsSearch {
    /// The excerpt with SQLite's match marks (`[word]` around each word found) made bold
    /// (ESC[1m … ESC[0m) when `colour`, or taken away. Only a bracketed single word that starts
    /// with one of the search `terms` counts as a mark: BBCode's `[b]` and `[quote]` stay.
    static func highlight(_ excerpt: String, terms: [String], colour: Bool) -> String {
        let folded = terms.map { $0.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil) }
        var output = ""
        var rest = Substring(excerpt)
        while let open = rest.firstIndex(of: "[") {
            output += rest[..<open]
            let after = rest[rest.index(after: open)...]
            if let close = after.firstIndex(where: { $0 == "]" || $0 == "[" || $0.isWhitespace }), after[close] == "]" {
                let word = after[..<close]
                let key = word.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
                if !word.isEmpty, folded.contains(where: { key.hasPrefix($0) }) {
                    output += colour ? "\u{1B}[1m\(word)\u{1B}[0m" : String(word)
                    rest = after[after.index(after: close)...]
                    continue
                }
            }
            output += "["
            rest = after
        }
        return output + rest
    }
}
