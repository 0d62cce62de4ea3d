import Common
import Foundation
import Markup
import Store

/// What people do to the queue: queue a draft, cancel, hold, release, reschedule, retry. Each
/// call is one store transaction that also writes the history entry `missive undo` reads.
public struct Outbox: Sendable {
    public let store: Store
    /// How a line break typed inside a paragraph is written when a draft is converted at queue time.
    public let softBreaks: SoftBreaks

    /// `softBreaks`: config.toml's (`Config.softBreaks`) for what users queue; `.space`, CommonMark's
    /// rule, where only the queue's other work is wanted.
    public init(store: Store, softBreaks: SoftBreaks = .space) {
        self.store = store
        self.softBreaks = softBreaks
    }

    // MARK: Queueing

    /// What queueing did: the items queued, and the items of the drafts' earlier revisions that
    /// had not gone out and that they replace (cancelled in the same transaction; one `missive
    /// undo` puts them back).
    public struct Queueing: Sendable {
        public var items: [OutboxItem]
        public var replaced: [OutboxItem]
    }

    /// Queues a draft's current revision to be sent at `due`. With `windowUntil` it is sent
    /// straight away instead (`--send`): it goes into the undo window at once.
    /// The same revision is never queued twice: a cancelled or failed item of it is queued again,
    /// a waiting or sent one is an error that names it. An earlier revision's item that has not
    /// gone out is replaced; one that may have is an error (see `replaceEarlier`).
    public func queue(
        draft id: Int64, dialect: Dialect, images: ImageIntake? = nil, due: Date, windowUntil: Date? = nil, now: Date
    ) throws -> OutboxItem {
        try queue(drafts: [id], dialect: { _ in dialect }, images: images, due: due, windowUntil: windowUntil, now: now)[0]
    }

    /// Queues several drafts in one transaction: all of them, or (on any error) none.
    /// `dialect` gives each draft's profile its BBCode dialect. Local images are checked and
    /// kept first (`images`); a bad one refuses the queue before anything is queued.
    public func queue(
        drafts ids: [Int64], dialect: (String) throws -> Dialect, images: ImageIntake? = nil, due: Date, windowUntil: Date? = nil,
        now: Date, keys: [Int64: String] = [:]
    ) throws -> [OutboxItem] {
        try queueing(drafts: ids, dialect: dialect, images: images, due: due, windowUntil: windowUntil, now: now, keys: keys).items
    }

    /// `queue(drafts:...)`, with the items it replaced.
    public func queueing(
        drafts ids: [Int64], dialect: (String) throws -> Dialect, images: ImageIntake? = nil, due: Date, windowUntil: Date? = nil,
        now: Date, keys: [Int64: String] = [:]
    ) throws -> Queueing {
        // Images a killed queue call kept and never queued go after a while (never those a call
        // running now has kept and not yet recorded).
        if images != nil { _ = try? ImageBlobs(store: store).removeUnused(keptBefore: now.addingTimeInterval(-3600)) }
        let kept = try ImageIntake.keep(ids, intake: images, store: store, now: now)
        do {
            return try queueKept(ids, kept: kept, dialect: dialect, due: due, windowUntil: windowUntil, now: now, keys: keys)
        } catch {
            ImageIntake.forget(kept, store: store)
            throw error
        }
    }

    private func queueKept(
        _ ids: [Int64], kept: [Int64: (revision: Int, images: [KeptDraftImage])], dialect: (String) throws -> Dialect, due: Date,
        windowUntil: Date?, now: Date, keys: [Int64: String]
    ) throws -> Queueing {
        try store.outbox { tx in
            var items: [OutboxItem] = []
            var replaced: [OutboxItem] = []
            var steps: [OutboxHistory.Step] = []
            for id in ids {
                let (item, before) = try Self.queue(draft: id, dialect: dialect, softBreaks: softBreaks, images: kept[id], due: due,
                                                    windowUntil: windowUntil, key: keys[id], in: tx, now: now)
                items.append(item)
                steps.append(OutboxHistory.Step(item: item.id, before: before, after: item.state))
                for (earlier, before) in try Self.replaceEarlier(than: item, in: tx, now: now) {
                    replaced.append(earlier)
                    steps.append(OutboxHistory.Step(item: earlier.id, before: before, after: earlier.state))
                }
            }
            let kind: HistoryKind = windowUntil == nil ? .outboxQueue : .outboxSend
            let when = windowUntil == nil ? " for \(Self.describe(due, now: now))" : ""
            let what = items.count == 1
                ? "draft \(ids[0]) as \(items[0].title)"
                : "drafts \(ids.map(String.init).joined(separator: ", ")) as items \(items.map { String($0.id) }.joined(separator: ", "))"
            let instead = replaced.isEmpty ? "" : " in place of " + replaced.map { "item \($0.id)" }.joined(separator: ", ")
            try OutboxHistory.record(kind, summary: "\(kind.verb) \(what)\(when)\(instead)", steps: steps, in: tx, now: now)
            return Queueing(items: items, replaced: replaced)
        }
    }

