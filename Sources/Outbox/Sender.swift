import Forum
import Foundation
import Store

/// Where a sender gets the adapter for a profile (the command line builds them from config.toml).
public protocol ForumAdapterSource: Sendable {
    func adapter(for profile: String) throws -> any ForumAdapter
}

/// How a sender behaves; the defaults are the product's.
public struct SenderSettings: Sendable {
    /// Seconds an item waits in `pending` so that `missive undo` can call it off.
    public var undoWindow: TimeInterval = 10
    /// How long a claim lasts, per item: longer than one item can take (every request of a send
    /// has a timeout), so that a slow sender never loses an item it is still sending.
    public var lease: TimeInterval = 120
    /// How long after a lost answer the forum is asked whether the post landed: a forum may still
    /// be storing a post whose answer never came.
    public var settle: TimeInterval = 2
    /// How long after a lost send the forum may still store it (it finishes requests whose client
    /// gave up): "not there" is believed only after this; an earlier check is made again then.
    public var grace: TimeInterval = 60
    /// Items claimed in one transaction when the forum does not limit the pace.
    public var batch = 16
    /// Added to the flood interval between two sends.
    public var paceMargin: TimeInterval = 0.1
    /// `missive send` (without --watch) waits for retries and flood control up to this long;
    /// items due later stay queued for the next run.
    public var maxWait: TimeInterval = 300
    /// `--watch` looks for newly queued items this often.
    public var poll: TimeInterval = 2
    public var policy: any RetryPolicy = FullJitterBackoff()

    public init() {}
}

/// What a run of the sender did.
public struct SendSummary: Sendable, Equatable {
    public var sent: [Int64] = []
    public var failed: [Int64] = []
    /// Items of this run still waiting (a retry later than `maxWait`, an unknown being checked).
    public var waiting: [Int64] = []
    /// Profiles whose session is gone: their items stay queued.
    public var notLoggedIn: [String] = []
    /// Profiles whose forum answered with a bot check instead: their items stay queued too.
    public var botCheck: [String] = []
    /// Items of this run cancelled while they waited (by `missive undo` or `queue cancel`).
    public var cancelled: [Int64] = []
    public var stoppedBy: String?
}

/// The sender: opens undo windows, claims due items with a lease (one SQLite transaction, so two
/// senders never take the same item), checks unknown items with the forum before anything else,
/// sends, and records every attempt and outcome through the state machine.
public final class Sender: @unchecked Sendable {
    public enum Scope: Sendable, Equatable {
        /// What is due now (or these items), waiting for retries up to `maxWait`, then return.
        case due(ids: [Int64]?)
        /// Keep going until stopped.
        case watch
    }

    let store: Store
    let adapters: any ForumAdapterSource
    let settings: SenderSettings
    let me: String
    let liveness: any SenderLiveness
    let progress: any SendProgress
    let stop: StopSignal
    let clock: @Sendable () -> Date
    private let pace: FloodPace

    private var cachedAdapters: [String: any ForumAdapter] = [:]
    /// The flood pace per "profile channel", as last read or written by this sender.
    private var paces: [String: OutboxPace] = [:]
    /// The newest receipt per "profile place" that this sender knows of: a ready reconcile marker.
    private var receipts: [String: Int64] = [:]
    /// Markers written into the next item of a batch along with the last outcome, by item id.
    private var markersWritten: [Int64: Int64] = [:]
    /// Profiles without a session, and when to look again (watch mode).
    private var blocked: [String: Date] = [:]
    /// Those of them stopped by a bot check rather than a lost session.
    private var botChecked = Set<String>()
    /// Profiles whose forum could not be reached in this run: a single run does not sit out their
    /// retries (the forum is down, not busy); it says when they are due and returns.
    private var unreachable = Set<String>()
    private var summary = SendSummary()
    private var touched = Set<Int64>()
    /// The item being sent now, whose lease `renewLeases` keeps from running out.
    private let inFlight = InFlight()

