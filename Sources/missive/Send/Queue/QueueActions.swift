import Application
import ArgumentParser
import Foundation
import Outbox

/// The items every queue action takes, and how each reports what it did.
struct QueueItems: ParsableArguments {
    @Argument(help: ArgumentHelp("Outbox item ids, or drafts as dN (the newest item of draft N, as the DRAFT column writes it).",
                                 valueName: "item|dN"))
    var items: [ItemReference] = []

    func validate() throws {
        if items.isEmpty { throw ValidationError("give the outbox item ids, or drafts as dN (see `missive queue list`)") }
        // A change applied twice would meet its own result and refuse the lot for a wrong reason.
        var seen = Set<ItemReference>()
        if let twice = items.first(where: { !seen.insert($0).inserted }) { throw ValidationError("\(twice) is named twice") }
    }

    /// Applies `action` to the items, all or none, and says what each became.
    func apply(_ action: ChangeQueue.Action) async throws {
        let workspace = try Workspace.open()
        // Items handed to a box are changed there (`ChangeHanded`), over ssh.
        for item in try await workspace.changeQueueAnywhere().apply(action, items: items) {
            if case .handed = item.state {
                Console.note("\(item.title): \(item.handoff?.words ?? "handed")")
            } else {
                Console.note("\(item.title): \(QueueCommand.Show.describe(item.state, kind: item.command.kind, now: workspace.now))")
            }
        }
    }
}

extension QueueCommand {
    struct Cancel: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "cancel", abstract: "Cancel items that have not gone out (`missive undo` takes it back).")

        @OptionGroup var target: QueueItems

        func run() async throws {
            try await target.apply(.cancel)
        }
    }

    struct Hold: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "hold", abstract: "Keep waiting items from being sent until `missive queue release`.")

        @OptionGroup var target: QueueItems

        func run() async throws {
            try await target.apply(.hold)
        }
    }
}

/// `5` or `d6` on the command line; anything else is refused by the parser, in its voice.
extension ItemReference: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(argument)
    }
}

/// `--at WHEN` for release, retry and reschedule.
struct WhenOption: ParsableArguments {
    @Option(help: ArgumentHelp("When to send (now, +2h, tomorrow 09:00, an ISO 8601 time).", valueName: "when"))
    var at: String = "now"

    func validate() throws {
        try validateSendTime(at)
    }
}

extension QueueCommand {
    struct Release: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "release", abstract: "Let held items be sent again.")

        @OptionGroup var target: QueueItems
        @OptionGroup var when: WhenOption

        func run() async throws {
            try await target.apply(.release(at: when.at))
        }
    }

    struct Reschedule: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reschedule", abstract: "Change when waiting items are sent.")

        @OptionGroup var target: QueueItems
        @OptionGroup var when: WhenOption

        func run() async throws {
            try await target.apply(.reschedule(at: when.at))
        }
    }

    struct Retry: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "retry", abstract: "Queue failed or cancelled items again, with a fresh count of attempts; try a retrying one now.")

        @OptionGroup var target: QueueItems
        @OptionGroup var when: WhenOption

        func run() async throws {
            try await target.apply(.retry(at: when.at))
        }
    }
}
