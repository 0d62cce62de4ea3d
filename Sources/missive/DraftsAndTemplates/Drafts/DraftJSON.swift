import Application
import Foundation

/// The `--json` shape of a draft, stable for scripts: one object per draft, keys as in the buffer
/// (snake_case), the same keys for `drafts list`, `search` and `show`, null where one has no value.
/// Not `Draft` or `DraftSummary`: one shape for both, their target spread into keys, kinds as text.
struct DraftJSON: Encodable {
    var id: Int64
    var kind: String
    @JSONNull var thread: Int64? = nil
    @JSONNull var post: Int64? = nil
    @JSONNull var forum: Int64? = nil
    @JSONNull var icon: Int64? = nil
    @JSONNull var tag: String? = nil
    @JSONNull var to: String? = nil
    @JSONNull var replyTo: Int64? = nil
    @JSONNull var forward: Int64? = nil
    var subject: String
    var profile: String
    var state: String
    @JSONNull var revisions: Int? = nil
    @JSONNull var revision: Int? = nil
    var updatedAt: String
    var flagged: Bool
    @JSONNull var excerpt: String? = nil
    @JSONNull var format: String? = nil
    @JSONNull var body: String? = nil
    @JSONNull var problem: String? = nil

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
}
