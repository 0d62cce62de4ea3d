import Forum
import Foundation
import Store

/// One try at the forum for a claimed item: read what must be read first (an edit's previous
/// text, the reconcile marker), then send. Whatever fails before the send posted nothing, so it
/// is only worth a retry.
struct SendAttempt: Sendable {
    let store: Store
    let lease: SenderLease

    /// Reads and records the text an edit replaces (its undo puts it back); an outcome when that fails.
    func rememberPreviousText(_ item: inout OutboxItem, adapter: any ForumAdapter) async throws -> PostOutcome? {
        guard item.command.needsPreviousText, case let .edit(postID, _, _) = item.command else { return nil }
        let previous: String
        do {
            previous = try await adapter.postSource(postID: postID)
        } catch {
            return Self.nothingPosted(error)
        }
        item.command = item.command.remembering(previous: previous)
        let remembered = item
        try store.outbox(durable: false) { tx in
            if try lease.holds(remembered.id, in: tx) { try tx.save(remembered) }
        }
        return nil
    }

    /// Records, before anything is posted, where reconcile starts looking for this item should
    /// its answer be lost or this process die mid-send: `known` (our newest receipt at its place),
    /// the store's newest receipt there, or else the forum's own newest id there, read now.
    /// Returns the marker used, or an outcome when that read fails.
    func ensureMarker(_ item: inout OutboxItem, known: Int64?, adapter: any ForumAdapter) async throws -> Result<Int64?, Outcome> {
        guard item.command.needsMarker else { return .success(nil) }
        let profile = item.profile, targetKey = item.command.targetKey
        let receipt = try known ?? store.outboxRead { tx in
            try tx.latestReceipt(profile: profile, targetKey: targetKey, sent: OutboxStates.sent)
        }
        var marker = [item.marker, receipt].compactMap { $0 }.max()
        if marker == nil, let reader = adapter as? any ReconcileMarkers {
            do {
                marker = try await reader.reconcileMarker(for: item.command.attempt(after: nil)).map(Int64.init)
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