    public init(
        store: Store, adapters: any ForumAdapterSource, settings: SenderSettings = SenderSettings(),
        identity: SenderIdentity = .current(), liveness: any SenderLiveness = LocalSenders(),
        progress: any SendProgress, stop: StopSignal = StopSignal(), clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.store = store
        self.adapters = adapters
        self.settings = settings
        self.me = identity.description
        self.liveness = liveness
        self.progress = progress
        self.stop = stop
        self.clock = clock
        self.pace = FloodPace(margin: settings.paceMargin)
    }

    /// One claimed item, with the attempt already recorded for it (nil: begin one before sending).
    struct Claimed {
        var item: OutboxItem
        var reconcileFirst: Bool
        var attempt: Int64?
        /// For an item checked first: why its outcome is unknown.
        var because: Reason?
    }

    public func run(_ scope: Scope) async throws -> SendSummary {
        // The renewer is awaited, not only cancelled: it holds this sender and so its forum
        // client, which must be gone before the caller moves on (a process that exits while
        // another thread cleans up libcurl can crash inside OpenSSL's own clean-up).
        let renewer = Task { await renewLeases() }
        do {
            let summary = try await send(scope)
            renewer.cancel()
            await renewer.value
            return summary
        } catch {
            renewer.cancel()
            await renewer.value
            throw error
        }
    }

    private func send(_ scope: Scope) async throws -> SendSummary {
        let ids: [Int64]? = if case let .due(ids) = scope { ids } else { nil }
        var first = true
        while stop.requested == nil {
            let now = clock()
            if first || scope == .watch {
                try openWindows(ids: ids, now: now)
                first = false
            }
            let batch = try claim(now: now, ids: ids)
            if batch.isEmpty {
                let next = try nextWake(ids: ids, scope: scope, now: now)
                if scope == .watch {
                    // A watcher also looks for items queued meanwhile, by other processes.
                    let poll = now.addingTimeInterval(settings.poll)
                    let wake = min(next?.0 ?? poll, poll)
                    await wait(until: wake, reason: next.map { wake < $0.0 ? "" : $0.1 } ?? "")
                    continue
                }
                guard let (due, reason) = next, due <= now.addingTimeInterval(settings.maxWait) else { break }
                await wait(until: due, reason: reason, unlessChanged: { [self] now in try? nextWake(ids: ids, scope: scope, now: now)?.0 })
                continue
            }
            try await process(batch)
        }
        summary.stoppedBy = stop.requested
        // Items this run opened a window for that were called off meanwhile (`missive undo`).
        for id in touched.sorted() {
            if let item = try? Outbox(store: store).item(id), item.state == .cancelled {
                progress.item(item, "called off: it was cancelled before it went out")
                summary.cancelled.append(id)
            }
        }
        // Everything that should have gone and is still held: what this run began, and what was
        // already waiting (a retry, an unknown, and the items queued behind them at their place).
        let end = clock()
        summary.waiting = try store.outboxRead { tx in
            try (tx.items(inStates: ["pending", "retrying", "unknown", "sending"], ids: ids)
                + tx.items(inStates: ["queued"], dueBy: end, ids: ids)).map(\.id).sorted()
        }
        summary.notLoggedIn = blocked.keys.filter { !botChecked.contains($0) }.sorted()
        summary.botCheck = botChecked.sorted()
        return summary
    }

    // MARK: Windows

    private func openWindows(ids: [Int64]?, now: Date) throws {
        var damaged: [Damaged] = []
        let started = try Outbox(store: store).startWindows(ids: ids, until: now.addingTimeInterval(settings.undoWindow), now: now,
                                                            damaged: &damaged)
        reportDamaged(damaged)
        guard !started.isEmpty else { return }
        touched.formUnion(started.map(\.id))
        progress.windowOpened(started, until: now.addingTimeInterval(settings.undoWindow))
    }

    // MARK: Claiming

