import Common
import Foundation

/// The sender service's check for news (`send --watch`, which `missive service install` runs):
/// every `check_interval` each profile with a notifier is checked as `status --notify` checks it,
/// so a laptop or an always-on box tells its user without a terminal open. When the forum fails,
/// the wait doubles (up to an hour) and goes back to the interval once it answers again.
public struct WatchForNews: Sendable {
    /// One profile to check: its status and the notifying of what it finds.
    public struct Source: Sendable {
        public var profile: String
        public var check: CheckStatus
        public var notify: NotifyNews

        public init(profile: String, check: CheckStatus, notify: NotifyNews) {
            self.profile = profile
            self.check = check
            self.notify = notify
        }
    }

    /// The shortest interval config.toml may set (Awful.app polls every 10 minutes; two is plenty).
    public static let shortestInterval: TimeInterval = Config.shortestCheckInterval
    public static let longestWait: TimeInterval = 3_600

    let sources: [Source]
    let interval: TimeInterval
    let console: any ConsoleOutput
    let sleep: @Sendable (TimeInterval) async throws -> Void

    public init(sources: [Source], interval: TimeInterval, console: any ConsoleOutput,
                sleep: @escaping @Sendable (TimeInterval) async throws -> Void) {
        self.sources = sources
        self.interval = max(interval, Self.shortestInterval)
        self.console = console
        self.sleep = sleep
    }

    /// Checks, waits and checks again until cancelled (the sleep throws then).
    public func run() async {
        guard !sources.isEmpty else { return }
        var wait = interval
        while !Task.isCancelled {
            wait = await round(after: wait)
            do {
                try await sleep(wait)
            } catch {
                return
            }
        }
    }

    /// One check of every profile; the wait before the next: the interval, or, when a forum
    /// failed, double the last wait (at most an hour).
    public func round(after lastWait: TimeInterval) async -> TimeInterval {
        var failed = false
        for source in sources {
            let report = await source.check.run()
            let forumParts = report.unavailableParts.filter { $0.name != "outbox" }
            if let part = forumParts.first {
                failed = true
                console.note("news check of \(source.profile): could not get \(part.name): \(part.reason)")
            }
            do {
                for told in try await source.notify.run(report) {
                    console.note(told.problem ?? "notified (\(source.profile)): \(told.notification.title)")
                }
            } catch {
                failed = true
                console.note("news check of \(source.profile): \(error)")
            }
        }
        return failed ? min(max(lastWait, interval) * 2, Self.longestWait) : interval
    }
}
