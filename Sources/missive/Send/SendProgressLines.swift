import Foundation
import Outbox

/// The sender's progress on standard error: plain lines for logs and pipes, and on a terminal
/// the same lines plus a countdown that redraws itself in place while the sender waits.
final class SendProgressLines: SendProgress, @unchecked Sendable {
    private let terminal: Bool
    private let lock = NSLock()
    private var countdownShown = false
    private var lastReason = ""

    init(terminal: Bool = isatty(STDERR_FILENO) == 1) {
        self.terminal = terminal
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
        lock.withLock {
            if terminal {
                write("\r\u{1B}[K  waiting \(seconds) s: \(reason)")
                countdownShown = true
            } else if reason != lastReason {
                // A log gets the wait once, with the time it ends.
                write("waiting \(seconds) s, until \(Self.time(until)): \(reason)\n")
            }
            lastReason = reason
        }
    }

    func waitEnded() {
        lock.withLock {
            clearCountdown()
            lastReason = ""
        }
    }

    func note(_ message: String) {
        line(message)
    }

    private func line(_ text: String) {
        lock.withLock {
            clearCountdown()
            write(text + "\n")
        }
    }

    private func clearCountdown() {
        guard countdownShown else { return }
        write("\r\u{1B}[K")
        countdownShown = false
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    static func time(_ date: Date) -> String {
        Sender.clockTime(date)
    }
}
