import Common
import Foundation
import Store
import Synchronization

/// One claimed item, with the attempt already recorded for it (nil: begin one before sending).
struct Claimed: Sendable {
    var item: OutboxItem
    var reconcileFirst: Bool
    var attempt: Int64?
    /// For an item checked first: why its outcome is unknown.
    var because: Reason?

    /// Why a checked item's outcome is unknown, for the state it goes back to.
    var lostBecause: Reason { because ?? .unknownOutcome(evidence: item.lastError ?? "its answer was lost") }
}

/// Claiming with leases: which items a sender takes, in one durable transaction (so two senders
/// never take the same item), taking over the items of senders that are gone, and giving back
/// what it will not send after all.
struct SenderLease: Sendable {
    let store: Store
    let me: String
    let settings: SenderSettings
    let liveness: any SenderLiveness

    /// Claims first takes over items whose sender is gone, then one item that must be checked with
    /// the forum (alone, so the check happens before anything else is sent), or else a batch of
    /// due items. `blocked` profiles (no session) are left alone.
    func claim(now clock: Date, ids: [Int64]?, blocked: Set<String>, damaged: inout [Damaged]) throws -> [Claimed] {
        // The store keeps times to the millisecond (rounded), so "due now" is judged with one
        // millisecond to spare, in SQL and in the state machine alike.
        let now = clock.addingTimeInterval(0.001)
        var found: [Damaged] = []
        defer { damaged += found }
        return try store.outbox { tx -> [Claimed] in
            for row in try tx.items(inStates: [OutboxState.Name.sending], ids: ids) where row.owner != me {
                guard var item = try tx.sendable(row, now: now, damaged: &found) else { continue }
                guard case let .sending(owner, leaseUntil) = item.state, leaseUntil > now, liveness.status(of: owner) == .gone else { continue }
                try item.apply(.abandon(.senderStopped(owner: owner), checkAt: now.addingTimeInterval(settings.settle)), now: now)
                try tx.save(item)
                try closeDanglingAttempts(of: item.id, in: tx, now: now)
            }

            for row in try tx.items(inStates: OutboxStates.mayHaveLanded, dueBy: now, ids: ids) where !blocked.contains(row.profile) {
                guard var item = try tx.sendable(row, now: now, damaged: &found) else { continue }
                guard item.state.claimable(at: now) == .reconcileFirst else { continue }
                // A lease runs out on the clock, a request in flight does not (a slow forum, a
                // machine that slept mid-send): while its sender still runs here, it may yet post.
                if case let .sending(owner, _) = item.state, owner != me, liveness.status(of: owner) == .running { continue }
                if case .sending = item.state { try closeDanglingAttempts(of: item.id, in: tx, now: now) }
                let because: Reason = switch item.state {
                case let .unknown(reason, _): reason
                case let .sending(owner, _): .senderStopped(owner: owner)
                default: .unknownOutcome(evidence: "")
                }
                try item.apply(.claim(owner: me, leaseUntil: now.addingTimeInterval(settings.lease), now: now), now: now)
                try tx.save(item)
                let attempt = try tx.beginAttempt(item: item.id, action: .reconcile, owner: me, at: now)
                return [Claimed(item: item, reconcileFirst: true, attempt: attempt, because: because)]
            }

            // A place (a thread, Sent Items) takes its items in the order they were queued, from
            // one sender at a time, with an unknown one there checked before anything else. So
            // the next item of a place is its first waiting one, and a batch is that item and the
            // ones queued after it there, as long as they are due (other senders take the other
            // places meanwhile).
            for head in try tx.waitingHeads(dueBy: now, ids: ids, limit: 64) {
                guard !blocked.contains(head.profile),
                      try !tx.isBusy(targetKey: head.targetKey, profile: head.profile, except: head.id, sender: me)
                else { continue }
                var paced = false
                if let channel = head.channel, let known = try tx.pace(profile: head.profile, channel: channel) {
                    if let notBefore = known.notBefore, notBefore > now { continue }
                    // The next one has to wait an interval anyway.
                    paced = known.interval > 0
                }
                let followers = paced ? [] : try tx.waiting(after: head, limit: settings.batch - 1)
                var claimed: [Claimed] = []
                for row in [head] + followers {
                    if let ids, !ids.contains(row.id) { break }
                    guard var item = try tx.sendable(row, now: now, damaged: &found) else { break }
                    guard item.state.claimable(at: now) == .send else { break }
                    let lease = now.addingTimeInterval(settings.lease * Double(claimed.count + 1))
                    try item.apply(.claim(owner: me, leaseUntil: lease, now: now), now: now)
                    try tx.save(item)
                    let attempt = claimed.isEmpty ? try tx.beginAttempt(item: item.id, action: .send, owner: me, at: now) : nil
                    claimed.append(Claimed(item: item, reconcileFirst: false, attempt: attempt))
                }
                if !claimed.isEmpty { return claimed }
            }
            return []
        }
    }

