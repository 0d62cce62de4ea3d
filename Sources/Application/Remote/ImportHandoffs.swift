import Common
import Foundation
import Markup
import Outbox
import Store

/// The box's side of a handoff (`missive queue import`, hidden: the laptop's Missive runs it over
/// ssh): queues each handed draft under the same profile, at most once per handoff id; says
/// where each asked-about handoff stands; makes the changes asked for; reports the profiles'
/// logins. Never throws for one handoff: each gets its own answer, so one bad draft does not
/// leave the others unanswered.
public struct ImportHandoffs: Sendable {
    let local: LocalContext
    let config: Config
    let images: ImageIntake?
    /// Where handed images are written until the queue has kept them in the store.
    let scratch: URL
    let version: String
    let loggedIn: @Sendable (Profile) async -> Bool

    public init(_ local: LocalContext, config: Config, images: ImageIntake?, scratch: URL, version: String,
                loggedIn: @escaping @Sendable (Profile) async -> Bool) {
        self.local = local
        self.config = config
        self.images = images
        self.scratch = scratch
        self.version = version
        self.loggedIn = loggedIn
    }

    public struct UnreadableRequest: MissiveError, Equatable {
        public var why: String
        public var status: ExitStatus { .dataError }
        public var description: String { "queue import reads one handoff document (JSON) on its standard input: \(why)" }
    }

    public func run(input: Data) async throws -> HandoffAnswer {
        let request: HandoffRequest
        do {
            request = try HandoffCoding.decode(HandoffRequest.self, from: input)
        } catch {
            throw UnreadableRequest(why: "\(error)")
        }
        guard request.version <= HandoffRequest.currentVersion else {
            throw UnreadableRequest(why: "it is version \(request.version) of the protocol; this Missive (\(version)) reads up to \(HandoffRequest.currentVersion): update it")
        }
        let outbox = Outbox(store: local.store, softBreaks: config.softBreaks)
        var items: [RemoteItem] = []
        for document in request.handoffs { items.append(store(document, outbox: outbox)) }
        for id in request.ask {
            items.append((try? outbox.item(handoff: id)).map { Self.describe($0, handoff: id) } ?? RemoteItem(handoff: id))
        }
        for change in request.changes { items.append(apply(change, outbox: outbox)) }
        var profiles: [RemoteProfile] = []
        for name in request.profiles {
            if let profile = try? config.profile(named: name) {
                profiles.append(RemoteProfile(name: name, known: true, loggedIn: await loggedIn(profile)))
            } else {
                profiles.append(RemoteProfile(name: name, known: false, loggedIn: false))
            }
        }
        return HandoffAnswer(missive: version, items: items, profiles: profiles)
    }

    /// Queues one handoff, or answers with the item an earlier import of it made.
    private func store(_ document: HandoffDocument, outbox: Outbox) -> RemoteItem {
        if let existing = try? outbox.item(handoff: document.id) {
            return Self.describe(existing, handoff: document.id, stored: false)
        }
        let folder = scratch.appendingPathComponent(Self.safeName(document.id), isDirectory: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let profile = try config.profile(named: document.content.profile)
            var content = document.content
            content.body = try withCopies(of: document.images, in: content.body, folder: folder)
            let now = local.now
            let draft = try local.store.createDraft(
                DraftWrite(content: content, note: "handed from \(document.origin)", base: document.base), now: now)
            let item = try outbox.queue(drafts: [draft.id], dialect: { _ in profile.bbcodeDialect }, images: images,
                                        due: document.due, now: now, keys: [draft.id: Outbox.handoffKey(document.id)])[0]
            local.console.note("queued item \(item.id) (draft d\(draft.id)): \(item.command.summary), handed from \(document.origin)")
            return Self.describe(item, handoff: document.id, stored: true)
        } catch {
            // Two imports of one handoff at once: the key is unique, so the second finds the first's.
            if let existing = try? outbox.item(handoff: document.id) { return Self.describe(existing, handoff: document.id, stored: false) }
            return RemoteItem(handoff: document.id, error: (error as? any MissiveError)?.description ?? "\(error)")
        }
    }

    /// The body with each handed image pointing at its copy, written here (private to the user).
    private func withCopies(of images: [HandoffImage], in body: String, folder: URL) throws -> String {
        guard !images.isEmpty else { return body }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        var copies: [String: String] = [:]
        for (index, image) in images.enumerated() {
            let file = folder.appendingPathComponent("\(index)-\(Self.safeName(image.name))")
            try PrivateFile.write(image.data, to: file)
            copies[image.target] = file.path
        }
        let base = ImagePathBase(workingDirectory: folder.path, home: folder.path)
        return try LocalImages.rewrite(body, images: LocalImages.local(in: body, base: base)) { copies[$0.target] }
    }

    private func apply(_ change: HandoffChange, outbox: Outbox) -> RemoteItem {
        do {
            guard let item = try outbox.item(handoff: change.handoff) else {
                return RemoteItem(handoff: change.handoff, error: "no item here was handed with this id")
            }
            let now = local.now
            let changed = switch change.action {
            case .cancel: try outbox.cancel([item.id], now: now)
            case .hold: try outbox.hold([item.id], now: now)
            case .release: try outbox.release([item.id], due: change.due ?? now, now: now)
            case .reschedule: try outbox.reschedule([item.id], due: change.due ?? now, now: now)
            }
            return Self.describe(changed[0], handoff: change.handoff)
        } catch {
            var answer = (try? outbox.item(handoff: change.handoff)).map { Self.describe($0, handoff: change.handoff) }
                ?? RemoteItem(handoff: change.handoff)
            answer.error = (error as? any MissiveError)?.description ?? "\(error)"
            return answer
        }
    }

    static func describe(_ item: OutboxItem, handoff: String, stored: Bool? = nil) -> RemoteItem {
        var answer = RemoteItem(handoff: handoff, item: item.id, stored: stored, state: RemoteState(rawValue: item.state.name) ?? .unknown, due: item.state.due)
        switch item.state {
        case let .sent(postID, url):
            answer.postID = postID
            answer.url = url
        case let .failed(reason), let .unknown(reason, _), let .retrying(_, reason), let .held(reason?):
            answer.reason = reason.description
        default: break
        }
        return answer
    }

    /// A file name with nothing that could leave the folder.
    static func safeName(_ name: String) -> String {
        let kept = name.unicodeScalars.map { scalar -> Character in
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || "-_.".unicodeScalars.contains(scalar)
                ? Character(scalar) : "_"
        }
        let text = String(kept).trimmingCharacters(in: CharacterSet(charactersIn: "."))
        return text.isEmpty ? "image" : String(text.prefix(100))
    }
}