    private static func queue(
        draft id: Int64, dialect: (String) throws -> Dialect, softBreaks: SoftBreaks, images kept: (revision: Int, images: [KeptDraftImage])?, due: Date,
        windowUntil: Date?, key given: String? = nil, in tx: OutboxTransaction, now: Date
    ) throws -> (OutboxItem, OutboxState?) {
        let draft = try tx.requireDraft(id)
        if let kept, kept.revision != draft.revision {
            throw OutboxError.draftNotReady(id, "it was saved again while its images were being kept; queue it again")
        }
        let images = kept?.images ?? []
        // A handoff from another machine is queued under its handoff's key (`Outbox.handoffKey`).
        let key = given ?? "draft/\(id)/\(draft.revision)"
        var item: OutboxItem
        let before: OutboxState?
        if let existing = try tx.item(idempotencyKey: key) {
            item = try existingItem(existing, draft: draft, dialect: dialect, softBreaks: softBreaks, images: images)
            switch item.state {
            case .cancelled, .failed:
                before = item.state
                try item.apply(.requeue(due: due), now: now)
                item.failures = 0
            case .sent(let postID, let url):
                throw OutboxError.alreadySent(draft: id, revision: draft.revision, item: item.id,
                                              where: url ?? postID.map { "post \($0)" } ?? "delivered")
            default:
                throw OutboxError.alreadyQueued(draft: id, revision: draft.revision, item: item.id, state: item.state.name)
            }
        } else {
            before = nil
            item = OutboxItem(
                command: try ForumCommand.make(from: draft, dialect: try dialect(draft.content.profile), images: images, softBreaks: softBreaks),
                state: .queued(due: due),
                profile: draft.content.profile, draftID: id, draftRevision: draft.revision,
                idempotencyKey: key, createdAt: now, updatedAt: now)
        }
        if let windowUntil { try item.apply(.startWindow(until: windowUntil), now: now) }
        if item.id == 0 { item.id = try tx.insert(item.row).id } else { try tx.save(item) }
        try ImageIntake.record(images, item: item.id, in: tx)
        return (item, before)
    }

    /// The items of the draft's other revisions (earlier ones, as a rule) that have not gone out,
    /// cancelled: the revision queued now takes their place, so that editing a queued draft and
    /// queueing it again sends one post, not both versions. One that may be on the forum already (sending, unknown)
    /// or that a box may send (handed) refuses the queueing instead. Each is returned with the
    /// state it had, for the history entry.
    /// `handingOver`: the newer revision goes to a box, whose queue this one cannot take back
    /// along with it: an earlier one waiting here is named instead, to be cancelled first.
    static func replaceEarlier(than queued: OutboxItem, handingOver: Bool = false, in tx: OutboxTransaction, now: Date) throws -> [(OutboxItem, OutboxState)] {
        guard let draft = queued.draftID else { return [] }
        var replaced: [(OutboxItem, OutboxState)] = []
        for row in try tx.items(ofDraft: draft) where row.id != queued.id && row.draftRevision != queued.draftRevision {
            // A row that cannot be read cannot be sent either.
            guard var earlier = try? OutboxItem(row: row) else { continue }
            let revision = row.draftRevision ?? 0
            switch earlier.state {
            case .pending, .queued, .held, .retrying:
                if handingOver {
                    throw OutboxError.earlierRevisionWaiting(draft: draft, revision: revision, item: earlier.id, state: earlier.state.name)
                }
                let before = earlier.state
                try earlier.apply(.cancel, now: now)
                try tx.save(earlier)
                replaced.append((earlier, before))
            case .sending, .unknown:
                throw OutboxError.earlierRevisionOut(draft: draft, revision: revision, item: earlier.id, state: earlier.state.name, box: nil)
            case let .handed(box, _):
                let there = earlier.handoff?.remoteState
                if there?.isFinished == true { continue }
                throw OutboxError.earlierRevisionOut(draft: draft, revision: revision, item: earlier.id,
                                                     state: there?.rawValue ?? "handed", box: box)
            case .sent, .failed, .cancelled:
                continue
            }
        }
        return replaced
    }

    /// The item a draft's revision was queued as. A failed or cancelled one whose command can no
    /// longer be read (a damaged row) never went out, so its command is made from the draft again
    /// instead of refusing the queue for good.
    private static func existingItem(
        _ row: OutboxRow, draft: Draft, dialect: (String) throws -> Dialect, softBreaks: SoftBreaks, images: [KeptDraftImage]
    ) throws -> OutboxItem {
        do {
            return try OutboxItem(row: row)
        } catch {
            let state = try OutboxItem.state(of: row)
            switch state {
            case .failed, .cancelled: break
            default: throw error
            }
            var item = OutboxItem(
                command: try ForumCommand.make(from: draft, dialect: try dialect(draft.content.profile), images: images, softBreaks: softBreaks), state: state,
                profile: draft.content.profile, draftID: draft.id, draftRevision: draft.revision,
                idempotencyKey: row.idempotencyKey, createdAt: row.createdAt, updatedAt: row.updatedAt)
            item.id = row.id
            return item
        }
    }

