import Common
import Forum
import Foundation
import Store

/// One try at the forum for a claimed item: read what must be read first (an edit's previous
/// text, the reconcile marker), then send. Whatever fails before the send posted nothing, so it
/// is only worth a retry: made again at once a few times (`ReadAgain`), then counted a failure.
struct SendAttempt: Sendable {
    let store: Store
    let lease: SenderLease

    /// Reads the post an edit replaces, right before it is sent, and records it (its undo puts
    /// it back). An edit that keeps its base (issue 22) is compared with it: when the forum's text
    /// changed meanwhile, the edit is merged with that change, or, where the two overlap, not
    /// sent at all (`EditMerge`); either way the draft gets a revision saying so. An edit with no
    /// base (made before bases were kept, or by undo of an old item) is read once, as before.
    func prepareEdit(_ item: inout OutboxItem, adapter: any ForumAdapter, now: Date) async throws -> EditStep {
        guard case let .edit(postID, ours, previous, base) = item.command, base != nil || previous == nil else {
            return .send(note: nil)
        }
        let theirs: String
        do {
            theirs = try await ReadAgain.atOnce { () throws(ForumError) in try await adapter.postSource(postID: postID) }
        } catch {
            return .stop(Self.nothingPosted(error))
        }
        let draft = try item.draftID.flatMap { id in try store.outboxRead { tx in try tx.draft(id) } }
        let format = draft?.content.format ?? .bbcode
        switch EditMerge.decide(base: base, ours: ours, theirs: theirs) {
        case .unchanged:
            item.command = .edit(postID: postID, bbcode: ours, previous: theirs, base: base)
            try save(item)
            return .send(note: nil)
        case let .merged(text, spans):
            // What is sent from now on, and what reconcile compares, is the merged text; its base
            // is the forum's text it was merged with, so a later retry merges only what is newer.
            item.command = .edit(postID: postID, bbcode: text, previous: theirs, base: theirs)
            // Lines of the draft in its note (a Markdown draft's fence stands above the text),
            // lines of the post in the item's result.
            let (body, offset) = EditMerge.body(text, format: format)
            let note = "merged with the forum's newer text, their change at \(LineMerge.describe(spans, offset: offset))"
            if let revision = try save(item, revision: body, note: note, base: theirs, now: now) {
                item.draftRevision = revision
                try save(item)
            }
            return .send(note: "merged with a change made on the forum since the edit began (\(LineMerge.describe(spans)))")
        case let .conflict(text, spans):
            let (body, offset) = EditMerge.body(text, format: format)
            // The forum's text now is the base the settled text is written against: queued
            // again, it is sent against the forum as it is then.
            let revision = try save(item, revision: body, note: "edit conflict: your edit and the forum's newer text, "
                                    + "between markers", base: theirs, now: now)
            return .conflict(.editConflict(lines: LineMerge.describe(spans, offset: offset), revision: revision))
        }
    }

    /// What an edit whose answer was unclear left on the forum, read back right after the POST
    /// (issue 31): our text (or ours merged with a change made since) is the receipt; the text it
    /// had before means ours did not land (reconcile as usual); anything else means the post
    /// changed on the forum around our edit, which is said, and both sides go into the draft
    /// between markers (an edit conflict: nothing more is sent over it).
    func readBack(_ item: OutboxItem, adapter: any ForumAdapter, now: Date) async throws -> ReadBack {
        guard case let .edit(postID, ours, _?, _?) = item.command else { return .unclear }
        // The engine's own comparison (its encoding of the text), as reconcile makes it.
        switch await adapter.reconcile(item.command.attempt(after: nil)) {
        case let .landed(receipt): return .landed(receipt)
        case .absent: return .unclear
        case let .undetermined(error):
            guard EditFound.isNeither(error, postID: postID),
                  let theirs = try? await ReadAgain.atOnce({ () throws(ForumError) in try await adapter.postSource(postID: postID) })
            else { return .unclear }
            let both = [LineMerge.oursMarker, LineMerge.normalized(ours), LineMerge.separator, LineMerge.normalized(theirs),
                        LineMerge.theirsMarker].joined(separator: "\n")
            let draft = try item.draftID.flatMap { id in try store.outboxRead { tx in try tx.draft(id) } }
            let (body, offset) = EditMerge.body(both, format: draft?.content.format ?? .bbcode)
            let revision = try save(item, revision: body, note: "edit changed on the forum around its send: your edit and the "
                                    + "forum's text, between markers", base: theirs, now: now)
            let lines = LineMerge.describe([LineMerge.Span(first: 1, count: LineDiff.lines(both).count)], offset: offset)
            return .changedAround(.editChangedAround(lines: lines, revision: revision))
        }
    }

    enum ReadBack: Equatable {
        case landed(Receipt)
        /// Nothing could be told from the post: the outcome stands (reconcile decides).
        case unclear
        /// The post holds neither our text nor what it had before: failed with this reason.
        case changedAround(Reason)
    }

    /// Saves the item as it stands, while this sender holds it.
    private func save(_ item: OutboxItem) throws {
        try store.outbox(durable: false) { tx in
            if try lease.holds(item.id, in: tx) { try tx.save(item) }
        }
    }

    /// Saves the item and gives its draft a new revision, in one transaction, while this sender
    /// holds the item and the draft still shows the revision the item was queued from.
    private func save(_ item: OutboxItem, revision body: String, note: String, base: String, now: Date) throws -> Int? {
        try store.outbox { tx in
            guard try lease.holds(item.id, in: tx) else { return nil }
            try tx.save(item)
            guard let id = item.draftID, let queued = item.draftRevision, let draft = try tx.draft(id) else { return nil }
            var content = draft.content
            content.body = body
            return try tx.addDraftRevision(id, DraftWrite(content: content, note: note, base: base), ifShowing: queued, now: now)
        }
    }

    /// Records, before anything is posted, where reconcile starts looking for this item should
    /// its answer be lost or this process die mid-send: `known` (our newest receipt at its place),
    /// the store's newest receipt there, or else the forum's own newest id there, read now.
    /// Returns the marker used, or an outcome when that read fails.
    func ensureMarker(_ item: inout OutboxItem, known: Int64?, adapter: any ForumAdapter) async throws -> Result<Int64?, Outcome> {
        guard item.command.needsMarker else { return .success(nil) }
        let profile = item.profile, targetKey = item.command.targetKey
        let receipt = try known ?? store.outboxRead { tx in
            try tx.latestReceipt(profile: profile, targetKey: targetKey)
        }
        var marker = [item.marker, receipt].compactMap { $0 }.max()
        if marker == nil, let reader = adapter as? any ReconcileMarkers {
            do {
                let attempt = item.command.attempt(after: nil)
                marker = try await ReadAgain.atOnce { () throws(ForumError) in try await reader.reconcileMarker(for: attempt) }.map(Int64.init)
            } catch {
                return .failure(Outcome(Self.nothingPosted(error)))
            }
        }
        guard marker != item.marker else { return .success(receipt) }
        item.marker = marker
        let id = item.id
        try store.outbox(durable: false) { tx in try tx.setMarker(marker, of: id) }
        return .success(receipt)
    }

    /// A failed read before the send: an unreadable answer is only worth a retry.
    static func nothingPosted(_ error: ForumError) -> PostOutcome {
        if case .unexpected = error { return .retryLater(after: nil, reason: .unreachable("\(error)")) }
        return PostOutcome(error)
    }

    /// An outcome as an error, for `Result`.
    struct Outcome: Error {
        var outcome: PostOutcome
        init(_ outcome: PostOutcome) { self.outcome = outcome }
    }
}
