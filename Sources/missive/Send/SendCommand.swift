import Application
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
            stops it after the item in hand is recorded. A watch also checks each profile with a notifier \
            (notify_command) for news every check_interval (10 minutes unless config.toml says), as \
            `status --notify` does. One watch runs per store: a second one \
            is refused with the pid of the first (exit status 75). `missive service install` \
            keeps one running without a terminal.

            A scheduled item whose time passed while no sender ran goes out at the next chance \
            and says how late; late_limit in config.toml (at the top or per profile, like "12h") \
            holds items later than that instead: `missive queue release ITEM` sends one.

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

    @Option(name: .customLong("max-wait"), help: ArgumentHelp("Without --watch: wait this long at most in all (the whole run) for retries, then leave the rest queued.", valueName: "seconds"))
    var maxWait: Int = 300

    @Flag(help: "With --watch: watch even while another sender watches this store (the leases keep the two from sending one item twice).")
    var alongside = false

    @Option(help: ArgumentHelp("Only this profile's items (default: every profile's).", valueName: "name"))
    var profile: String?

    @Flag(help: "Print what happened to each item as JSON on standard output.")
    var json = false

    func validate() throws {
        if watch, !items.isEmpty { throw ValidationError("--watch sends everything that comes due; it takes no item ids") }
        if alongside, !watch { throw ValidationError("--alongside is for --watch: a single run never waits for another") }
        if timeout < 1 { throw ValidationError("--timeout must be at least 1 second") }
        if maxWait < 0 { throw ValidationError("--max-wait must be 0 or more seconds") }
        for item in items { try requirePositive(item, "item id") }
    }

    func run() async throws {
        let workspace = try Workspace.open()
        let ids = items.isEmpty ? nil : Array(Set(items)).sorted()
        if let profile { _ = try workspace.profile(profile) }
        // One watch per store; held until this process ends, however it ends.
        let lock = watch && !alongside ? try WatchLock.take(paths: workspace.paths, store: workspace.storePath) : nil
        defer { withExtendedLifetime(lock) {} }
        let senders = workspace.senders(timeout: timeout, maxWait: TimeInterval(maxWait),
                                        credentials: watch ? nil : TerminalPassword.ifInteractive(), profile: profile)
        // A watch also checks for news to notify (issue 30), beside the sending, never in its way.
        let news = watch ? Task { await workspace.watchForNews(timeout: timeout, profile: profile).run() } : nil
        defer { news?.cancel() }
        let summary = try await workspace.sendQueued(senders, progress: SendProgressLines(watching: Self.watching(workspace, profile: profile)))
            .run(watch ? .watch : .due(ids: ids))
        if json { try printJSON(try SendResultJSON.make(summary, workspace: workspace)) }
        try Self.conclude(summary, workspace: workspace)
    }

    /// What a watch watches, for its first line: "the outbox in PATH (profiles a, b)".
    static func watching(_ workspace: Workspace, profile: String? = nil) -> String {
        let profiles = profile.map { [$0] } ?? workspace.config.profiles.map(\.name)
        return "the outbox in \(workspace.storePath)"
            + (profiles.isEmpty ? "" : " (\(profiles.count == 1 ? "profile" : "profiles") \(profiles.joined(separator: ", ")))")
    }

    /// The exit status says how the run ended; the lines before it said what happened.
    static func conclude(_ summary: SendSummary?, workspace: Workspace) throws {
        guard let summary, let signal = try workspace.concludeSend().run(summary) else { return }
        // A stopped run is not a success: a shell or service manager sees the signal's status.
        throw ExitCode(StopSignals.exitStatus(for: signal))
    }
}

/// `missive send --json`: each item the run touched, as it ended.
/// Not the `SendSummary`: whole items where it has ids.
struct SendResultJSON: Encodable {
    var sent: [QueueItemJSON]
    var failed: [QueueItemJSON]
    var waiting: [QueueItemJSON]
    var notLoggedIn: [String]
    var botCheck: [String]
    @JSONNull var stoppedBy: String?

    static func make(_ summary: SendSummary, workspace: Workspace) throws -> SendResultJSON {
        func items(_ ids: [Int64]) throws -> [QueueItemJSON] { try ids.map { try QueueItemJSON.load($0, from: workspace) } }
        return SendResultJSON(sent: try items(summary.sent), failed: try items(summary.failed), waiting: try items(summary.waiting),
                              notLoggedIn: summary.notLoggedIn, botCheck: summary.botCheck, stoppedBy: summary.stoppedBy)
    }
}
