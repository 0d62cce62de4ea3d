import Foundation
import Store

/// The `--json` shape of a draft, stable for scripts: one object per draft, keys as in the buffer.
struct DraftJSON: Encodable {
    var id: Int64
    var kind: String
    var thread: Int64?
    var post: Int64?
    var forum: Int64?
    var icon: Int64?
    var tag: String?
    var to: String?
    var replyTo: Int64?
    var forward: Int64?
    var subject: String
    var profile: String
    var state: String
    var revisions: Int?
    var revision: Int?
    var updatedAt: String
    var flagged: Bool
    var excerpt: String?
    var format: String?
    var body: String?
    var problem: String?

    init(_ summary: DraftSummary) {
        self.init(id: summary.id, kind: summary.kind, target: summary.target, subject: summary.subject,
                  profile: summary.profile, state: summary.state, updatedAt: summary.updatedAt, flagged: summary.flagged)
        revisions = summary.revisions
        excerpt = summary.excerpt
    }

    init(_ draft: Draft) {
        self.init(id: draft.id, kind: draft.content.kind, target: draft.content.target, subject: draft.content.subject,
                  profile: draft.content.profile, state: draft.state, updatedAt: draft.updatedAt, flagged: draft.raw != nil)
        revision = draft.revision
        format = draft.content.format.rawValue
        body = draft.content.body
        problem = draft.problem
    }

    private init(id: Int64, kind: DraftKind, target: DraftTarget, subject: String, profile: String,
                 state: DraftState, updatedAt: Date, flagged: Bool) {
        self.id = id
        self.kind = kind.rawValue
        thread = target.thread
        post = target.post
        forum = target.forum
        icon = target.icon
        tag = target.tag
        to = target.recipient
        replyTo = target.replyTo
        forward = target.forwardOf
        self.subject = subject
        self.profile = profile
        self.state = state.rawValue
        self.updatedAt = Timestamp.iso8601(updatedAt)
        self.flagged = flagged
    }

    static func print(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        Console.print(String(decoding: try encoder.encode(value), as: UTF8.self))
    }
}
