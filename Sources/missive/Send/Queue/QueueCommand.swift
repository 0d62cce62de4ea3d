import Application
import ArgumentParser
import Common
import Foundation
import Outbox

struct QueueCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "queue",
        abstract: "Queue a draft to be sent now or later; list and manage the queue.",
        discussion: """
            `missive queue DRAFT... [--at WHEN]` queues the drafts' current revisions; `missive send` \
            sends it once it is due. WHEN: now, +2h, +1h30m, 17:30, tomorrow 09:00, friday 18:00, \
            or an ISO 8601 time (local time unless it names a zone). Every change here is \
            recorded: `missive undo` takes it back.
            """,
        subcommands: [
            Add.self, List.self, Show.self, Cancel.self, Retry.self, Hold.self,
            Release.self, Reschedule.self, Import.self,
        ],
        defaultSubcommand: Add.self)
}

extension QueueCommand {
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Queue drafts (the default: `missive queue DRAFT` is `missive queue add DRAFT`).",
            discussion: """
                The draft's Markdown is converted to the profile's BBCode now: what is sent is what was \
                queued, even if the draft is edited later (queue the new revision to send that). One \
                revision is queued at most once. Several drafts are queued all together or not at all. \
                Prints the outbox item ids.
                """)

        @Argument(help: ArgumentHelp("Draft ids, as 7 or d7 (see `missive drafts list`).", valueName: "draft"), transform: DraftNumber.parse)
        var drafts: [Int64] = []

        @Option(help: ArgumentHelp("When to send it (default: now).", valueName: "when"))
        var at: String = "now"

        @Flag(help: "Scale down an image over the image host's limit to fit it (the same format; never done unasked).")
        var resize = false

        @Flag(help: "Print the item as JSON.")
        var json = false

        @Option(help: ArgumentHelp("Hand the draft to this always-on box (see `missive remotes`), whose queue sends it.", valueName: "remote"))
        var via: String?

        @Flag(help: "With --via: hand a revision that was handed before once more, on purpose.")
        var again = false

        func validate() throws {
            if drafts.isEmpty { throw ValidationError("give the draft ids to queue (see `missive drafts list`)") }
            if via != nil, drafts.count > 1 { throw ValidationError("--via hands one draft at a time") }
            if via != nil, resize { throw ValidationError("--via leaves images to the box: it resizes with its own image host's limit; queue without --resize") }
            if again, via == nil { throw ValidationError("--again goes with --via") }
            for draft in drafts { try requirePositive(draft, "draft id") }
            if Set(drafts).count != drafts.count { throw ValidationError("a draft is named twice") }
            try validateSendTime(at)
        }

        func run() async throws {
            let workspace = try Workspace.open()
            if let via {
                let item = try await workspace.handDraft().run(draft: drafts[0], via: via, at: at, again: again)
                if json { try printJSON(QueueItemJSON.load(item.id, from: workspace)) } else { Console.print(String(item.id)) }
                return
            }
            let items = try await workspace.queueDrafts().run(drafts: drafts, at: at, resize: resize)
            if json { try printJSON(try items.map { try QueueItemJSON.load($0.id, from: workspace) }) } else { items.forEach { Console.print(String($0.id)) } }
        }
    }
}

extension QueueCommand {
    /// The box's side of `queue DRAFT --via`: the laptop's Missive runs it over ssh with one JSON
    /// document on standard input (`HandoffRequest`) and reads one back (`HandoffAnswer`).
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import", abstract: "Take drafts handed over by another machine's Missive (JSON on stdin).",
            shouldDisplay: false)

        func run() async throws {
            let input = FileHandle.standardInput.readDataToEndOfFile()
            let answer = try await Workspace.open().importHandoffs().run(input: input)
            Console.write(String(decoding: try HandoffCoding.encode(answer), as: UTF8.self) + "\n")
        }
    }
}

/// The `--json` shape of an outbox item, stable for scripts: the same for `queue add`, `queue show`
/// and `send`, with every key present (null when it has no value).
/// Not the `OutboxRow`: its state spread into keys (due, post_id, reason...), with its attempts.
struct QueueItemJSON: Encodable {
    /// Not the `OutboxAttemptRow`: without its ids and owner.
    struct Attempt: Encodable {
        var action: String
        var startedAt: Date
        @JSONNull var finishedAt: Date?
        @JSONNull var outcome: String?
        @JSONNull var evidence: String?
    }

    var id: Int64
    var state: String
    @JSONNull var due: Date? = nil
    @JSONNull var draft: Int64? = nil
    @JSONNull var revision: Int? = nil
    var profile: String
    var kind: String
    var target: String
    /// A number, like every other id (the store keeps the forum's text).
    @JSONNull var postId: Int64? = nil
    @JSONNull var url: String? = nil
    @JSONNull var reason: String? = nil
    /// The reason's stable code (`edit-conflict`, `closed`...), for scripts: failed, unknown or retrying.
    @JSONNull var reasonCode: String? = nil
    @JSONNull var evidence: String? = nil
    var failures: Int
    @JSONNull var lastError: String? = nil
    var bbcode: String
    /// Every request made for it, flood waits included, as it always was.
    var attemptCount: Int
    /// Those the forum's flood control turned away (their outcome is "flood wait").
    var floodWaits: Int
    var attempts: [Attempt]
    var updatedAt: Date
    /// The box a handed item went to, and its item's state there when last asked (else null).
    @JSONNull var via: String? = nil
    @JSONNull var remoteState: String? = nil
    @JSONNull var remoteItem: Int64? = nil

    init(_ detail: QueueItemDetail) {
        let item = detail.item
        let attempts = detail.attempts
        id = item.id
        state = item.state.name
        due = item.state.due
        draft = item.draftID
        revision = item.draftRevision
        profile = item.profile
        kind = item.command.kind
        target = item.command.summary
        failures = item.failures
        lastError = item.lastError
        bbcode = item.command.bbcode
        attemptCount = attempts.count
        floodWaits = attempts.count { $0.outcome == OutboxAttemptRow.floodWait }
        self.attempts = attempts.map {
            Attempt(action: $0.action.rawValue, startedAt: $0.startedAt, finishedAt: $0.finishedAt, outcome: $0.outcome, evidence: $0.evidence)
        }
        updatedAt = item.updatedAt
        switch item.state {
        case let .handed(to, remoteItem):
            via = to
            self.remoteItem = remoteItem
            remoteState = item.handoff?.remoteState?.rawValue
            reason = item.handoff?.words
        case let .sent(postID, url):
            postId = postID.flatMap { Int64($0) }
            self.url = url
        case let .failed(why):
            reason = why.description
            reasonCode = why.code
        case let .held(why?):
            reason = why.description
            reasonCode = why.code
        case let .unknown(found, _):
            evidence = found.description
            reasonCode = found.code
        case let .retrying(_, because): reasonCode = because.code
        default: break
        }
    }

    /// Item `id` as it is now, with its attempts.
    static func load(_ id: Int64, from workspace: Workspace) throws -> QueueItemJSON {
        QueueItemJSON(try workspace.showQueueItem().run(.item(id)))
    }
}
