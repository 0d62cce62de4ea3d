import Common
import Foundation
import Outbox

/// `missive queue list --refresh`: asks each box about the items handed to it (one ssh call per
/// box), records what it says, and settles the handoffs whose answers were lost: their
/// documents go again under their first ids, and the box, which queues each id at most once,
/// answers with the item it made the first time or makes it now.
public struct RefreshHandoffs: Sendable {
    let local: LocalContext
    let config: Config
    let shell: any RemoteShell

    public init(_ local: LocalContext, config: Config, shell: any RemoteShell) {
        self.local = local
        self.config = config
        self.shell = shell
    }

    /// What happened with one box.
    public enum Outcome: Sendable, Equatable {
        case asked(remote: String, items: Int, settled: Int)
        /// It could not be asked; its items keep what was last known of them.
        case failed(remote: String, why: String)
    }

    @discardableResult
    public func run() async throws -> [Outcome] {
        let outbox = Outbox(store: local.store)
        let handed = try outbox.handedItems()
        var byRemote: [String: [(item: OutboxItem, document: String?)]] = [:]
        for entry in handed { byRemote[entry.item.state.handedTo ?? "", default: []].append(entry) }
        var outcomes: [Outcome] = []
        for (name, entries) in byRemote.sorted(by: { $0.key < $1.key }) {
            guard let remote = try? config.remote(named: name) else {
                outcomes.append(.failed(remote: name, why: "config.toml no longer has a remote \(name)"))
                local.console.note("cannot ask \(name) about \(counted(entries.count, "handed item")): config.toml has no such remote any more")
                continue
            }
            var request = HandoffRequest()
            var byHandoff: [String: OutboxItem] = [:]
            for (item, document) in entries {
                guard let handoff = item.handoff else { continue }
                byHandoff[handoff.id] = item
                if case .handed(_, nil) = item.state, let document, let handing = try? HandoffCoding.decode(HandoffDocument.self, from: Data(document.utf8)) {
                    request.handoffs.append(handing)
                } else {
                    request.ask.append(handoff.id)
                }
            }
            let answer: HandoffAnswer
            do {
                answer = try await RemoteCall(shell: shell, remote: remote).exchange(request)
            } catch {
                let why = (error as? any MissiveError)?.description ?? "\(error)"
                outcomes.append(.failed(remote: name, why: why))
                local.console.note("could not ask \(name) about its \(counted(entries.count, "handed item")): \(why)")
                continue
            }
            var settled = 0
            let now = local.now
            for answered in answer.items {
                guard let item = byHandoff[answered.handoff] else { continue }
                let words = RemoteWords.describe(answered, remote: name, now: now)
                if case .handed(_, nil) = item.state {
                    if let remoteItem = answered.item {
                        _ = try outbox.confirmHandoff(item: item.id, remoteItem: remoteItem, remoteState: answered.state ?? .queued, words: words, now: now)
                        settled += 1
                        let how = answered.stored == false
                            ? "\(name) had stored it as its item \(remoteItem) before the answer was lost"
                            : "it had not reached \(name); it is its item \(remoteItem) now"
                        local.console.note("settled item \(item.id) (\(item.draftID.map { "draft d\($0)" } ?? "no draft")): \(how), queued there once")
                    } else {
                        // Refused by the box: nothing is queued there, so nothing is kept here.
                        try outbox.forgetHandoff(item: item.id)
                        local.console.note("item \(item.id) was not queued on \(name): \(answered.error ?? "no reason given"); it is gone from the queue here, the draft is as it was")
                    }
                } else {
                    _ = try outbox.noteRemote(item: item.id, remoteState: answered.state ?? .missing, words: words, now: now)
                }
            }
            outcomes.append(.asked(remote: name, items: entries.count, settled: settled))
        }
        return outcomes
    }
}

/// `queue cancel|hold|release|reschedule` of items handed to a box: the change is made there
/// (one ssh call per box), and what the box says of each item is recorded here.
public struct ChangeHanded: Sendable {
    let local: LocalContext
    let config: Config
    let shell: any RemoteShell

    public init(_ local: LocalContext, config: Config, shell: any RemoteShell) {
        self.local = local
        self.config = config
        self.shell = shell
    }

    public struct Refused: MissiveError, Equatable {
        public var item: Int64
        public var remote: String
        public var why: String
        public var status: ExitStatus { .dataError }
        public var description: String { "item \(item) on \(remote): \(why)" }
    }

    /// The items as the box left them.
    public func run(_ action: HandoffChange.Action, items: [OutboxItem], due: Date?) async throws -> [OutboxItem] {
        let outbox = Outbox(store: local.store)
        var changed: [OutboxItem] = []
        var firstRefusal: Refused?
        let groups = Dictionary(grouping: items) { $0.state.handedTo ?? "" }
        for (name, group) in groups.sorted(by: { $0.key < $1.key }) {
            let remote = try config.remote(named: name)
            var request = HandoffRequest()
            for item in group {
                guard case .handed(_, _?) = item.state, let handoff = item.handoff else {
                    throw Refused(item: item.id, remote: name, why: "its handoff is not settled yet; `missive queue list --refresh` settles it first")
                }
                request.changes.append(HandoffChange(handoff: handoff.id, action: action, due: due))
            }
            let answer = try await RemoteCall(shell: shell, remote: remote).exchange(request)
            let now = local.now
            for item in group {
                guard let answered = answer.items.first(where: { $0.handoff == item.handoff?.id }) else { continue }
                let updated = try outbox.noteRemote(item: item.id, remoteState: answered.state, words: RemoteWords.describe(answered, remote: name, now: now), now: now)
                if let error = answered.error {
                    firstRefusal = firstRefusal ?? Refused(item: item.id, remote: name, why: error)
                } else {
                    changed.append(updated)
                }
            }
        }
        if let firstRefusal {
            for item in changed { local.console.note("\(item.title): \(item.handoff?.words ?? "changed")") }
            throw firstRefusal
        }
        return changed
    }
}
