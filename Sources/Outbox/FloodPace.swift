import Foundation
import Store

/// Spacing sends by the forum's flood interval instead of hammering it. The interval is learned
/// from the forum's answer (the adapter reads "wait 30 seconds between posts"), kept per account and channel in
/// the store (so separate runs and separate senders share it), and each send then waits for the
/// interval after the last one, plus a small margin.
struct FloodPace {
    /// Added to our own computed waits: enough to absorb the forum's and our clocks' rounding.
    var margin: TimeInterval

    /// A send went through: the next one waits a full interval.
    func afterSend(_ pace: OutboxPace, now: Date) -> OutboxPace {
        var pace = pace
        pace.lastSentAt = now
        pace.notBefore = pace.interval > 0 ? now.addingTimeInterval(pace.interval + margin) : nil
        return pace
    }

    /// The forum answered with flood control. With the interval and our last send known, the
    /// exact time is the last send plus the interval; the forum's "try again in N seconds" is
    /// rounded up, so it only bounds that from below (someone else may have posted for us, in a
    /// browser). Without either, the policy's wait for the seconds named applies (`fallback`).
    func afterFlood(_ pace: OutboxPace, interval: Int?, secondsLeft: Int?, now: Date, fallback: Date) -> OutboxPace {
        var pace = pace
        if let interval { pace.interval = TimeInterval(interval) }
        var next = fallback
        if pace.interval > 0, let last = pace.lastSentAt {
            let floor = now.addingTimeInterval(TimeInterval(max(0, (secondsLeft ?? 0) - 1)))
            next = max(last.addingTimeInterval(pace.interval), floor).addingTimeInterval(margin)
        }
        pace.notBefore = next
        return pace
    }
}
