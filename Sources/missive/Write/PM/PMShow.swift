import Application
import ArgumentParser
import Foundation

extension PMCommand {
    /// Reads one private message: `missive inbox show ID` (and, once wired in, `missive pm show ID`).
    struct Show: AsyncParsableCommand {
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
            let content = try await Home.load().readPrivateMessage(forum).run(message)
            if json { return try printJSON(PrivateMessageJSON(content)) }
            Console.print("From: \(content.author)")
            Console.print("Date: \(content.date)")
            Console.print("Subject: \(content.subject)")
            Console.print("")
            Console.print(content.text)
        }
    }
}
