import Common
import Foundation
import Outbox
import Store

/// A compose command's `--send` or `--queue [--at WHEN]`: the draft just saved goes straight into
/// the outbox; with `--send` it is sent now, after the undo window.
public struct DeliverDraft: Sendable {
    public enum Delivery: Sendable, Equatable {
        /// `at`: the words of `--at`.
        case queue(at: String)
        case send
    }

    let local: LocalContext
    let config: Config
    let senders: any SenderSource
    let progress: any SendProgress
    let images: ImageIntake?

    public init(_ local: LocalContext, config: Config, senders: any SenderSource, progress: any SendProgress, images: ImageIntake? = nil) {
        self.local = local
        self.config = config
        self.senders = senders
        self.progress = progress
        self.images = images
    }

    /// What the send did (nil when the draft was only queued).
    /// `resize`: an image over the host's limit is sent scaled down instead of refused.
    public func run(_ draft: Draft, _ delivery: Delivery, resize: Bool = false) async throws -> SendSummary? {
        var images = images
        images?.resize = resize
        switch delivery {
        case let .queue(when):
            _ = try await QueueDrafts(local, config: config, images: images).run(drafts: [draft.id], at: when, resize: resize)
            return nil
        case .send:
            let now = local.now
            let until = now.addingTimeInterval(TimeInterval(config.undoWindow))
            let dialect = try config.profile(named: draft.content.profile).bbcodeDialect
            let queueing = try Outbox(store: local.store, softBreaks: config.softBreaks).queueing(
                drafts: [draft.id], dialect: { _ in dialect }, images: images, due: now, windowUntil: until, now: now)
            QueueDrafts.noteReplaced(queueing.replaced, console: local.console)
            guard let item = queueing.items.first else { return nil }
            progress.windowOpened([item], until: until)
            return try await senders.sender(progress: progress).run(.due(ids: [item.id]))
        }
    }
}