    /// Claims, in one durable transaction: first takes over items whose sender is gone, then one
    /// item that must be checked with the forum (alone, so the check happens before anything else
    /// is sent), or else a batch of due items.
    func claim(now clock: Date, ids: [Int64]?) throws -> [Claimed] {
        // The store keeps times to the millisecond (rounded), so "due now" is judged with one
        // millisecond to spare, in SQL and in the state machine alike.
        let now = clock.addingTimeInterval(0.001)
        let liveBlocked = blocked.filter { $0.value > now }
        var damaged: [Damaged] = []
        let claimed = try store.outbox { tx -> [Claimed] in
            for row in try tx.items(inStates: ["sending"], ids: ids) where row.owner != me {
                guard var item = try tx.sendable(row, now: now, damaged: &damaged) else { continue }
                guard case let .sending(owner, leaseUntil) = item.state, leaseUntil > now, liveness.status(of: owner) == .gone else { continue }
                try item.apply(.abandon(.senderStopped(owner: owner), checkAt: now.addingTimeInterval(settings.settle)), now: now)
                try tx.save(item)
                try closeDanglingAttempts(of: item.id, in: tx, now: now)
            }

            for row in try tx.items(inStates: ["unknown", "sending"], dueBy: now, ids: ids) where liveBlocked[row.profile] == nil {
                guard var item = try tx.sendable(row, now: now, damaged: &damaged) else { continue }
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
                guard liveBlocked[head.profile] == nil,
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
                    guard var item = try tx.sendable(row, now: now, damaged: &damaged) else { break }
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
        reportDamaged(damaged)
        return claimed
    }

    /// Waiting items failed because their rows cannot be read: they count as failures of this run.
    private func reportDamaged(_ damaged: [Damaged]) {
        for item in damaged {
            progress.note("item \(item.id): failed: \(item.reason)")
            summary.failed.append(item.id)
        }
    }

    /// Attempts left open by a sender that died: what they were doing is unknown.
    private func closeDanglingAttempts(of item: Int64, in tx: OutboxTransaction, now: Date) throws {
        for attempt in try tx.attempts(of: item) where attempt.finishedAt == nil {
            try tx.finishAttempt(attempt.id, outcome: "interrupted", evidence: "its sender \(attempt.owner) stopped during it", at: now)
        }
    }

    // MARK: Processing

    private func process(_ batch: [Claimed]) async throws {
        var batch = batch
        for index in batch.indices {
            if stop.requested != nil {
                try relinquish(Array(batch[index...]))
                return
            }
            let hasNext = batch.indices.contains(index + 1)
            let claimed = batch[index]
            let (carryOn, nextAttempt) = try await keepingLease(of: claimed.item.id) {
                try await process(claimed, next: hasNext ? batch[index + 1].item.id : nil)
            }
            if hasNext, carryOn, nextAttempt == nil {
                // This one or the next changed hands meanwhile: the rest is given back (what
                // changed hands is its new holder's).
                try relinquish(Array(batch[(index + 1)...]))
                return
            }
            if hasNext {
                batch[index + 1].attempt = nextAttempt
                // Recorded with the outcome: the receipt just got is the next one's marker.
                if let marker = markersWritten.removeValue(forKey: batch[index + 1].item.id) {
                    batch[index + 1].item.marker = marker
                }
            }
            if !carryOn {
                if hasNext { try relinquish(Array(batch[(index + 1)...])) }
                return
            }
        }
    }

    /// Checks (if it must), sends, and records one item. Returns false when the rest of the batch
    /// should wait (the forum asked for a pause, an item is unknown, the session is gone), and
    /// otherwise the attempt begun for the next item.
    private func process(_ claimed: Claimed, next: Int64?) async throws -> (Bool, Int64?) {
        var item = claimed.item
        touched.insert(item.id)
        let adapter: any ForumAdapter
        do {
            adapter = try cachedAdapter(for: item.profile)
        } catch {
            let event: OutboxEvent = claimed.reconcileFirst
                ? .lost(claimed.lostBecause, checkAt: clock().addingTimeInterval(60)) : .rejected(.notConfigured("\(error)"))
            _ = try finish(&item, attempt: claimed.attempt, outcome: "not sent", evidence: "\(error)", event: event, next: nil)
            progress.item(item, "\(item.state.name): \(error)")
            return (false, nil)
        }

        var attempt = claimed.attempt
        if claimed.reconcileFirst {
            progress.item(item, "checking with the forum whether it arrived")
            // A reply or PM is marked before it is posted, so one without a marker never went out.
            let neverSent = item.command.needsMarker && item.marker == nil
            switch neverSent ? .absent : await adapter.reconcile(item.command.attempt(after: item.marker)) {
            case let .landed(receipt):
                _ = try finish(&item, attempt: attempt, outcome: "landed", evidence: receipt.description,
                               event: .delivered(postID: receipt.id.map(String.init), url: receipt.url?.absoluteString), next: nil)
                progress.item(item, "sent: it had arrived (\(receipt))")
                return (true, nil)
            case .absent:
                let now = clock()
                if !neverSent, let lostAt = try lastSendStart(of: item.id), now < lostAt.addingTimeInterval(settings.grace) {
                    // Too early to believe: the forum may still be storing it.
                    let checkAt = lostAt.addingTimeInterval(settings.grace)
                    _ = try finish(&item, attempt: attempt, outcome: "absent", evidence: "not on the forum yet",
                                   event: .lost(claimed.lostBecause, checkAt: checkAt), next: nil)
                    report(item, "not on the forum yet; asked again at \(Self.clockTime(checkAt)), before anything is sent again")
                    return (false, nil)
                }
                // Not on the forum, so it is safe to send again: now, or after the backoff when
                // lost answers keep coming (they count as failures, so a forum that always loses
                // them is not hammered forever).
                let notArrived = Reason.notArrived(after: claimed.lostBecause)
                switch settings.policy.decide(.transient, failures: item.failures, now: now) {
                case let .retry(at) where at <= now:
                    attempt = try store.outbox(durable: false) { tx in
                        if let attempt { try tx.finishAttempt(attempt, outcome: "absent", evidence: "not on the forum", at: now) }
                        return try tx.beginAttempt(item: item.id, action: .send, owner: me, at: now)
                    }
                    progress.item(item, "it had not arrived: sending it")
                case let decision:
                    _ = try finish(&item, attempt: attempt, outcome: "absent", evidence: "not on the forum",
                                   event: retryEvent(decision, because: notArrived), next: nil)
                    report(item, "it had not arrived")
                    return (false, nil)
                }
            case let .undetermined(error):
                try recordUndetermined(&item, error: error, attempt: attempt)
                return (false, nil)
            }
        } else {
            progress.item(item, "sending")
        }

        if item.command.needsPreviousText, case let .edit(postID, _, _) = item.command {
            // Undo of an edit puts this text back, so it is read before the edit is made.
            let previous: String
            do {
                previous = try await adapter.postSource(postID: postID)
            } catch {
                // Nothing was posted by reading, so an unreadable answer is only worth a retry.
                let outcome: PostOutcome = if case .unexpected = error {
                    .retryLater(after: nil, reason: .unreachable("\(error)"))
                } else {
                    PostOutcome(error)
                }
                return try record(outcome, for: &item, attempt: attempt, next: nil)
            }
            item.command = item.command.remembering(previous: previous)
            let remembered = item
            try store.outbox(durable: false) { tx in
                if try holds(remembered.id, in: tx) { try tx.save(remembered) }
            }
        }

        if let failure = try await ensureMarker(&item, adapter: adapter) {
            return try record(failure, for: &item, attempt: attempt, next: nil)
        }
        let outcome = await item.command.execute(on: adapter)
        return try record(outcome, for: &item, attempt: attempt, next: next)
    }

    /// Records, before anything is posted, where reconcile starts looking for this item should
    /// its answer be lost or this process die mid-send: the newest receipt at its place (our last
    /// send there), or else the forum's own newest id there, read now. Returns an outcome when
    /// that read fails (nothing was posted, so it is only worth a retry).
    private func ensureMarker(_ item: inout OutboxItem, adapter: any ForumAdapter) async throws -> PostOutcome? {
        guard item.command.needsMarker else { return nil }
        let profile = item.profile, targetKey = item.command.targetKey
        let place = Self.placeKey(item)
        if receipts[place] == nil {
            receipts[place] = try store.outboxRead { tx in try tx.latestReceipt(profile: profile, targetKey: targetKey) }
        }
        var marker = [item.marker, receipts[place]].compactMap { $0 }.max()
        if marker == nil, let reader = adapter as? any ReconcileMarkers {
            do {
                marker = try await reader.reconcileMarker(for: item.command.attempt(after: nil)).map(Int64.init)
            } catch {
                if case .unexpected = error { return .retryLater(after: nil, reason: .unreachable("\(error)")) }
                return PostOutcome(error)
            }
        }
        guard marker != item.marker else { return nil }
        item.marker = marker
        let id = item.id
        try store.outbox(durable: false) { tx in try tx.setMarker(marker, of: id) }
        return nil
    }

    static func placeKey(_ item: OutboxItem) -> String {
        item.profile + " " + item.command.targetKey
    }

    /// Turns an outcome into the state machine's event, and records it with the attempt (and the
    /// start of the next item's attempt) in one transaction.
    private func record(_ outcome: PostOutcome, for item: inout OutboxItem, attempt: Int64?, next: Int64?) throws -> (Bool, Int64?) {
        let now = clock()
        var carryOn = true
        var paceUpdate: OutboxPace?
        let event: OutboxEvent
        let label: String
        let message: String
        switch outcome {
        case let .sent(receipt):
            event = .delivered(postID: receipt.id.map(String.init), url: receipt.url?.absoluteString)
            label = "sent"
            message = "sent: \(receipt)"
            if let channel = item.command.floodChannel {
                paceUpdate = pace.afterSend(try currentPace(item.profile, channel), now: now)
            }
        case .rejected(.notLoggedIn):
            // Not the message's fault: it waits for the user to log in again.
            event = .retryAt(now, because: .sessionExpired)
            label = "not logged in"
            message = "waiting: \(OutboxError.notLoggedIn(profile: item.profile))"
            blocked[item.profile] = now.addingTimeInterval(60)
            carryOn = false
        case .rejected(.botCheck):
            // Nothing reached the forum, and nothing will until the user brings a browser's cookies.
            event = .retryAt(now, because: .botCheck)
            label = "bot check"
            message = "waiting: \(Rejection.botCheck)"
            blocked[item.profile] = now.addingTimeInterval(60)
            botChecked.insert(item.profile)
            carryOn = false
        case let .rejected(.probation(until?, text)):
            event = retryEvent(settings.policy.decide(.probation(until: until), failures: item.failures, now: now),
                               because: .probation(until: until, message: text))
            label = "retry"
            // The end as the reader's clock shows it, date and all (the rejection says it so).
            message = "\(Rejection.probation(until: until, message: text)); trying again then"
            carryOn = false
        case let .rejected(rejection):
            event = .rejected(Reason(rejection))
            label = "rejected"
            message = "failed: \(rejection)"
        case let .retryLater(after, .floodControl(text, interval)):
            let seconds = after.map { Int($0.components.seconds) }
            let fallback = settings.policy.decide(.floodControl(seconds: seconds ?? 30), failures: item.failures, now: now)
            var fallbackDate = now.addingTimeInterval(30)
            if case let .retry(at) = fallback { fallbackDate = at }
            let updated = pace.afterFlood(try currentPace(item.profile, item.command.floodChannel ?? "posts", fresh: true),
                                          interval: interval, secondsLeft: seconds, now: now, fallback: fallbackDate)
            paceUpdate = updated
            event = .retryAt(updated.notBefore ?? fallbackDate, because: .flood(wait: seconds, interval: interval, message: text))
            label = "retry"
            message = "flood control: \(text)"
            carryOn = false
        case let .retryLater(after?, reason):
            let wait = Int(after.components.seconds)
            event = retryEvent(settings.policy.decide(.retryAfter(seconds: wait), failures: item.failures, now: now),
                               because: .retryAfter(seconds: wait, because: Reason(reason)))
            label = "retry"
            message = "\(reason)"
            carryOn = false
        case let .retryLater(nil, reason):
            // The rest of the batch waits too: items to the same place keep their order.
            carryOn = false
            if case .unreachable = reason { unreachable.insert(item.profile) }
            item.failures += 1
            event = retryEvent(settings.policy.decide(.transient, failures: item.failures, now: now), because: Reason(reason))
            label = "retry"
            message = "\(reason)"
        case let .unknown(evidence):
            // The adapter read a fresher marker right before its POST.
            if let after = evidence.reconcileAfter { item.marker = Int64(after) }
            item.failures += 1
            event = .lost(.unknownOutcome(evidence: evidence.description), checkAt: now.addingTimeInterval(settings.settle))
            label = "unknown"
            message = "no clear answer (\(evidence)); the forum is asked before any retry"
            carryOn = false
        }
        item.lastError = label == "sent" ? nil : message
        let nextAttempt = try finish(&item, attempt: attempt, outcome: label, evidence: "\(outcome)", event: event,
                                     next: carryOn ? next : nil, pace: paceUpdate)
        report(item, message)
        return (carryOn, nextAttempt)
    }

    private func retryEvent(_ decision: RetryDecision, because reason: Reason) -> OutboxEvent {
        switch decision {
        case let .retry(at): .retryAt(at, because: reason)
        case let .giveUp(attempts): .rejected(.gaveUp(attempts: attempts, last: reason))
        }
    }

    private func recordUndetermined(_ item: inout OutboxItem, error: ForumError, attempt: Int64?) throws {
        let now = clock()
        var checkAt: Date
        if error == .rejected(.notLoggedIn) || error == .rejected(.botCheck) {
            blocked[item.profile] = now.addingTimeInterval(60)
            if error == .rejected(.botCheck) { botChecked.insert(item.profile) }
            checkAt = now
        } else {
            item.failures += 1
            checkAt = now.addingTimeInterval(3_600)
            if case let .retry(at) = settings.policy.decide(.transient, failures: item.failures, now: now) { checkAt = at }
            checkAt = max(checkAt, now.addingTimeInterval(settings.settle))
        }
        let reason = Reason.uncheckable("\(error)")
        item.lastError = reason.description
        _ = try finish(&item, attempt: attempt, outcome: "undetermined", evidence: "\(error)",
                   event: .lost(reason, checkAt: checkAt), next: nil)
        report(item, "could not check whether it arrived (\(error)); asking again at \(Self.clockTime(checkAt))")
    }

    /// Records an outcome: the attempt, the event, the draft (marked sent only here), the pace,
    /// and the start of the next item's attempt, in one transaction. Losing it to a crash is
    /// safe (the item stays claimed, and a claimed item whose sender is gone is checked first),
    /// so it does not wait for the disk.
    private func finish(
        _ item: inout OutboxItem, attempt: Int64?, outcome: String, evidence: String, event: OutboxEvent,
        next: Int64?, pace paceUpdate: OutboxPace? = nil
    ) throws -> Int64? {
        let now = clock()
        try item.apply(event, now: now, by: me)
        let updated = item
        // A receipt is the marker of the next send to the same place; the next item of a batch
        // (same place) has it recorded here, before anything of it is posted.
        var nextMarker: Int64?
        if case let .sent(postID?, _) = item.state, let receipt = Int64(postID), item.command.needsMarker {
            receipts[Self.placeKey(item)] = max(receipt, receipts[Self.placeKey(item)] ?? 0)
            nextMarker = receipt
        }
        if let paceUpdate { paces[paceUpdate.profile + " " + paceUpdate.channel] = paceUpdate }
        let lease = settings.lease
        let (nextAttempt, stillOurs) = try store.outbox(durable: false) { tx -> (Int64?, Bool) in
            if let attempt { try tx.finishAttempt(attempt, outcome: outcome, evidence: evidence, at: now) }
            if let paceUpdate { try tx.save(paceUpdate) }
            // Our copy says we hold it; the store decides. A sender that took it over meanwhile
            // (our lease ran out) checks with the forum itself, and its state is not overwritten.
            guard try holds(updated.id, in: tx) else { return (nil, false) }
            try tx.save(updated)
            if case .sent = updated.state, let draft = updated.draftID, let revision = updated.draftRevision {
                _ = try tx.markDraftSent(draft, revision: revision, now: now)
            }
            // The next item of the batch: still ours (or left alone, nil), its lease renewed.
            guard let next, try tx.renewLease(of: next, by: me, until: now.addingTimeInterval(lease)) else { return (nil, true) }
            if let nextMarker { try tx.setMarker(nextMarker, of: next) }
            return (try tx.beginAttempt(item: next, action: .send, owner: me, at: now), true)
        }
        guard stillOurs else {
            progress.item(item, "another sender took it over meanwhile; it checks with the forum whether this arrived")
            return nil
        }
        if let next, let nextMarker, nextAttempt != nil { markersWritten[next] = nextMarker }
        switch item.state {
        case .sent: summary.sent.append(item.id)
        case .failed: summary.failed.append(item.id)
        default: break
        }
        return nextAttempt
    }

    /// Runs `body` with item `id` in flight, so that `renewLeases` keeps its lease: one send can
    /// make many requests, each with its own timeout, and a sender on another machine takes over
    /// an item whose lease ran out (it cannot tell whether this one still runs).
    private func keepingLease<T>(of id: Int64, _ body: () async throws -> T) async throws -> T {
        inFlight.set(id)
        defer { inFlight.set(nil) }
        return try await body()
    }

    /// For the whole run, every third of a lease: the item in flight gets a full lease again.
    private func renewLeases() async {
        let lease = settings.lease
        while !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(Int(max(lease / 3, 0.1) * 1_000)))
            guard !Task.isCancelled, let id = inFlight.id else { continue }
            _ = try? store.outbox { tx in try tx.renewLease(of: id, by: me, until: clock().addingTimeInterval(lease)) }
        }
    }

