import Common
import Foundation
import Markup
import Store

extension ForumCommand {
    /// The Command a draft stands for, its Markdown converted to the profile's dialect now, so
    /// that the queued text is fixed. Anything the forum would refuse for lack of a field is
    /// refused here, before it is queued. `images` are the draft's local images, kept in the
    /// store: each goes into the BBCode under its stand-in address (`ImagePlaceholder`), in the
    /// dialect's large-image tag where its thumbnail rule says so.
    public static func make(from draft: Draft, dialect: Dialect, images: [KeptDraftImage] = [], softBreaks: SoftBreaks = .space)
        throws(OutboxError) -> ForumCommand {
        let content = draft.content
        func refuse(_ why: String) -> OutboxError { .draftNotReady(draft.id, why) }
        guard draft.state != .deleted else { throw refuse("it is deleted (`missive undo` may bring it back)") }
        if let problem = draft.problem {
            throw refuse("its front matter has errors (\(problem)); fix it with `missive drafts edit \(draft.id)`")
        }
        let body = content.body.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !body.isEmpty else { throw refuse("its body is empty") }
        // An edit that met a conflict holds both sides between markers until a person settles
        // it: sent as it is, the markers would land on the forum.
        if content.kind == .edit, let marker = LineMerge.firstMarker(in: content.body) {
            throw OutboxError.unresolvedConflict(draft: draft.id, line: marker.line, marker: marker.text)
        }
        let bbcode = switch content.format {
        case .markdown:
            try BBCodeConverter(dialect: dialect, options: imageOptions(images, dialect: dialect, softBreaks: softBreaks))
                .convert(try withPlaceholders(content.body, images, draft: draft.id)).trimmingCharacters(in: .newlines)
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
            return .edit(postID: try number(content.target.post, "post"), bbcode: bbcode, base: draft.base)
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

    /// The draft's Markdown with each kept local image pointing at its stand-in address.
    private static func withPlaceholders(_ markdown: String, _ images: [KeptDraftImage], draft: Int64) throws(OutboxError) -> String {
        guard !images.isEmpty else { return markdown }
        let hashes = Dictionary(images.map { ($0.image.sourceRange, $0.kept.hash) }, uniquingKeysWith: { first, _ in first })
        do {
            return try LocalImages.rewrite(markdown, images: images.map(\.image)) { image in
                hashes[image.sourceRange].map(ImagePlaceholder.url)
            }
        } catch {
            throw .draftNotReady(draft, error.description)
        }
    }

    /// The stand-ins of the images the dialect's thumbnail rule finds too large to show inline.
    private static func imageOptions(_ images: [KeptDraftImage], dialect: Dialect, softBreaks: SoftBreaks) -> ConversionOptions {
        guard let rule = dialect.thumbnailRule else { return ConversionOptions(softBreaks: softBreaks) }
        return ConversionOptions(softBreaks: softBreaks, largeImages: Set(images.filter { rule.wantsThumbnail($0.kept.pixelSize) }.map {
            ImagePlaceholder.url($0.kept.hash)
        }))
    }
}
