import Foundation
import Outbox

/// A sender clock whose every wait is a step the test takes: the sender's wait shows up in
/// `steps`, and it goes on (the manual clock moved by the wait) only when the test says so. A
/// test can then act between "the sender decided to wait" and "the wait is over", in that
/// order on any machine, however loaded.
final class SteppedClock: Sendable {
    struct Step: Sendable {
        let duration: Duration
        fileprivate let proceed: @Sendable () -> Void

        /// Ends this wait: the clock moves on by it and the sender goes on.
        func go() { proceed() }
    }

    let manual: ManualClock
    let steps: AsyncStream<Step>
    private let pending: AsyncStream<Step>.Continuation

    init(manual: ManualClock = ManualClock()) {
        self.manual = manual
        (steps, pending) = AsyncStream.makeStream()
    }

    /// Ends `steps` (once the sender is done).
    func finish() { pending.finish() }

    var sender: SenderClock {
        SenderClock(
            now: { [manual] in manual.now() },
            sleep: { [manual, pending] duration in
                await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
                    pending.yield(Step(duration: duration, proceed: {
                        manual.advance(by: duration)
                        waiter.resume()
                    }))
                }
            },
            renewalSleep: { try await Task.sleep(for: $0) })
    }
}
