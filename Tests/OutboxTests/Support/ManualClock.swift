import Foundation
import Outbox
import Sandbox
import Synchronization

/// A manual clock for the sender and the sandbox forum alike: time moves only when the sender
/// waits (it moves on by the wait at once, instead of sleeping), so the sandbox's flood control
/// and the sender's retries, windows and grace see the same time, and a test of a 2-second grace
/// takes no 2 seconds. The lease renewer stays on real time (see `SenderClock.renewalSleep`).
final class ManualClock: SandboxClock, Sendable {
    private let current: Mutex<Date>
    let start: Date

    init(start: Date = Date()) {
        self.start = start
        current = Mutex(start)
    }

    func now() -> Date { current.withLock { $0 } }

    func advance(by duration: Duration) {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }

    /// Seconds on this clock since it started.
    var elapsed: TimeInterval { now().timeIntervalSince(start) }

    var sender: SenderClock {
        SenderClock(
            now: { [self] in now() },
            sleep: { [self] duration in
                advance(by: duration)
                await Task.yield()
            },
            renewalSleep: { try await Task.sleep(for: $0) })
    }
}
