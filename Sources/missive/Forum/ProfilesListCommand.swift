import ArgumentParser
import Common
import Foundation

/// `missive profiles list`: every profile, the default one marked.
struct ProfilesListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the profiles; * marks the default.")

    @Flag(help: "Print JSON: a list of name, engine, base_url, username, dialect, theme, default.")
    var json = false

    @OptionGroup var headerOptions: HeaderOptions

    struct Entry: Encodable {
        var name: String
        var engine: String
        var baseURL: String
        @JSONNull var username: String?
        @JSONNull var dialect: String?
        @JSONNull var theme: String?
        var isDefault: Bool

        enum CodingKeys: String, CodingKey {
            case name, engine, baseURL = "base_url", username, dialect, theme, isDefault = "default"
        }
    }

    func run() throws {
        let config = try Config.load(from: MissivePaths.resolve())
        let entries = config.profiles.map {
            Entry(name: $0.name, engine: $0.engine.rawValue, baseURL: $0.baseURL, username: $0.username, dialect: $0.dialect?.rawValue,
                  theme: $0.theme, isDefault: $0.name == config.defaultProfile)
        }
        if json { return try printJSON(entries) }
        var table = TextTable([("", 2), ("NAME", 16), ("ENGINE", 10), ("USER", 16), ("URL", 0)])
        for entry in entries {
            table.append([entry.isDefault ? "*" : " ", entry.name, entry.engine, entry.username ?? "-", entry.baseURL])
        }
        print(table.render(width: TableTerminal.width(), headers: headerOptions.headers), terminator: "")
    }
}
