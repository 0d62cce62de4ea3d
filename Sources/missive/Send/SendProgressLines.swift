import Application
import Foundation
import Outbox
import Synchronization

/// The sender's progress on standard error: plain lines for logs and pipes, and on a terminal
/// the same lines plus a countdown that redraws itself in place while the sender waits.
final class SendProgressLines: SendProgress, Sendable {
    private let terminal: Bool
    /// What the terminal shows now; the sender and its renewer may report from two tasks.
    private struct Shown {
        var countdown = false
        /// The wait a log was last told of, until another line is written: a wait the sender
        /// takes up again unchanged (a change to the store wakes it, say) is not told twice.
        var loggedWait: LoggedWait?
    }
    private struct LoggedWait: Equatable {
        var reason: String
        var second: Int
    }
    private let shown = Mutex(Shown())
    /// What `send --watch` watches, for its first line: the store and the profiles.
    let watching: String

    init(terminal: Bool = isatty(STDERR_FILENO) == 1, watching: String = "the outbox") {
        self.terminal = terminal
        self.watching = watching
    }

    func windowOpened(_ items: [OutboxItem], until: Date) {
        for item in items {
            line("\(item.title): pending until \(Self.time(max(until, item.state.due ?? until))); `missive undo` calls it off")
        }
    }

    func item(_ item: OutboxItem, _ message: String) {
        line("\(item.title): \(message)")
    }

    func waiting(until: Date, reason: String, now: Date) {
        let seconds = max(0, Int(until.timeIntervalSince(now).rounded(.up)))
        // Past a minute and a half, the time it ends: a count of seconds is redrawn once a minute.
        let length = seconds > 90 ? "until \(Timestamp.local(until, now: now))" : "\(seconds) s"
        shown.withLock { shown in
            if terminal {
                write("\r\u{1B}[K  waiting \(length): \(reason)")
                shown.countdown = true
            } else {
                // A log gets the wait once, with the time it ends.
                let wait = LoggedWait(reason: reason, second: Int(until.timeIntervalSince1970.rounded()))
                guard wait != shown.loggedWait else { return }
                write("waiting \(seconds) s, until \(Self.time(until)): \(reason)\n")
                shown.loggedWait = wait
            }
        }
    }

    func waitEnded() {
        shown.withLock { shown in clearCountdown(&shown) }
    }

    func note(_ message: String) {
        line(message)
    }

    func line(_ text: String) {
        shown.withLock { shown in
            clearCountdown(&shown)
            write(text + "\n")
            shown.loggedWait = nil
        }
    }

    private func clearCountdown(_ shown: inout Shown) {
        guard shown.countdown else { return }
        write("\r\u{1B}[K")
        shown.countdown = false
    }

    private func write(_ text: String) {
        Console.writeError(text)
    }

    static func time(_ date: Date) -> String {
        Sender.clockTime(date)
    }
}
