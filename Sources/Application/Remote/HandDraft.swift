import Common
import Foundation
import Markup
import Outbox
import Store

/// `missive queue DRAFT --via NAME [--at WHEN] [--again]`: hands the draft to the always-on box
/// NAME, whose queue sends it. The intent is recorded here first (`Outbox.beginHandoff`), then
/// one ssh call hands the document over, then the box's answer is recorded; a handoff whose
/// answer did not come back stays unsettled and is asked about (same id) before anything else.
public struct HandDraft: Sendable {
    let local: LocalContext
    let config: Config
    let shell: any RemoteShell
    /// Where a draft's relative and `~` image paths start.
    let imageBase: ImagePathBase
    /// Who hands it over, for the box's notes ("handed from laptop").
    let origin: String

    public init(_ local: LocalContext, config: Config, shell: any RemoteShell, imageBase: ImagePathBase, origin: String) {
        self.local = local
        self.config = config
        self.shell = shell
        self.imageBase = imageBase
        self.origin = origin
    }

    /// The largest image handed over: what any image host takes, with room to spare.
    static let imageLimit = 50 * 1024 * 1024

    public func run(draft id: Int64, via name: String, at when: String, again: Bool) async throws -> OutboxItem {
        let remote = try config.remote(named: name)
        let now = local.now
        let due = try SendTime.parse(when, now: now)
        let outbox = Outbox(store: local.store, softBreaks: config.softBreaks)
        // The profile must be known here too: what this machine shows of the item is converted with it.
        let dialect = try config.profile(named: try local.store.draft(id).content.profile).bbcodeDialect
        var made: HandoffDocument?
        let start = try outbox.beginHandoff(draft: id, to: remote.name, dialect: dialect, again: again, now: now) { draft, handoffID in
            let document = try document(draft, id: handoffID, due: due)
            made = document
            return String(decoding: try HandoffCoding.encode(document), as: UTF8.self)
        }
        let item: OutboxItem, handing: HandoffDocument, settling: Bool
        switch start {
        case let .fresh(fresh, _):
            guard let made else { throw RemoteError.unreadable(remote: remote.name, detail: "no document was made") }
            (item, handing, settling) = (fresh, made, false)
        case let .unsettled(unsettled, text):
            // Handed again as it was the first time: the same id, the same text, schedule and images.
            (item, handing, settling) = (unsettled, try HandoffCoding.decode(HandoffDocument.self, from: Data(text.utf8)), true)
            local.console.note("draft \(id)'s handoff to \(remote.name) (item \(item.id)) was never answered: asking \(remote.name) about it")
        }
        let answer: HandoffAnswer
        do {
            answer = try await RemoteCall(shell: shell, remote: remote).exchange(
                HandoffRequest(handoffs: [handing], profiles: [handing.content.profile]))
        } catch let error as RemoteError where error.nothingRan && !settling {
            // Nothing reached the box: as if the command had not run.
            try outbox.forgetHandoff(item: item.id)
            throw error
        } catch let error as RemoteError {
            _ = try outbox.noteRemote(item: item.id, remoteState: nil, words: "handoff to \(remote.name) unsettled: `missive queue list --refresh` asks \(remote.name) about it", now: local.now)
            throw HandoffUnsettled(item: item.id, remote: remote.name, cause: error)
        }
        guard let answered = answer.items.first(where: { $0.handoff == handing.id }) else {
            throw RemoteError.unreadable(remote: remote.name, detail: "its answer says nothing of the handoff")
        }
        guard let remoteItem = answered.item else {
            // The box refused it and queued nothing: nothing here says otherwise.
            try outbox.forgetHandoff(item: item.id)
            throw HandoffRefused(remote: remote.name, draft: id, why: answered.error ?? "no reason given")
        }
        let confirmed = try outbox.confirmHandoff(item: item.id, remoteItem: remoteItem, remoteState: answered.state ?? .queued,
                                                  words: RemoteWords.describe(answered, remote: remote.name, now: local.now), now: local.now)
        let time = due <= now ? "as soon as its sender runs" : "at \(LocalClock.withRelative(due, now: now))"
        if answered.stored == false {
            local.console.note("settled: \(remote.name) had stored the handoff as its item \(remoteItem) before the answer was lost; it was queued there once")
        }
        local.console.note("handed item \(item.id) (draft d\(id)): \(item.command.summary), to \(remote.name) as its item \(remoteItem), to be sent there \(time)")
        for profile in answer.profiles where profile.name == handing.content.profile {
            if !profile.known {
                local.console.note("warning: \(remote.name) has no profile \(profile.name); add it there (`missive profiles add \(profile.name) ...`) or the item fails there")
            } else if !profile.loggedIn {
                local.console.note("warning: \(remote.name) is not logged in to profile \(profile.name): its item waits there until you run `ssh \(remote.destination) \(remote.missive) login --profile \(profile.name)`")
            }
        }
        return confirmed
    }

