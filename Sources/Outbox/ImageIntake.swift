import Foundation
import Markup
import Store

/// What queueing needs to take a draft's local images in: where relative and `~` paths start,
/// and each profile's image host limit (which throws when the profile has no image host).
public struct ImageIntake: Sendable {
    public var base: ImagePathBase
    public var limit: @Sendable (_ profile: String) throws -> Int
    /// `--resize`: an image over the limit is scaled down to fit it instead of refused.
    public var resize: Bool

    public init(base: ImagePathBase, resize: Bool = false, limit: @escaping @Sendable (_ profile: String) throws -> Int) {
        self.base = base
        self.resize = resize
        self.limit = limit
    }

    /// The local images of each Markdown draft, checked and kept in the store (by content, so
    /// the files may change or go afterwards). Any bad image refuses the whole queue call
    /// (`DraftImagesError` names each file and why); what the call kept before then goes again.
    /// Keyed by draft, with the revision they were found in (the queue transaction reads the
    /// draft again, and its images' places in the text hold only for that revision).
    static func keep(_ ids: [Int64], intake: ImageIntake?, store: Store, now: Date) throws -> [Int64: (revision: Int, images: [KeptDraftImage])] {
        var kept: [Int64: (revision: Int, images: [KeptDraftImage])] = [:]
        do {
            for id in ids {
                guard let draft = try store.outboxRead({ try $0.draft(id) }), draft.content.format == .markdown else { continue }
                let base = intake?.base ?? ImagePathBase(workingDirectory: FileManager.default.currentDirectoryPath,
                                                         home: NSHomeDirectory())
                let images = LocalImages.local(in: draft.content.body, base: base)
                guard !images.isEmpty else { continue }
                guard let intake else { throw OutboxError.draftNotReady(id, "it has local images, and no image host is set up here") }
                let limit = try intake.limit(draft.content.profile)
                kept[id] = (draft.revision, try ImageBlobs(store: store).keepLocalImages(
                    images, limit: limit, resize: intake.resize, now: now))
            }
        } catch {
            forget(kept, store: store)
            throw error
        }
        return kept
    }

    /// A refused queue call's kept images that no item uses go away with it (best effort: what a
    /// failure here leaves, the next queue call's sweep takes).
    static func forget(_ kept: [Int64: (revision: Int, images: [KeptDraftImage])], store: Store) {
        _ = try? ImageBlobs(store: store).removeUnused(kept.values.flatMap { $0.images.map(\.kept) })
    }

    /// The item's image rows, one per distinct image, in the order the draft shows them. Rows
    /// already there (an item queued again) keep what they know of their uploads.
    static func record(_ images: [KeptDraftImage], item: Int64, in tx: OutboxTransaction) throws {
        guard !images.isEmpty else { return }
        let known = Set(try tx.images(of: item).map(\.sha256))
        var seen = Set<String>()
        for image in images where seen.insert(image.kept.hash.hex).inserted && !known.contains(image.kept.hash.hex) {
            guard case let .local(path, resolved) = image.image.location else { continue }
            try tx.save(OutboxImage(item: item, hash: image.kept.hash, position: seen.count - 1, target: path, path: resolved,
                                    state: .pending))
        }
    }
}
