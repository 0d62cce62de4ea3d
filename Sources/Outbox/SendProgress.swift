import Foundation

/// What a sender tells the person watching it. A terminal shows a countdown while waiting;
/// a log gets one plain line per event.
public protocol SendProgress: Sendable {
    /// Items entered the undo window; they go out at `until` unless `missive undo` calls them off.
    func windowOpened(_ items: [OutboxItem], until: Date)
    /// One line about one item: it is being sent, checked, sent, retried, failed...
    func item(_ item: OutboxItem, _ message: String)
    /// The sender waits until `until` for `reason`; called again about once a second while it
    /// waits (a terminal redraws its countdown, a log prints only the first).
    func waiting(until: Date, reason: String, now: Date)
    /// The wait is over (a terminal clears its countdown line).
    func waitEnded()
    func note(_ message: String)
    /// `send --watch` began: what is next and when (nil: nothing is queued), and how many are held.
    func watchStarted(next: OutboxItem?, held: Int)
    /// Another process changed the queue while the watch ran.
    func queueChanged(_ change: QueueChange)
    /// The watch was stopped by `signal`; `left` is what stays in the queue, each as it stands.
    func watchStopped(by signal: String, left: [OutboxItem])
}

/// Plain words for progress reporters that have no better ones of their own (tests' recorders).
extension SendProgress {
    public func watchStarted(next: OutboxItem?, held: Int) {
        note(next.map { "watching: next is \($0.title)" } ?? "watching: nothing is queued")
    }

    public func queueChanged(_ change: QueueChange) {
        item(change.item, "now \(change.item.state.name)")
    }

    public func watchStopped(by signal: String, left: [OutboxItem]) {
        note("stopped by \(signal): \(left.count) left")
    }
}
