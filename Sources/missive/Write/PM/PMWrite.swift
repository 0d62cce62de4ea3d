import Application
import ArgumentParser
import Compose

extension PMCommand {
    struct Write: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "write",
            abstract: "Write a private message in your editor (the default: `missive pm USER` is `missive pm write USER`).",
            discussion: """
                One open draft per recipient (or per message answered or forwarded): running it again \
                reopens that draft. Prints the draft id.

                --reply-to and --forward fetch the message's quote from the forum and start the body \
                with it (in a ```bbcode fence in a Markdown draft, so it is sent as the forum gave it); \
                without --subject the subject becomes "Re: ..." or "Fw: ...". If the forum cannot be \
                reached, or you are not logged in, the draft is made without the quote and a warning \
                says how to fix it. PM is the message's id or its URL \
                (private.php?action=show&privatemessageid=...).
                """)

        @Argument(help: ArgumentHelp("The user to write to.", valueName: "user"))
        var user: String

        @Option(name: .long, help: ArgumentHelp("The message's subject.", valueName: "subject"))
        var subject: String?

        @Option(name: .customLong("reply-to"), help: ArgumentHelp("The private message this answers: its id or URL.", valueName: "pm"))
        var replyTo: String?

        @Option(name: .long, help: ArgumentHelp("The private message this forwards: its id or URL.", valueName: "pm"))
        var forward: String?

        @OptionGroup var options: ComposeOptions

        @OptionGroup var fetch: FetchOptions

        @OptionGroup var delivery: DeliveryOptions

        func validate() throws {
            if user.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("the user name is empty") }
            if user.contains("\n") { throw ValidationError("a user name is one line") }
            if replyTo != nil, forward != nil { throw ValidationError("use --reply-to or --forward, not both") }
            if let replyTo { _ = try forumID(replyTo, .privateMessage) }
            if let forward { _ = try forumID(forward, .privateMessage) }
            try options.requireBodySource(fetching: replyTo != nil || forward != nil)
        }

        func run() async throws {
            let replyTo = try replyTo.map { try forumID($0, .privateMessage) }
            let forward = try forward.map { try forumID($0, .privateMessage) }
            let workspace = try Workspace.open()
            var fixed: [Buffer.Key: String] = [.to: user]
            if let subject { fixed[.subject] = subject }
            if let replyTo { fixed[.reply_to] = String(replyTo) }
            if let forward { fixed[.forward] = String(forward) }
            let quoted: ForumText? = (replyTo ?? forward).map { .quotedMessage($0, forwarding: forward != nil) }
            let draft = try await workspace.composeDraft(options, forum: quoted, timeout: fetch.timeout, delivery: delivery).run(
                base: DraftContent(
                    kind: .pm, target: DraftTarget(recipient: user, replyTo: replyTo, forwardOf: forward),
                    subject: subject ?? "", profile: ""),
                fixed: fixed)
            try await delivery.deliver(draft, workspace: workspace)
        }
    }
}
