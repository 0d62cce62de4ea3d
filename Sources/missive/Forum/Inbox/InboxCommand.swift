import Application
import ArgumentParser
import Common
import Foundation

/// `missive inbox`: the private messages in a folder.
struct InboxCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inbox",
        abstract: "List private messages (inbox or sent), or read one with `inbox show ID`.",
        subcommands: [List.self, PMCommand.Show.self],
        defaultSubcommand: List.self
    )
}
