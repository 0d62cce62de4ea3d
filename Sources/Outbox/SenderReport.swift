import Common
import Foundation

/// What a sender tells the person watching: one line per item event, and the words for waits.
struct SenderReport: Sendable {
    let progress: any SendProgress

    /// A recorded outcome, its retry time or failure reason first.
    func outcome(_ item: OutboxItem, _ message: String) {
        switch item.state {
        // Flood control is a wait the forum asks for, not a failure: it reads as one.
        case let .retrying(at, because) where because.isFlood:
            progress.item(item, "waiting for the forum's flood control until \(localClock(at)) (\(message))")
        case let .retrying(at, _): progress.item(item, "retrying at \(localClock(at)) (\(message))")
        case .failed(let reason): progress.item(item, "failed: \(reason)")
        default: progress.item(item, message)
        }
    }

    /// Waiting items failed because their rows cannot be read.
    func damaged(_ damaged: [Damaged]) {
        for item in damaged { progress.note("item \(item.id): failed: \(item.reason)") }
    }

    /// What a sender waiting for this item waits for.
    static func reason(for item: OutboxItem) -> String {
        switch item.state {
        // The line that opened the window says how to call it off; the countdown does not repeat it.
        case .pending: "undo window of \(item.title)"
        case .queued: "\(item.title), scheduled"
        case let .retrying(_, because): because.isFlood ? "flood control, then \(item.title)" : "retry of \(item.title)"
        case .unknown: "checking \(item.title) with the forum"
        case .sending: "the lease on \(item.title)"
        default: item.title
        }
    }
}

/// A time in a progress line, as every time Missive shows (`LocalClock`): "14:03" today, with its
/// date on another day, so that a wait of days (a probation) is not read as a time that has passed.
func localClock(_ date: Date, now: Date = Date()) -> String {
    LocalClock.time(date, now: now)
}
