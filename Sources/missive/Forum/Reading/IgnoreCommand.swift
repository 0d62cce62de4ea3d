import Application
import ArgumentParser
import Foundation

/// `missive ignore [list|add NAME|remove NAME]`: the forum's ignore list.
struct IgnoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ignore",
        abstract: "List the members you ignore on the forum, or add and remove one.",
        discussion: "Something Awful profiles only: the forum refuses to ignore its moderators and admins. "
            + "`read` and the reply context show an ignored member's posts as one line. Misago has no ignore list "
            + "(its API cannot block a member): a misago profile is told so (exit 69).",
        subcommands: [List.self, Add.self, Remove.self],
        defaultSubcommand: List.self
    )

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "The names on your ignore list.")

        @OptionGroup var forum: ForumOptions

        @Flag(help: ArgumentHelp("Print JSON: an array of names."))
        var json = false

        func run() async throws {
            let names = try await Home.load().changeIgnoreList(forum).list()
            IgnoreCommand.print(names, json: json)
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Ignore a member.")

        @OptionGroup var forum: ForumOptions

        @Argument(help: ArgumentHelp("The member's name as the forum writes it.", valueName: "name"))
        var name: String

        @Flag(help: ArgumentHelp("Print JSON: the list afterwards, an array of names."))
        var json = false

        func run() async throws {
            let names = try await Home.load().changeIgnoreList(forum).run(.add(name))
            IgnoreCommand.print(names, json: json)
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Stop ignoring a member.")

        @OptionGroup var forum: ForumOptions

        @Argument(help: ArgumentHelp("The member's name as the list shows it.", valueName: "name"))
        var name: String

        @Flag(help: ArgumentHelp("Print JSON: the list afterwards, an array of names."))
        var json = false

        func run() async throws {
            let names = try await Home.load().changeIgnoreList(forum).run(.remove(name))
            IgnoreCommand.print(names, json: json)
        }
    }

    static func print(_ names: [String], json: Bool) {
        if json {
            Console.write((try? encodeJSON(names)) ?? "[]\n")
            return
        }
        if names.isEmpty { return Console.print("You ignore nobody.") }
        for name in names { Console.print(name) }
    }
}
