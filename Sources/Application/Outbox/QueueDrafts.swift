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
    /// Asked whether each profile has a saved session, so that queueing while logged out says so
    /// now rather than when the send stops after the undo window (nil: not asked).
    let forums: (any ForumConnector)?

    public init(_ local: LocalContext, config: Config, images: ImageIntake? = nil, forums: (any ForumConnector)? = nil) {
        self.local = local
        self.config = config
        self.images = images
        self.forums = forums
    }

    /// Queues `ids` for `when` (the words of `--at`) and says so on the console.
    /// With `resize`, an image over the host's limit is sent scaled down instead of refused.
    public func run(drafts ids: [Int64], at when: String, resize: Bool = false) async throws -> [OutboxItem] {
        var images = images
        images?.resize = resize
        let now = local.now
        let due = try SendTime.parse(when, now: now)
        let queueing = try Outbox(store: local.store, softBreaks: config.softBreaks).queueing(
            drafts: ids, dialect: { try config.profile(named: $0).bbcodeDialect }, images: images, due: due, now: now)
        let items = queueing.items
        // The time as `queue list` shows it, so that the two can be read side by side.
        let time = due <= now ? "as soon as `missive send` runs" : "at \(LocalClock.withRelative(due, now: now))"
        for (id, item) in zip(ids, items) {
            local.console.note("queued item \(item.id) (draft d\(id)): \(item.command.summary), to be sent \(time)")
        }
        Self.noteReplaced(queueing.replaced, console: local.console)
        await noteMissingSessions(profiles: items.map(\.profile))
        return items
    }

    /// An earlier revision's item the queueing cancelled, said with the way back.
    static func noteReplaced(_ replaced: [OutboxItem], console: any ConsoleOutput) {
        for item in replaced {
            let draft = item.draftID.map { "draft d\($0), revision \(item.draftRevision ?? 0)" } ?? "an earlier revision"
            console.note("cancelled item \(item.id) (\(draft)): it had not gone out, and the new revision goes in its place "
                + "(`missive undo` puts both back as they were)")
        }
    }

    /// A note for each profile without a saved session: the item waits for a `missive login`.
    /// Only the cookie jar is read; the forum is not asked (queueing works offline).
    private func noteMissingSessions(profiles: [String]) async {
        guard let forums else { return }
        for name in Set(profiles).sorted() {
            guard let profile = try? config.profile(named: name),
                let adapter = try? forums.adapter(for: profile, timeout: 5, access: .lookOnly),
                await !adapter.hasSavedSession()
            else { continue }
            let login = name == config.defaultProfile ? "`missive login`" : "`missive login --profile \(name)`"
            local.console.note("you are not logged in to \(profile.baseURL) (profile \(name)): run \(login) before it is due, "
                + "or the send stops there and waits for it")
        }
    }
}
