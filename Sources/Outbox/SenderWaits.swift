import Foundation
import Store

/// How the sender waits: when the next thing of its run is due, and a wait on its clock that a
/// stop request or a change in the queue ends early.
extension Sender {
    /// When something of this run can happen next, and what it is; nil when nothing will.
    func nextWake(ids: [Int64]?, scope: Scope, now: Date) throws -> (Date, String)? {
        let me = me, liveness = liveness, unreachable = unreachable, blocked = blocked
        return try store.outboxRead { tx in
            var states = OutboxStates.mayHaveLanded
            if scope == .watch { states += OutboxStates.scheduled }
            var best: (Date, String)?
            // Of the waiting items only the first of each place can go next.
            let rows = try tx.items(inStates: states, ids: ids, limit: 64) + tx.waitingHeads(ids: ids, limit: 64)
            for row in rows {
                guard let item = try? OutboxItem(row: row) else { continue }
                var due = item.state.due ?? now
                var reason = SenderReport.reason(for: item)
                switch item.state {
                case let .sending(owner, _):
                    // Our own claims are being processed; another sender's matter only to a watcher.
                    if owner == me || scope != .watch { continue }
                    // Run out while its sender still runs here: not ours to take; the poll looks again.
                    if due <= now, liveness.status(of: owner) == .running { continue }
                case .pending, .retrying:
                    // It waits for the item that holds its place, which decides the wake-up itself.
                    if try tx.isBusy(targetKey: row.targetKey, profile: row.profile, except: row.id, sender: me) { continue }
                    if let channel = row.channel, let notBefore = try tx.pace(profile: row.profile, channel: channel)?.notBefore,
                       notBefore > due {
                        due = notBefore
                        reason = "flood control (\(item.title))"
                    }
                default: break
                }
                if scope != .watch, unreachable.contains(row.profile) { continue }
                if let until = blocked[row.profile] {
                    // Without a session nothing can happen until the user logs in: a single run stops.
                    if scope != .watch { continue }
                    due = max(due, until)
                }
                if best.map({ due < $0.0 }) ?? true { best = (due, reason) }
            }
            return best
        }
    }

    /// Sleeps until `until`, a little at a time so that a stop request ends it at once.
    /// `unlessChanged` gives, once a second, when the next thing is due now: a wait that no longer
    /// applies (`missive undo` called the item off, another process sent it) ends there.
    func wait(until: Date, reason: String, unlessChanged next: ((Date) -> Date?)? = nil) async {
        var lastShown = -1
        while stop.requested == nil {
            let now = now()
            let remaining = until.timeIntervalSince(now)
            if remaining <= 0 { break }
            let whole = Int(remaining.rounded(.up))
            if whole != lastShown, lastShown >= 0, let next, next(now).map({ abs($0.timeIntervalSince(until)) > 0.5 }) ?? true { break }
            if !reason.isEmpty, whole != lastShown {
                progress.waiting(until: until, reason: reason, now: now)
            }
            lastShown = whole
            try? await clock.sleep(.milliseconds(Int(min(remaining, 0.25) * 1000) + 1))
        }
        if lastShown >= 0, !reason.isEmpty { progress.waitEnded() }
    }
}
