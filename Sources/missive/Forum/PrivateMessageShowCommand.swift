import Application
import ArgumentParser
import Forum
import Foundation

/// Reads one private message: `missive inbox show ID` (and, once wired in, `missive pm show ID`).
struct PrivateMessageShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Read one private message.",
        discussion: "ID is the message's number or its URL from the browser (private.php?action=show&privatemessageid=...)."
    )

    @OptionGroup var forum: ForumOptions

    @Argument(help: ArgumentHelp("The message's id or URL.", valueName: "id"))
    var message: String

    @Flag(help: ArgumentHelp(PrivateMessageJSON.help))
    var json = false

    func validate() throws {
        do {
            _ = try ForumReference.parse(message, as: .privateMessage)
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() async throws {
        let connection = try ForumConnection.open(forum)
        let content = try await ReadPrivateMessage(forum: connection.adapter).run(message)
        if json { return try printJSON(PrivateMessageJSON(content)) }
        print("From: \(content.author)")
        print("Date: \(content.date)")
        print("Subject: \(content.subject)")
        print("")
        print(content.text)
    }
}
