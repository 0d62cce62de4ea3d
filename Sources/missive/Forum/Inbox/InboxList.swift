import Application
import ArgumentParser
import Common
import Foundation

extension InboxCommand {
    /// `missive inbox [list] [--folder sent]`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the private messages in a folder, newest first as the forum shows them.",
            discussion: "Columns: id, N for unread (R replied, F forwarded), date, sender (recipient in sent), subject."
        )

        @OptionGroup var forum: ForumOptions

        @Option(help: ArgumentHelp("The folder to list; sent is Sent Items.", valueName: "folder"))
        var folder: PrivateMessageFolder = .inbox

        @Flag(help: ArgumentHelp(PrivateMessageSummaryJSON.help))
        var json = false

        @OptionGroup var headerOptions: HeaderOptions

        func run() async throws {
            let messages = try await Home.load().readInbox(forum).run(folder)
            if json { return try printJSON(messages.map(PrivateMessageSummaryJSON.init)) }
            if messages.isEmpty {
                Console.print("No messages in \(folder.rawValue).")
                return
            }
            let now = Date()
            var table = TextTable([("ID", 0), ("FLAGS", 0), ("DATE", 0), (folder == .sent ? "TO" : "FROM", 0), ("SUBJECT", 0)])
            for message in messages {
                let flags = (message.unread ? "N" : "-") + (message.replied ? "R" : "-") + (message.forwarded ? "F" : "-")
                // The forum's date in Missive's one clock format, or its own words when they do not parse.
                let date = ForumDateText.date(message.date).map { LocalClock.withRelative($0, now: now) } ?? message.date
                table.append([String(message.id), flags, date, message.correspondent, message.subject])
            }
            Console.write(table.render(width: TableTerminal.width(), headers: headerOptions.headers))
        }
    }
}

extension PrivateMessageFolder: ExpressibleByArgument {}
