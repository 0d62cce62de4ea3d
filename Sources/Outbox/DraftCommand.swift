import Foundation
import Markup
import Store

extension ForumCommand {
    /// The Command a draft stands for, its Markdown converted to the profile's dialect now, so
    /// that the queued text is fixed. Anything the forum would refuse for lack of a field is
    /// refused here, before it is queued.
    public static func make(from draft: Draft, dialect: Dialect) throws(OutboxError) -> ForumCommand {
        let content = draft.content
        func refuse(_ why: String) -> OutboxError { .draftNotReady(draft.id, why) }
        guard draft.state != .deleted else { throw refuse("it is deleted (`missive undo` may bring it back)") }
        if let problem = draft.problem {
            throw refuse("its front matter has errors (\(problem)); fix it with `missive drafts edit \(draft.id)`")
        }
        let body = content.body.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !body.isEmpty else { throw refuse("its body is empty") }
        let bbcode = switch content.format {
        case .markdown: BBCodeConverter(dialect: dialect).convert(content.body).trimmingCharacters(in: .newlines)
        case .bbcode: body
        }
        let subject = content.subject.trimmingCharacters(in: .whitespacesAndNewlines)
        func number(_ value: Int64?, _ key: String) throws(OutboxError) -> Int {
            guard let value, value > 0, let int = Int(exactly: value) else {
                throw refuse("a \(content.kind.rawValue) needs `\(key):` in its front matter")
            }
            return int
        }

        switch content.kind {
        case .reply:
            return .reply(threadID: try number(content.target.thread, "thread"), bbcode: bbcode)
        case .edit:
            return .edit(postID: try number(content.target.post, "post"), bbcode: bbcode)
        case .thread:
            let forum = try number(content.target.forum, "forum")
            guard !subject.isEmpty else { throw refuse("a new thread needs a `subject:`") }
            let tag = content.target.tag?.trimmingCharacters(in: .whitespaces)
            return .newThread(forumID: forum, subject: subject, bbcode: bbcode, iconID: content.target.icon.map(String.init),
                              tag: tag?.isEmpty == false ? tag : nil)
        case .pm:
            guard let to = content.target.recipient?.trimmingCharacters(in: .whitespaces), !to.isEmpty else {
                throw refuse("a private message needs `to:`")
            }
            guard !subject.isEmpty else { throw refuse("a private message needs a `subject:`") }
            return .privateMessage(
                to: to, subject: subject, bbcode: bbcode, replyTo: content.target.replyTo.flatMap { Int(exactly: $0) },
                forwardOf: content.target.forwardOf.flatMap { Int(exactly: $0) })
        }
    }
}