    /// Starts the undo window for queued items that are due (those in `ids`, or all of them):
    /// what `missive send` does first. Each item gets a history entry of its own, in the order
    /// they were queued, so one `missive undo` calls off exactly the last one (the one its message
    /// names), and another the one before.
    /// A due item whose row cannot be read is failed instead, and added to `damaged`.
    @discardableResult
    public func startWindows(ids: [Int64]? = nil, until: Date, now: Date, damaged: inout [Damaged]) throws -> [OutboxItem] {
        try store.outbox { tx in
            var started: [OutboxItem] = []
            // In the order they were queued, so that the last entry is the last one queued.
            for row in try tx.items(inStates: OutboxStates.scheduled, dueBy: now, ids: ids).sorted(by: { $0.id < $1.id }) {
                guard var item = try tx.sendable(row, now: now, damaged: &damaged) else { continue }
                let before = item.state
                try item.apply(.startWindow(until: until), now: now)
                try tx.save(item)
                started.append(item)
                try OutboxHistory.record(.outboxSend, summary: "send \(item.title)",
                                         steps: [OutboxHistory.Step(item: item.id, before: before, after: item.state)], in: tx, now: now)
            }
            return started
        }
    }

    @discardableResult
    public func startWindows(ids: [Int64]? = nil, until: Date, now: Date) throws -> [OutboxItem] {
        var damaged: [Damaged] = []
        return try startWindows(ids: ids, until: until, now: now, damaged: &damaged)
    }

    // MARK: Changing items

    public func cancel(_ ids: [Int64], now: Date) throws -> [OutboxItem] {
        try change(ids, .outboxCancel, now: now) { _ in .cancel }
    }

    public func hold(_ ids: [Int64], now: Date) throws -> [OutboxItem] {
        try change(ids, .outboxHold, now: now) { _ in .hold }
    }

    public func release(_ ids: [Int64], due: Date, now: Date) throws -> [OutboxItem] {
        try change(ids, .outboxRelease, now: now) { _ in .release(due: due) }
    }

    public func reschedule(_ ids: [Int64], due: Date, now: Date) throws -> [OutboxItem] {
        try change(ids, .outboxReschedule, now: now) { _ in .reschedule(due: due) }
    }

    /// A failed or cancelled item gets another go, with its failure count reset.
    public func retry(_ ids: [Int64], due: Date, now: Date) throws -> [OutboxItem] {
        try change(ids, .outboxRetry, now: now) { _ in .requeue(due: due) }
    }

    /// Applies one event to each item, all or none, and records it.
    private func change(_ ids: [Int64], _ kind: HistoryKind, now: Date, event: (OutboxItem) -> OutboxEvent) throws -> [OutboxItem] {
        try store.outbox { tx in
            var steps: [OutboxHistory.Step] = []
            var changed: [OutboxItem] = []
            for id in ids {
                var item = try tx.outboxItem(id)
                let before = item.state
                try item.apply(event(item), now: now)
                if kind == .outboxRetry {
                    item.failures = 0
                    // The user's call after an upload whose fate the host cannot tell: upload again.
                    if case .failed(.imageUploadUncertain) = before { try tx.resetUploading(of: id) }
                }
                try tx.save(item)
                steps.append(OutboxHistory.Step(item: id, before: before, after: item.state))
                changed.append(item)
            }
            let names = changed.count == 1 ? changed[0].title : "items \(ids.map(String.init).joined(separator: ", "))"
            try OutboxHistory.record(kind, summary: "\(kind.verb) \(names)", steps: steps, in: tx, now: now)
            return changed
        }
    }

    // MARK: Reading

    public func item(_ id: Int64) throws -> OutboxItem {
        try store.outboxRead { tx in try tx.outboxItem(id) }
    }

    public func attempts(of id: Int64) throws -> [OutboxAttemptRow] {
        try store.outboxRead { tx in
            _ = try tx.outboxItem(id)
            return try tx.attempts(of: id)
        }
    }

    public func listing(states: [String]? = nil, limit: Int? = nil) throws -> [OutboxListing] {
        try store.outboxListing(states: states, limit: limit)
    }

    /// "now", "in 2 h 5 min", or the time, for history summaries.
    static func describe(_ date: Date, now: Date) -> String {
        date <= now.addingTimeInterval(1) ? "now" : date.formatted(.iso8601)
    }
}