    /// Attempts left open by a sender that died: what they were doing is unknown.
    private func closeDanglingAttempts(of item: Int64, in tx: OutboxTransaction, now: Date) throws {
        for attempt in try tx.attempts(of: item) where attempt.finishedAt == nil {
            try tx.finishAttempt(attempt.id, outcome: "interrupted", evidence: "its sender \(attempt.owner) stopped during it", at: now)
        }
    }

    /// Gives claimed items back untouched (the sender stops, or the forum asked for a pause).
    func relinquish(_ items: [Claimed], now: Date) throws {
        guard !items.isEmpty else { return }
        try store.outbox(durable: false) { tx in
            for claimed in items {
                // One that changed hands meanwhile is its new holder's.
                guard var item = try holding(claimed.item.id, in: tx) else { continue }
                let event: OutboxEvent = claimed.reconcileFirst ? .lost(claimed.lostBecause, checkAt: now) : .retryAt(now, because: .givenBack)
                try item.apply(event, now: now, by: me)
                try tx.save(item)
                if let attempt = claimed.attempt {
                    try tx.finishAttempt(attempt, outcome: "not started", evidence: nil, at: now)
                }
            }
        }
    }

    /// The item as stored, if this sender still holds its lease.
    func holding(_ id: Int64, in tx: OutboxTransaction) throws -> OutboxItem? {
        guard try holds(id, in: tx), let row = try tx.item(id) else { return nil }
        return try OutboxItem(row: row)
    }

    func holds(_ id: Int64, in tx: OutboxTransaction) throws -> Bool {
        try tx.isHeld(id, by: me)
    }

    /// Extends this sender's lease on `id` to a full lease from `now`; false when it no longer holds it.
    func renew(_ id: Int64, in tx: OutboxTransaction, now: Date) throws -> Bool {
        try tx.renewLease(of: id, by: me, until: now.addingTimeInterval(settings.lease))
    }
}

/// Keeps the lease of the item in flight from running out: one send can make many requests,
/// each with its own timeout, and a sender on another machine takes over an item whose lease ran
/// out (it cannot tell whether this one still runs).
final class LeaseRenewer: Sendable {
    private let lease: SenderLease
    private let clock: SenderClock
    /// The item being sent now.
    private let inFlight = Mutex<Int64?>(nil)
    /// Rung when an item goes in flight: with none, `run` waits on this instead of a timer, since
    /// a pending sleep on Linux re-arms a timer every second and an idle watch must cost nothing.
    private let started = Doorbell()

    init(lease: SenderLease, clock: SenderClock) {
        self.lease = lease
        self.clock = clock
    }

    /// The item in flight, whose lease `run` keeps (nil: none).
    func keep(_ id: Int64?) {
        inFlight.withLock { $0 = id }
        if id != nil { started.ring() }
    }

    /// Until cancelled, every third of a lease: the item in flight gets a full lease again.
    func run() async {
        let every = Duration.milliseconds(Int(max(lease.settings.lease / 3, 0.1) * 1_000))
        while !Task.isCancelled {
            if inFlight.withLock({ $0 }) == nil {
                // Read before the second look, so that an item put in flight between the two rings after it.
                let mark = started.rings
                if inFlight.withLock({ $0 }) == nil { await started.wait(after: mark) }
                continue
            }
            try? await clock.renewalSleep(every)
            guard !Task.isCancelled, let id = inFlight.withLock({ $0 }) else { continue }
            _ = try? lease.store.outbox { tx in try lease.renew(id, in: tx, now: clock.now()) }
        }
    }
}
