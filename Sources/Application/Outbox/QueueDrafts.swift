import Common
import Foundation
import Outbox

/// `missive queue DRAFT... [--at WHEN]` and a compose command's `--queue`: the drafts' current
/// revisions, converted to their profiles' BBCode now, go into the outbox all together or not at all.
public struct QueueDrafts: Sendable {
    let local: LocalContext
    let config: Config
    /// Where the drafts' local images go (nil: a draft with local images is refused).
    let images: ImageIntake?

    public init(_ local: LocalContext, config: Config, images: ImageIntake? = nil) {
        self.local = local
        self.config = config
        self.images = images
    }

    /// Queues `ids` for `when` (the words of `--at`) and says so on the console.
    /// With `resize`, an image over the host's limit is sent scaled down instead of refused.
    public func run(drafts ids: [Int64], at when: String, resize: Bool = false) throws -> [OutboxItem] {
        var images = images
        images?.resize = resize
        let now = local.now
        let due = try SendTime.parse(when, now: now)
        let items = try Outbox(store: local.store, softBreaks: config.softBreaks).queue(drafts: ids, dialect: { try config.profile(named: $0).bbcodeDialect },
                                                         images: images, due: due, now: now)
        // The time as `queue list` shows it, so that the two can be read side by side.
        let time = due <= now ? "as soon as `missive send` runs" : "at \(LocalClock.withRelative(due, now: now))"
        for (id, item) in zip(ids, items) {
            local.console.note("queued item \(item.id) (draft \(id)): \(item.command.summary), to be sent \(time)")
        }
        return items
    }
}
