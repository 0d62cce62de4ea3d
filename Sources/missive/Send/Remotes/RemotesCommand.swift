import Application
import ArgumentParser
import Common
import Foundation

/// `missive remotes`: the always-on boxes drafts can be handed to (`missive queue DRAFT --via NAME`).
struct RemotesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remotes",
        abstract: "The always-on boxes that queued drafts can be handed to over ssh.",
        discussion: """
            A laptop that sleeps can hand its queue to a machine that stays up: `missive remotes add \
            box me@box.example`, then `missive queue DRAFT --via box` hands the draft to the Missive \
            there, whose sender (`missive service install` on the box) sends it when it is due. \
            ssh is the system's, run as ssh_command in config.toml says (default: ssh), always with \
            BatchMode: it never stops to ask for a password or a host key.
            """,
        subcommands: [Add.self, List.self, Remove.self, Check.self])
}

extension RemotesCommand {
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a box to hand drafts to.")

        @Argument(help: ArgumentHelp("The remote's name (letters, digits, - and _).", valueName: "name"))
        var name: String

        @Argument(help: ArgumentHelp("Where ssh goes: a host of ~/.ssh/config, or user@host.", valueName: "dest"))
        var destination: String

        @Option(help: ArgumentHelp("The command that runs Missive on the box (default: missive), as `env MISSIVE_HOME=/srv/m /usr/bin/missive`.",
                                   valueName: "cmd"))
        var missive: String?

        func run() async throws {
            let remote = try Home.load().addRemote().run(name: name, destination: destination, missive: missive)
            Console.print("Added remote \(remote.name): ssh \(remote.destination) \(remote.missive). `missive remotes check \(remote.name)` tries it.")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the remotes.")

        @Flag(help: "Print JSON: a list of name, dest, missive.")
        var json = false

        @OptionGroup var headerOptions: HeaderOptions

        struct Entry: Encodable {
            var name: String
            var dest: String
            var missive: String
        }

        func run() async throws {
            let remotes = try Home.load().config.remotes
            if json { return try printJSON(remotes.map { Entry(name: $0.name, dest: $0.destination, missive: $0.missive) }) }
            if remotes.isEmpty {
                Console.note("no remotes: add an always-on box with `missive remotes add NAME USER@HOST`")
                return
            }
            var table = TextTable([("NAME", 12), ("DEST", 20), ("MISSIVE", 0)])
            for remote in remotes { table.append([remote.name, remote.destination, remote.missive]) }
            Console.write(table.render(width: TableTerminal.width(), headers: headerOptions.headers))
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove", abstract: "Remove a remote (refused while items handed to it may still be sent there).")

        @Argument(help: ArgumentHelp("The remote's name.", valueName: "name"))
        var name: String

        func run() async throws {
            try Home.load().removeRemote().run(name)
        }
    }

    struct Check: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check", abstract: "Reach the box: its Missive's version, and its login to each profile.")

        @Argument(help: ArgumentHelp("The remote's name.", valueName: "name"))
        var name: String

        func run() async throws {
            let report = try await Home.load().checkRemote().run(name, profiles: nil)
            Console.print("\(report.remote.name) (\(report.remote.destination)): Missive \(report.version), answered in \(String(format: "%.2f", report.seconds)) s")
            for profile in report.profiles {
                let state = !profile.known ? "no such profile there" : profile.loggedIn ? "logged in" : "not logged in: `ssh \(report.remote.destination) \(report.remote.missive) login --profile \(profile.name)`"
                Console.print("  profile \(profile.name): \(state)")
            }
        }
    }
}
