import Forum
import Foundation
import Store

/// The sender: the loop that composes the parts. It opens undo windows, claims due items with a
/// lease (`SenderLease`), checks unknown items with the forum before anything else
/// (`Reconciler`), sends (`SendAttempt`), turns each outcome into an event (`OutcomeClassifier`,
/// paced by `FloodPace`), records it through the transition table, and reports (`SenderReport`).
/// An actor: the run's own bookkeeping is touched by one task at a time, as the compiler checks.
public actor Sender {
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
    let stop: StopSignal
    let clock: SenderClock
    private let lease: SenderLease
    private let renewer: LeaseRenewer
    private let classifier: OutcomeClassifier
    private let reconciler: Reconciler
    private let attempt: SendAttempt
    private let images: ImageUploads
    private let report: SenderReport

    private var cachedAdapters: [String: any ForumAdapter] = [:]
    /// The flood pace per "profile channel", as last read or written by this sender.
    private var paces: [String: OutboxPace] = [:]
    /// The newest receipt per "profile place" that this sender knows of: a ready reconcile marker.
    private var receipts: [String: Int64] = [:]
    /// Markers written into the next item of a batch along with the last outcome, by item id.
    private var markersWritten: [Int64: Int64] = [:]
    /// Profiles without a session, and when to look again (watch mode).
    var blocked: [String: Date] = [:]
    /// Those of them stopped by a bot check rather than a lost session.
    private var botChecked = Set<String>()
    /// Profiles whose forum could not be reached in this run: a single run does not sit out their
    /// retries (the forum is down, not busy); it says when they are due and returns.
    var unreachable = Set<String>()
    private var summary = SendSummary()
    private var touched = Set<Int64>()
    /// Watch mode: the queue as last read, the items this sender moved since, and the signal
    /// that another process committed to the store (nil: none, look every `settings.poll`).
    var seenQueue: QueueSnapshot?
    var movedByMe = Set<Int64>()
    var changes: StoreChanges?
    /// Items whose time was missed, and when they were scheduled: their outcome says how late.
    var missedTimes: [Int64: Date] = [:]

    public init(
        store: Store, adapters: any ForumAdapterSource, settings: SenderSettings = SenderSettings(),
        identity: SenderIdentity = .current(), liveness: any SenderLiveness = LocalSenders(),
        progress: any SendProgress, stop: StopSignal = StopSignal(), clock: SenderClock = .system,
        imageHosts: (any ImageHostSource)? = nil
    ) {
        self.store = store
        self.adapters = adapters
        self.settings = settings
        self.me = identity.description
        self.liveness = liveness
        self.stop = stop
        self.clock = clock
        lease = SenderLease(store: store, me: identity.description, settings: settings, liveness: liveness)
        renewer = LeaseRenewer(lease: lease, clock: clock)
        classifier = OutcomeClassifier(policy: settings.policy, settle: settings.settle, pace: FloodPace(margin: settings.paceMargin))
        reconciler = Reconciler(store: store, policy: settings.policy, grace: settings.grace)
        attempt = SendAttempt(store: store, lease: lease)
        images = ImageUploads(store: store, lease: lease, hosts: imageHosts, settings: settings, clock: clock)
        report = SenderReport(progress: progress)
    }

    var progress: any SendProgress { report.progress }
    func now() -> Date { clock.now() }

    public func run(_ scope: Scope) async throws -> SendSummary {
        // The renewer is awaited, not only cancelled: it holds the store, and the caller's forum
        // client must be gone before the caller moves on (a process that exits while another
        // thread cleans up libcurl can crash inside OpenSSL's own clean-up).
        let renewing = Task { [renewer] in await renewer.run() }
        // A watcher sleeps until the next due time or a commit by another process.
        if scope == .watch { changes = StoreChanges.watching(store) }
        defer { changes?.close() }
        do {
            let summary = try await send(scope)
            renewing.cancel()
            await renewing.value
            return summary
        } catch {
            renewing.cancel()
            await renewing.value
            throw error
        }
    }

    private func send(_ scope: Scope) async throws -> SendSummary {
        let named: [Int64]? = if case let .due(ids) = scope { ids } else { nil }
        var ids = try profileScoped(named)
        // `maxWait` bounds the whole run, not each wait: a forum that fails every request would
        // otherwise keep one run going for as many backoffs as the policy allows.
        let waitLimit = now().addingTimeInterval(settings.maxWait)
        var first = true
        while stop.requested == nil {
            // Taken before anything is read: a commit after this wakes the wait below.
            let mark = changes?.bell.rings
            // A profile's items queued meanwhile join its watch.
            if settings.profile != nil, !first { ids = try profileScoped(named) }
            let now = now()
            if scope == .watch { try noticeChanges(now: now) }
            if first || scope == .watch {
                try openWindows(ids: ids, now: now)
                first = false
            }
            let batch = try claim(now: now, ids: ids)
            if batch.isEmpty {
                let next = try nextWake(ids: ids, scope: scope, now: now)
                if scope == .watch {
                    await watchWait(until: next, mark: mark)
                    continue
                }
                guard let (due, reason) = next else { break }
                // What is already due is still sent; only a wait past the limit is not begun.
                guard due <= max(waitLimit, now) else {
                    progress.note("not waiting until \(localClock(due)) (\(reason)): this run's --max-wait "
                        + "of \(Int(settings.maxWait)) s ends first; it stays queued")
                    break
                }
                await wait(until: due, reason: reason, unlessChanged: { [self, ids] now in try? nextWake(ids: ids, scope: scope, now: now)?.0 })
                continue
            }
            try await process(batch)
        }
        summary.stoppedBy = stop.requested
        // Items this run opened a window for that were called off meanwhile (`missive undo`); a
        // watch told each as it happened.
        for id in touched.sorted() {
            if let item = try? Outbox(store: store).item(id), item.state == .cancelled {
                if scope != .watch { progress.item(item, "called off: it was cancelled before it went out") }
                summary.cancelled.append(id)
            }
        }
        if scope == .watch, let signal = stop.requested {
            try reportLeft(stoppedBy: signal)
            summary.leftReported = true
        }
        // Everything that should have gone and is still held: what this run began, and what was
        // already waiting (a retry, an unknown, and the items queued behind them at their place).
        let end = now()
        summary.waiting = try store.outboxRead { tx in
            try (tx.items(inStates: OutboxStates.unfinished, ids: ids)
                + tx.items(inStates: OutboxStates.scheduled, dueBy: end, ids: ids)).map(\.id).sorted()
        }
        summary.notLoggedIn = blocked.keys.filter { !botChecked.contains($0) }.sorted()
        summary.botCheck = botChecked.sorted()
        return summary
    }

    // MARK: Windows and claims

    private func openWindows(ids: [Int64]?, now: Date) throws {
        try sortMissed(ids: ids, now: now)
        var damaged: [Damaged] = []
        let until = now.addingTimeInterval(settings.undoWindow)
        let started = try Outbox(store: store).startWindows(ids: ids, until: until, now: now, damaged: &damaged)
        reportDamaged(damaged)
        guard !started.isEmpty else { return }
        touched.formUnion(started.map(\.id))
        movedByMe.formUnion(started.map(\.id))
        progress.windowOpened(started, until: until)
    }

    func claim(now: Date, ids: [Int64]?) throws -> [Claimed] {
        var damaged: [Damaged] = []
        let live = Set(blocked.filter { $0.value > now.addingTimeInterval(0.001) }.keys)
        let claimed = try lease.claim(now: now, ids: ids, blocked: live, damaged: &damaged)
        reportDamaged(damaged)
        movedByMe.formUnion(claimed.map(\.item.id) + damaged.map(\.id))
        return claimed
    }

    /// Waiting items failed because their rows cannot be read: they count as failures of this run.
    private func reportDamaged(_ damaged: [Damaged]) {
        report.damaged(damaged)
        summary.failed += damaged.map(\.id)
    }

    // MARK: Processing

    private func process(_ batch: [Claimed]) async throws {
        var batch = batch
        for index in batch.indices {
            if stop.requested != nil {
                try lease.relinquish(Array(batch[index...]), now: now())
                return
            }
            let hasNext = batch.indices.contains(index + 1)
            let claimed = batch[index]
            renewer.keep(claimed.item.id)
            defer { renewer.keep(nil) }
            let (carryOn, nextAttempt) = try await process(claimed, next: hasNext ? batch[index + 1].item.id : nil)
            if hasNext, carryOn, nextAttempt == nil {
                // This one or the next changed hands meanwhile: the rest is given back (what
                // changed hands is its new holder's).
                try lease.relinquish(Array(batch[(index + 1)...]), now: now())
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
                if hasNext { try lease.relinquish(Array(batch[(index + 1)...]), now: now()) }
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
                ? .lost(claimed.lostBecause, checkAt: now().addingTimeInterval(60)) : .rejected(.notConfigured("\(error)"))
            _ = try finish(&item, attempt: claimed.attempt, outcome: "not sent", evidence: "\(error)", event: event, next: nil)
            progress.item(item, "\(item.state.name): \(error)")
            return (false, nil)
        }

        var attemptID = claimed.attempt
        if claimed.reconcileFirst {
            progress.item(item, "checking with the forum whether it arrived")
            switch try await reconciler.check(claimed, on: adapter, now: clock.now) {
            case let .landed(receipt):
                _ = try finish(&item, attempt: attemptID, outcome: "landed", evidence: receipt.description,
                               event: .delivered(postID: receipt.id.map(String.init), url: receipt.url?.absoluteString), next: nil)
                progress.item(item, "sent: it had arrived (\(receipt))")
                return (true, nil)
            case let .tooEarly(checkAt):
                // Too early to believe: the forum may still be storing it.
                _ = try finish(&item, attempt: attemptID, outcome: "absent", evidence: "not on the forum yet",
                               event: .lost(claimed.lostBecause, checkAt: checkAt), next: nil)
                report.outcome(item, "not on the forum yet; asked again at \(localClock(checkAt)), before anything is sent again")
                return (false, nil)
            case .sendAgain:
                let now = now(), id = item.id, me = me
                attemptID = try store.outbox(durable: false) { tx in
                    if let attemptID { try tx.finishAttempt(attemptID, outcome: "absent", evidence: "not on the forum", at: now) }
                    return try tx.beginAttempt(item: id, action: .send, owner: me, at: now)
                }
                progress.item(item, "it had not arrived: sending it")
            case let .retry(decision, because):
                _ = try finish(&item, attempt: attemptID, outcome: "absent", evidence: "not on the forum",
                               event: classifier.retryEvent(decision, because: because), next: nil)
                report.outcome(item, "it had not arrived")
                return (false, nil)
            case let .undetermined(error):
                try recordUndetermined(&item, error: error, attempt: attemptID)
                return (false, nil)
            }
        } else {
            progress.item(item, "sending")
        }

        // The images go up first (the undo window is over: this item is claimed), each recorded
        // before the post that shows it is made.
        switch try await images.prepare(&item, progress: { [progress, item] line in progress.item(item, line) }) {
        case .ready: break
        case let .stop(event, outcome, evidence):
            item.lastError = evidence
            _ = try finish(&item, attempt: attemptID, outcome: outcome, evidence: evidence, event: event, next: nil)
            report.outcome(item, evidence)
            return (false, nil)
        }

        // An edit reads the post first: merged with a change made there meanwhile, or not sent
        // where the two overlap (issue 22).
        var merged: String?
        switch try await attempt.prepareEdit(&item, adapter: adapter, now: now()) {
        case let .send(note): merged = note
        case let .stop(failure): return try record(failure, for: &item, attempt: attemptID, next: nil)
        case let .conflict(reason):
            item.lastError = reason.description
            let nextAttempt = try finish(&item, attempt: attemptID, outcome: "conflict", evidence: reason.description,
                                         event: .rejected(reason), next: next)
            report.outcome(item, reason.description)
            return (true, nextAttempt)
        }
        let place = Self.placeKey(item)
        switch try await attempt.ensureMarker(&item, known: receipts[place], adapter: adapter) {
        case let .success(receipt): if let receipt { receipts[place] = max(receipt, receipts[place] ?? 0) }
        case let .failure(failure): return try record(failure.outcome, for: &item, attempt: attemptID, next: nil)
        }
        let outcome = await item.command.execute(on: adapter)
        // An edit whose answer was unclear is read back at once: a post changed around it is
        // said, with both sides kept in the draft (issue 31).
        if case .unknown = outcome {
            switch try await attempt.readBack(item, adapter: adapter, now: now()) {
            case let .landed(receipt):
                let readBack = "the answer was unclear (\(outcome)); read back at once, the post holds the edit"
                return try record(.sent(receipt), for: &item, attempt: attemptID, next: next,
                                  note: [merged, readBack].compactMap { $0 }.joined(separator: "; "))
            case let .changedAround(reason):
                item.lastError = reason.description
                _ = try finish(&item, attempt: attemptID, outcome: "conflict", evidence: "\(outcome); then \(reason)",
                               event: .rejected(reason), next: nil)
                report.outcome(item, "the post changed on the forum around the edit: " + reason.description)
                return (false, nil)
            case .unclear: break
            }
        }
        return try record(outcome, for: &item, attempt: attemptID, next: next, note: merged)
    }

    /// "14:03:09", or with the date on another day than today (see `localClock`).
    public static func clockTime(_ date: Date, now: Date = Date()) -> String {
        localClock(date, now: now)
    }

    static func placeKey(_ item: OutboxItem) -> String {
        item.profile + " " + item.command.targetKey
    }

    /// Classifies an outcome and records it with the attempt (and the start of the next item's
    /// attempt) in one transaction.
    /// `note` says what was done to the text before it went out (an edit merged with the forum's).
    private func record(_ outcome: PostOutcome, for item: inout OutboxItem, attempt: Int64?, next: Int64?,
                        note: String? = nil) throws -> (Bool, Int64?) {
        let now = now()
        let verdict = try classifier.classify(outcome, for: item, now: now) { channel, fresh in
            try currentPace(item.profile, channel, fresh: fresh)
        }
        item.failures = verdict.failures
        if let marker = verdict.marker { item.marker = marker }
        switch verdict.block {
        case .session?: blocked[item.profile] = now.addingTimeInterval(60)
        case .botCheck?:
            blocked[item.profile] = now.addingTimeInterval(60)
            botChecked.insert(item.profile)
        case nil: break
        }
        if verdict.unreachable { unreachable.insert(item.profile) }
        item.lastError = verdict.label == "sent" ? nil : verdict.message
        let evidence = note.map { "\($0); \(outcome)" } ?? "\(outcome)"
        let nextAttempt = try finish(&item, attempt: attempt, outcome: verdict.label, evidence: evidence, event: verdict.event,
                                     next: verdict.carryOn ? next : nil, pace: verdict.pace)
        report.outcome(item, verdict.message + (note.map { "; \($0)" } ?? "") + lateNote(item, now: now))
        return (verdict.carryOn, nextAttempt)
    }

    /// A check that settled nothing. A lost session waits for a login; a forum that failed is
    /// asked again on the retry policy's schedule (full jitter, capped by `retry_cap`), however
    /// often; an answer that settles nothing is a strike, and `retry_attempts` of them since the
    /// last send give the item up: failed, saying that it may be on the forum and how to send it
    /// again once the user has looked (issue 31).
    private func recordUndetermined(_ item: inout OutboxItem, error: ForumError, attempt: Int64?) throws {
        let now = now()
        if error == .rejected(.notLoggedIn) || error == .rejected(.botCheck) {
            blocked[item.profile] = now.addingTimeInterval(60)
            if error == .rejected(.botCheck) { botChecked.insert(item.profile) }
            let reason = Reason.uncheckable("\(error)")
            item.lastError = reason.description
            _ = try finish(&item, attempt: attempt, outcome: CheckFailure.forumFailed.rawValue, evidence: "\(error)",
                           event: .lost(reason, checkAt: now), next: nil)
            report.outcome(item, "could not check whether it arrived (\(error))")
            return
        }
        let failure = CheckFailure(error)
        let earlier = try reconciler.checksSinceSend(of: item.id)
        let strikes = earlier.unsettled + (failure == .unsettled ? 1 : 0)
        if failure == .unsettled, case .giveUp = settings.policy.decide(.transient, failures: strikes, now: now) {
            let reason = Reason.unsettled(answers: strikes, last: "\(error)", item: item.id)
            item.lastError = reason.description
            _ = try finish(&item, attempt: attempt, outcome: failure.rawValue, evidence: "\(error)", event: .rejected(reason), next: nil)
            report.outcome(item, reason.description)
            return
        }
        let checkAt = max(settings.policy.recheck(checks: earlier.checks + 1, now: now), now.addingTimeInterval(settings.settle))
        let reason = Reason.uncheckable("\(error)")
        item.lastError = reason.description
        _ = try finish(&item, attempt: attempt, outcome: failure.rawValue, evidence: "\(error)", event: .lost(reason, checkAt: checkAt), next: nil)
        let why = failure == .forumFailed ? "the forum failed: \(error)" : "its answer settles nothing: \(error)"
        report.outcome(item, "could not check whether it arrived (\(why)); asking again at \(localClock(checkAt))")
    }

    /// Records an outcome: the attempt, the event, the draft (marked sent only here), the pace,
    /// and the start of the next item's attempt, in one transaction. Losing it to a crash is
    /// safe (the item stays claimed, and a claimed item whose sender is gone is checked first),
    /// so it does not wait for the disk.
    private func finish(
        _ item: inout OutboxItem, attempt: Int64?, outcome: String, evidence: String, event: OutboxEvent,
        next: Int64?, pace paceUpdate: OutboxPace? = nil
    ) throws -> Int64? {
        let now = now()
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
        let lease = lease, me = me
        let (nextAttempt, stillOurs) = try store.outbox(durable: false) { tx -> (Int64?, Bool) in
            if let attempt { try tx.finishAttempt(attempt, outcome: outcome, evidence: evidence, at: now) }
            if let paceUpdate { try tx.save(paceUpdate) }
            // Our copy says we hold it; the store decides. A sender that took it over meanwhile
            // (our lease ran out) checks with the forum itself, and its state is not overwritten.
            guard try lease.holds(updated.id, in: tx) else { return (nil, false) }
            try tx.save(updated)
            if case .sent = updated.state, let draft = updated.draftID, let revision = updated.draftRevision {
                _ = try tx.markDraftSent(draft, revision: revision, now: now)
            }
            // The next item of the batch: still ours (or left alone, nil), its lease renewed.
            guard let next, try lease.renew(next, in: tx, now: now) else { return (nil, true) }
            if let nextMarker { try tx.setMarker(nextMarker, of: next) }
            return (try tx.beginAttempt(item: next, action: .send, owner: me, at: now), true)
        }
        guard stillOurs else {
            progress.item(item, "another sender took it over meanwhile; it checks with the forum whether this arrived")
            return nil
        }
        if let next, let nextMarker, nextAttempt != nil { markersWritten[next] = nextMarker }
        if case .sent = item.state { try forumAnswers(profile: item.profile, now: now) }
        switch item.state {
        case .sent: summary.sent.append(item.id)
        case .failed: summary.failed.append(item.id)
        default: break
        }
        return nextAttempt
    }

    /// The forum answered (a post went through): the profile's items waiting out a failure of
    /// the forum (down, its database, a 5xx), and its unknown items whose check it failed, are
    /// due now rather than when their backoff ends,
    /// so a queue drains as soon as an outage is over (issue 31). Waits the forum named (flood
    /// control, Retry-After, probation) keep their times. Each is tried again as `queue retry`
    /// would ("try now": it stays a retry, with its failures).
    private func forumAnswers(profile: String, now: Date) throws {
        let woken = try store.outbox(durable: false) { tx -> [OutboxItem] in
            var woken: [OutboxItem] = []
            for row in try tx.items(inStates: [OutboxState.Name.retrying, .unknown]) where row.profile == profile {
                guard var item = try? OutboxItem(row: row) else { continue }
                switch item.state {
                case let .retrying(next, reason) where next > now && reason.isForumFailure:
                    try item.apply(.requeue(due: now), now: now)
                case let .unknown(.uncheckable, checkAt?) where checkAt > now:
                    try item.apply(.checkSooner(at: now), now: now)
                default:
                    continue
                }
                try tx.save(item)
                woken.append(item)
            }
            return woken
        }
        for item in woken {
            let what = if case .unknown = item.state { "checked with it now" } else { "due now" }
            progress.item(item, "the forum answers again: \(what) instead of after its backoff")
        }
    }

    /// The channel's pace: as this sender last saw it, or (`fresh`) as the store has it now.
    private func currentPace(_ profile: String, _ channel: String, fresh: Bool = false) throws -> OutboxPace {
        if !fresh, let known = paces[profile + " " + channel] { return known }
        let stored = try store.outboxRead { tx in try tx.pace(profile: profile, channel: channel) }
            ?? OutboxPace(profile: profile, channel: channel)
        paces[profile + " " + channel] = stored
        return stored
    }

    // MARK: Adapters

    private func cachedAdapter(for profile: String) throws -> any ForumAdapter {
        if let adapter = cachedAdapters[profile] { return adapter }
        let adapter = try adapters.adapter(for: profile)
        cachedAdapters[profile] = adapter
        return adapter
    }
}