    /// The item as stored, if this sender still holds its lease.
    private func holding(_ id: Int64, in tx: OutboxTransaction) throws -> OutboxItem? {
        guard try tx.isHeld(id, by: me), let row = try tx.item(id) else { return nil }
        return try OutboxItem(row: row)
    }

    private func holds(_ id: Int64, in tx: OutboxTransaction) throws -> Bool {
        try tx.isHeld(id, by: me)
    }

    /// The channel's pace: as this sender last saw it, or (`fresh`) as the store has it now.
    private func currentPace(_ profile: String, _ channel: String, fresh: Bool = false) throws -> OutboxPace {
        if !fresh, let known = paces[profile + " " + channel] { return known }
        let stored = try store.outboxRead { tx in try tx.pace(profile: profile, channel: channel) }
            ?? OutboxPace(profile: profile, channel: channel)
        paces[profile + " " + channel] = stored
        return stored
    }

    private func report(_ item: OutboxItem, _ message: String) {
        switch item.state {
        case let .retrying(at, _):
            progress.item(item, "retrying at \(Self.clockTime(at)) (\(message))")
        case .failed(let reason):
            progress.item(item, "failed: \(reason)")
        default:
            progress.item(item, message)
        }
    }

    /// Gives claimed items back untouched (the sender stops, or the forum asked for a pause).
    private func relinquish(_ items: [Claimed]) throws {
        guard !items.isEmpty else { return }
        let now = clock()
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

    // MARK: Waiting

    /// When something of this run can happen next, and what it is; nil when nothing will.
    private func nextWake(ids: [Int64]?, scope: Scope, now: Date) throws -> (Date, String)? {
        try store.outboxRead { tx in
            var states = ["unknown", "sending"]
            if scope == .watch { states.append("queued") }
            var best: (Date, String)?
            // Of the waiting items only the first of each place can go next.
            let rows = try tx.items(inStates: states, ids: ids, limit: 64) + tx.waitingHeads(ids: ids, limit: 64)
            for row in rows {
                guard let item = try? OutboxItem(row: row) else { continue }
                var due = item.state.due ?? now
                var reason = Self.reason(for: item)
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

    static func reason(for item: OutboxItem) -> String {
        switch item.state {
        case .pending: "undo window of \(item.title): `missive undo` calls it off"
        case .queued: "\(item.title), scheduled"
        case let .retrying(_, because):
            because.isFlood ? "flood control, then \(item.title)" : "retry of \(item.title)"
        case .unknown: "checking \(item.title) with the forum"
        case .sending: "the lease on \(item.title)"
        default: item.title
        }
    }

    /// Sleeps until `until`, a little at a time so that a stop request ends it at once.
    /// `unlessChanged` gives, once a second, when the next thing is due now: a wait that no longer
    /// applies (`missive undo` called the item off, another process sent it) ends there.
    private func wait(until: Date, reason: String, unlessChanged next: ((Date) -> Date?)? = nil) async {
        var lastShown = -1
        while stop.requested == nil {
            let now = clock()
            let remaining = until.timeIntervalSince(now)
            if remaining <= 0 { break }
            let whole = Int(remaining.rounded(.up))
            if whole != lastShown, lastShown >= 0, let next, next(now).map({ abs($0.timeIntervalSince(until)) > 0.5 }) ?? true { break }
            if !reason.isEmpty, whole != lastShown {
                progress.waiting(until: until, reason: reason, now: now)
            }
            lastShown = whole
            try? await Task.sleep(for: .milliseconds(Int(min(remaining, 0.25) * 1000) + 1))
        }
        if lastShown >= 0, !reason.isEmpty { progress.waitEnded() }
    }

    /// When the last send of an item began: the forum may store it up to `grace` after that.
    private func lastSendStart(of item: Int64) throws -> Date? {
        try store.outboxRead { tx in try tx.attempts(of: item).last { $0.action == .send }?.startedAt }
    }

    // MARK: Adapters

    private func cachedAdapter(for profile: String) throws -> any ForumAdapter {
        if let adapter = cachedAdapters[profile] { return adapter }
        let adapter = try adapters.adapter(for: profile)
        cachedAdapters[profile] = adapter
        return adapter
    }

    /// "14:03:09", local time; "2026-11-27 14:03:09" on another day than today, so that a wait
    /// of days (a probation) is not read as a time that has passed.
    public static func clockTime(_ date: Date, now: Date = Date()) -> String {
        let time = date.formatted(clockFormat)
        return Calendar.current.isDate(date, inSameDayAs: now) ? time : date.formatted(dayFormat) + " " + time
    }

    static let dayFormat = Date.VerbatimFormatStyle(
        format: "\(year: .defaultDigits)-\(month: .twoDigits)-\(day: .twoDigits)",
        timeZone: .current, calendar: Calendar(identifier: .gregorian))

    static let clockFormat = Date.VerbatimFormatStyle(
        format: "\(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits):\(second: .twoDigits)",
        timeZone: .current, calendar: Calendar(identifier: .gregorian))
}

extension Sender.Claimed {
    /// Why a checked item's outcome is unknown, for the state it goes back to.
    var lostBecause: Reason { because ?? .unknownOutcome(evidence: item.lastError ?? "its answer was lost") }
}

/// The id of the item a sender is sending, read by its lease renewer on another task.
private final class InFlight: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Int64?

    var id: Int64? { lock.withLock { current } }
    func set(_ id: Int64?) { lock.withLock { current = id } }
}
