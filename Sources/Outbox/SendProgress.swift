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
}
