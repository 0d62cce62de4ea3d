import Application
import ArgumentParser

extension ProfilesCommand {
    /// `missive profiles list`: every profile, the default one marked.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the profiles; * marks the default.")

        @Flag(help: "Print JSON: a list of name, engine, base_url, username, dialect, theme, default.")
        var json = false

        @OptionGroup var headerOptions: HeaderOptions

        func run() throws {
            let entries = try Home.load().listProfiles().run()
            if json { return try printJSON(entries) }
            var table = TextTable([("", 2), ("NAME", 16), ("ENGINE", 10), ("USER", 16), ("URL", 0)])
            for entry in entries {
                table.append([entry.isDefault ? "*" : " ", entry.name, entry.engine, entry.username ?? "-", entry.baseURL])
            }
            Console.write(table.render(width: TableTerminal.width(), headers: headerOptions.headers))
        }
    }
}
