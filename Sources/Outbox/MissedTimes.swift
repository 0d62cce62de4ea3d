import Common
import Foundation
import Store

/// How late a scheduled item may still go out, per profile (config.toml's `late_limit`).
public struct LateLimits: Sendable, Equatable {
    /// For profiles without a limit of their own; nil: no limit.
    public var everywhere: TimeInterval?
    public var profiles: [String: TimeInterval]

    public init(everywhere: TimeInterval? = nil, profiles: [String: TimeInterval] = [:]) {
        self.everywhere = everywhere
        self.profiles = profiles
    }

    public func limit(for profile: String) -> TimeInterval? {
        profiles[profile] ?? everywhere
    }
}

/// A scheduled item whose time passed while no sender ran, as a sender finds it.
public struct MissedTime: Sendable, Equatable {
    public var item: OutboxItem
    /// The time the user picked.
    public var scheduled: Date
}

/// The rule for missed times: an item whose time passed while no sender ran goes out at the next
/// chance and says how late; one later than its profile's late limit is held for the user.
extension Outbox {
    /// Queued items due by `now` whose time passed at least `after` seconds ago, in queue order:
    /// those later than their profile's limit are held (`tooLate`, recorded so that `missive
    /// undo` shows it), the others are returned as `late`, to go out now and say so.
    ///
    /// Only a time the user picked counts: an item due later than its last change (queued or
    /// rescheduled `--at`, released `--at`). One queued for "now" and sent by the next
    /// `missive send` is the ordinary two-step flow, not a missed time, however long the
    /// user took to run it.
    public func sortMissed(
        ids: [Int64]?, now: Date, limits: LateLimits, after: TimeInterval
    ) throws -> (held: [MissedTime], late: [MissedTime]) {
        try store.outbox { tx in
            var held: [MissedTime] = [], late: [MissedTime] = []
            let due = now.addingTimeInterval(-after)
            for row in try tx.items(inStates: OutboxStates.scheduled, dueBy: due, ids: ids).sorted(by: { $0.id < $1.id }) {
                // A row that cannot be read is failed by the window that comes next, as before.
                guard var item = try? OutboxItem(row: row), case let .queued(scheduled) = item.state,
                      scheduled > item.updatedAt.addingTimeInterval(0.5) else { continue }
                guard let limit = limits.limit(for: item.profile), now.timeIntervalSince(scheduled) > limit else {
                    late.append(MissedTime(item: item, scheduled: scheduled))
                    continue
                }
                let before = item.state
                try item.apply(.holdLate(.tooLate(scheduled: scheduled, limit: limit)), now: now)
                try tx.save(item)
                try OutboxHistory.record(.outboxHold, summary: "hold \(item.title): it missed its time by more than the late_limit",
                                         steps: [OutboxHistory.Step(item: item.id, before: before, after: item.state)], in: tx, now: now)
                held.append(MissedTime(item: item, scheduled: scheduled))
            }
            return (held, late)
        }
    }
}

/// What the sender says about missed times.
extension Sender {
    /// Holds what is too late, and remembers when the rest was scheduled, to say how late each
    /// one went out.
    func sortMissed(ids: [Int64]?, now: Date) throws {
        let (held, late) = try Outbox(store: store).sortMissed(ids: ids, now: now, limits: settings.lateLimits,
                                                               after: settings.lateAfter)
        for missed in held {
            movedByMe.insert(missed.item.id)
            guard case let .held(reason?) = missed.item.state else { continue }
            progress.item(missed.item, "held, not sent: \(reason); `missive queue release \(missed.item.id)` sends it")
        }
        for missed in late where missedTimes[missed.item.id] == nil {
            missedTimes[missed.item.id] = missed.scheduled
            progress.item(missed.item, "its time, \(LocalClock.time(missed.scheduled, now: now)), passed "
                + "\(LocalClock.span(now.timeIntervalSince(missed.scheduled))) ago while no sender ran: it goes out now")
        }
    }

    /// " (scheduled 09:00, sent 2 h 14 min late)" for an item that went out after its time was
    /// missed; "" for any other.
    func lateNote(_ item: OutboxItem, now: Date) -> String {
        guard case .sent = item.state, let scheduled = missedTimes[item.id] else { return "" }
        return " (scheduled \(LocalClock.time(scheduled, now: now)), sent \(LocalClock.span(now.timeIntervalSince(scheduled))) late)"
    }
}
