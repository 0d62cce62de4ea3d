import Application
import ArgumentParser
import Common
import Foundation

/// `missive smilies [SEARCH]`: the forum's smilie codes, cached for a day.
struct SmiliesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "smilies",
        abstract: "List the forum's smilie codes, optionally only those matching SEARCH.",
        discussion: """
            The list is fetched from the forum at most once a day and kept in the cache directory \
            ($XDG_CACHE_HOME/missive/smilies-PROFILE.json); --refresh fetches it now.
            """
    )

    @OptionGroup var forum: ForumOptions

    @Argument(help: "Show only smilies whose code, group or title contains this (case-insensitive).")
    var search: String?

    @Flag(help: "Fetch the list from the forum even if the cached copy is fresh.")
    var refresh = false

    @Flag(help: "Print JSON: a list of code, group, image_url, title.")
    var json = false

    @OptionGroup var headerOptions: HeaderOptions

    func run() async throws {
        let shown = try await Home.load().listSmilies(forum).run(search: search, refresh: refresh)
        if json { return try printJSON(shown) }
        var table = TextTable([("CODE", 0), ("GROUP", 0), ("TITLE", 0)])
        for smilie in shown {
            table.append([smilie.code, smilie.group, smilie.title ?? ""])
        }
        Console.write(table.render(width: TableTerminal.width(), headers: headerOptions.headers))
    }
}
