import ArgumentParser
import Common
import Foundation
import Outbox

struct SendCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send",
        abstract: "Send what is due in the outbox: after the undo window, with retries and flood control.",
        discussion: """
            Each due item first waits undo_window seconds (config.toml, default 10) in `pending`: \
            `missive undo` calls the send off meanwhile. Then it is claimed with a lease, so that \
            two senders never send one item, and sent. Transient failures are retried with \
            exponential backoff and full jitter (retry_base, retry_cap, retry_attempts in \
            config.toml); flood control is waited out, and due items are spaced by the forum's \
            interval; a refusal is final. An answer that was lost is checked with the forum before \
            any retry, so nothing is posted twice.

            Without --watch, waits up to --max-wait seconds for retries, then leaves the rest \
            queued. --watch keeps running and sends each item when it is due; SIGINT or SIGTERM \
            stops it after the item in hand is recorded.

            Exit status: 0 when everything due was sent, 1 when an item failed, 75 when some wait \
            for later, 77 when a profile is not logged in, 130 after SIGINT (Ctrl-C) and 143 after \
            SIGTERM, as a shell reports a program the signal ended. A second signal ends the run at \
            once; an item it was sending stays claimed and is checked with the forum by the next \
            sender.
            """)

    @Argument(help: ArgumentHelp("Only these outbox items (default: everything due).", valueName: "item"))
    var items: [Int64] = []

    @Flag(help: "Keep running: send each item when it is due, until SIGINT or SIGTERM.")
    var watch = false

    @Option(help: ArgumentHelp("Give up on a forum request after this many seconds.", valueName: "seconds"))
    var timeout: Int = 60

    @Option(name: .customLong("max-wait"), help: ArgumentHelp("Without --watch: wait this long at most for retries.", valueName: "seconds"))
    var maxWait: Int = 300

    @Flag(help: "Print what happened to each item as JSON on standard output.")
    var json = false

    func validate() throws {
        if watch, !items.isEmpty { throw ValidationError("--watch sends everything that comes due; it takes no item ids") }
        if timeout < 1 { throw ValidationError("--timeout must be at least 1 second") }
        if maxWait < 0 { throw ValidationError("--max-wait must be 0 or more seconds") }
        for item in items { try requirePositive(item, "item id") }
    }

    func run() async throws {
        let workspace = try Workspace.open()
        let wiring = OutboxWiring(workspace: workspace)
        let ids = items.isEmpty ? nil : Array(Set(items)).sorted()
        if let ids { try explainUnsendable(ids, wiring.outbox, now: workspace.now) }
        let stop = StopSignal()
        StopSignals.install(stop)
        let sender = wiring.sender(
            timeout: timeout, maxWait: TimeInterval(maxWait), progress: SendProgressLines(), stop: stop,
            credentials: watch ? nil : TerminalPassword.ifInteractive())
        let summary = try await sender.run(watch ? .watch : .due(ids: ids))
        if json { try printJSON(try SendResultJSON.make(summary, outbox: wiring.outbox)) }
        try Self.conclude(summary, outbox: wiring.outbox)
    }

    /// Items named on the command line that this run will not send, and why.
    private func explainUnsendable(_ ids: [Int64], _ outbox: Outbox, now: Date) throws {
        for id in ids {
            let item = try outbox.item(id)
            switch item.state {
            case let .queued(due) where due > now:
                Console.note("\(item.title) is scheduled for \(due.formatted()); `missive queue reschedule \(id) --at now` sends it now")
            case .held:
                Console.note("\(item.title) is held; `missive queue release \(id)` lets it go")
            case .sent, .failed, .cancelled:
                Console.note("\(item.title) is \(item.state.name); nothing to send")
            default: break
            }
        }
    }

    /// The exit status says how the run ended; the lines before it said what happened.
    static func conclude(_ summary: SendSummary, outbox: Outbox) throws {
        if let signal = summary.stoppedBy {
            let left = summary.waiting.map(String.init).joined(separator: ", ")
            Console.note("stopped by \(signal)" + (left.isEmpty ? "" : "; item(s) \(left) wait for the next `missive send`"))
            // A stopped run is not a success: a shell or service manager sees the signal's status.
            throw ExitCode(StopSignals.exitStatus(for: signal))
        }
        if let profile = summary.notLoggedIn.first { throw OutboxError.notLoggedIn(profile: profile) }
        if let profile = summary.botCheck.first { throw OutboxError.botCheck(profile: profile) }
        if !summary.failed.isEmpty {
            let ids = summary.failed.map(String.init).joined(separator: ", ")
            throw CommandError(.failure, "item(s) \(ids) failed; `missive queue show ID` says why, `missive queue retry ID` tries again")
        }
        if !summary.waiting.isEmpty {
            throw CommandError(.tempFailure, try heldMessage(summary.waiting.map(outbox.item)))
        }
        if summary.sent.isEmpty, summary.cancelled.isEmpty { Console.note(try nothingDue(outbox)) }
    }
}

extension SendCommand {
    /// "Nothing is due", and which item is scheduled next and when, if one is.
    static func nothingDue(_ outbox: Outbox) throws -> String {
        let scheduled = try outbox.listing(states: ["queued"]).map { try outbox.item($0.id) }
        guard let next = scheduled.min(by: { ($0.state.due ?? .distantFuture) < ($1.state.due ?? .distantFuture) }),
              let due = next.state.due
        else { return "nothing is due" }
        return "nothing is due; next: \(next.title), scheduled for \(SendProgressLines.time(due)) "
            + "(`missive send --watch` sends it then, `missive queue reschedule \(next.id) --at now` sooner)"
    }

    /// What waits, why and until when: each held item's state, and for one queued behind
    /// another at its place (a thread, Sent Items), the item it waits for. The first few by
    /// name, then a count.
    static func heldMessage(_ items: [OutboxItem]) -> String {
        let shown = 5
        var holders: [String: OutboxItem] = [:]
        for item in items where ["unknown", "retrying", "sending"].contains(item.state.name) {
            let place = item.profile + " " + item.command.targetKey
            if holders[place].map({ item.id < $0.id }) ?? true { holders[place] = item }
        }
        let lines = items.prefix(shown).map { item in
            var line = "\(item.title) is \(item.state.name)" + (item.state.due.map { " until \(SendProgressLines.time($0))" } ?? "")
            if let holder = holders[item.profile + " " + item.command.targetKey], holder.id != item.id {
                line += ", behind item \(holder.id) (\(holder.state.name))"
            }
            return line
        }
        let more = items.count > shown ? "; and \(items.count - shown) more (`missive queue list`)" : ""
        return "\(items.count) item(s) wait: " + lines.joined(separator: "; ") + more
            + "; run `missive send` again later, or `missive send --watch`"
    }
}

/// `missive send --json`: each item the run touched, as it ended.
struct SendResultJSON: Encodable {
    var sent: [QueueItemJSON]
    var failed: [QueueItemJSON]
    var waiting: [QueueItemJSON]
    var notLoggedIn: [String]
    var botCheck: [String]
    @JSONNull var stoppedBy: String?

    static func make(_ summary: SendSummary, outbox: Outbox) throws -> SendResultJSON {
        func items(_ ids: [Int64]) throws -> [QueueItemJSON] { try ids.map { try QueueItemJSON.load($0, from: outbox) } }
        return SendResultJSON(sent: try items(summary.sent), failed: try items(summary.failed), waiting: try items(summary.waiting),
                              notLoggedIn: summary.notLoggedIn, botCheck: summary.botCheck, stoppedBy: summary.stoppedBy)
    }
}