    /// The document for the box: the draft's content, base, schedule and images (the bytes).
    func document(_ draft: Draft, id: String, due: Date) throws -> HandoffDocument {
        var images: [HandoffImage] = []
        if draft.content.format == .markdown {
            var seen = Set<String>()
            for image in LocalImages.local(in: draft.content.body, base: imageBase) where seen.insert(image.target).inserted {
                guard case let .local(_, resolved) = image.location else { continue }
                let data: Data
                do {
                    data = try Data(contentsOf: URL(fileURLWithPath: resolved))
                } catch {
                    throw OutboxError.draftNotReady(draft.id, "its image \(image.target) cannot be read (\(resolved))")
                }
                guard data.count <= Self.imageLimit else {
                    throw OutboxError.draftNotReady(draft.id, "its image \(image.target) is over \(Self.imageLimit / 1024 / 1024) MB")
                }
                images.append(HandoffImage(target: image.target, name: URL(fileURLWithPath: resolved).lastPathComponent, data: data))
            }
        }
        return HandoffDocument(id: id, content: draft.content, base: draft.base, due: due, images: images,
                               origin: "\(origin), draft \(draft.id) revision \(draft.revision)")
    }
}

/// The handoff's answer did not come back: the item stays handed, unsettled, and is asked about
/// (`queue list --refresh`, or `queue DRAFT --via` again) before anything is handed again.
public struct HandoffUnsettled: MissiveError, Equatable {
    public var item: Int64
    public var remote: String
    public var cause: RemoteError

    public var status: ExitStatus { cause.status == .noPermission ? .noPermission : .tempFailure }
    public var description: String {
        "\(cause.description). Item \(item) may or may not be on \(remote): nothing is handed twice; "
            + "`missive queue list --refresh` asks \(remote) about it and settles it"
    }
}

/// The box read the handoff and would not queue it (an unknown profile there, a draft it cannot
/// send): nothing was queued there, and nothing is kept here.
public struct HandoffRefused: MissiveError, Equatable {
    public var remote: String
    public var draft: Int64
    public var why: String

    public var status: ExitStatus { .dataError }
    public var description: String { "\(remote) did not queue draft \(draft): \(why)" }
}

/// What a box's item is, in the words `queue list` shows for a handed item.
enum RemoteWords {
    static func describe(_ item: RemoteItem, remote: String, now: Date) -> String {
        guard let id = item.item else { return "on \(remote): \(item.error ?? "no such item there")" }
        let detail: String = switch item.state {
        // The post's number first, as a local sent item's RESULT: a table cuts the address.
        case .sent:
            switch (item.postID, item.url) {
            case let (post?, url?): "post \(post) (\(url))"
            case let (post?, nil): "post \(post)"
            case let (nil, url?): url
            case (nil, nil): ""
            }
        // The time alone: a listing shows these words long after they were written.
        // The same words as the box's own sender: queued for, pending until, retrying at.
        case .queued: item.due.map { "for \(LocalClock.time($0, now: now))" } ?? ""
        case .pending: item.due.map { "until \(LocalClock.time($0, now: now))" } ?? ""
        case .retrying: item.due.map { "at \(LocalClock.time($0, now: now))" } ?? ""
        default: item.reason ?? ""
        }
        return "on \(remote) as item \(id): \(item.state?.rawValue ?? "?")" + (detail.isEmpty ? "" : " \(detail)")
    }
}
