import Common
import Compose
import Forum
import Foundation
import Store

/// What is being previewed: a draft from the store, an editor buffer, or a plain file.
public struct PreviewSource: Sendable {
    public var body: String
    public var format: DraftFormat
    /// The draft's or buffer's profile; nil for a plain file.
    public var profile: String?
    /// The forum a new thread goes to, which may have a theme of its own.
    public var forum: String?
    public var title: String
    /// What the draft or buffer is and where it goes (nil and empty for a plain file): what
    /// `--remote` previews it as.
    public var kind: DraftKind?
    public var target = DraftTarget()
    public var subject = ""

    /// An editor buffer's context (what is answered, below its cut line) is no part of the post:
    /// it is cut at `cut` when the session says which line that is, else at the first line shaped
    /// like one. The store is opened only for a draft id.
    static func load(_ target: String, defaultProfile: String, cut: CutLine? = nil,
                     store: () throws -> Store) throws -> PreviewSource {
        let exists = target == "-" || FileManager.default.fileExists(atPath: target)
        if !exists, let id = DraftIDText.parse(target) {
            return try draft(id, store: try store())
        }
        guard exists else { throw PreviewError.noSuchTarget(target) }
        let whole = try TextInput.read(path: target, limit: ComposeEnvironment.defaultByteLimit)
        let text = (cut ?? CutLine.first(in: whole))?.removing(from: whole) ?? whole
        let name = target == "-" ? "standard input" : URL(fileURLWithPath: target).lastPathComponent
        guard startsWithFrontMatter(text) else {
            return PreviewSource(body: text, format: .markdown, profile: nil, forum: nil, title: name)
        }
        let content = try Buffer.parse(text, source: target == "-" ? "<stdin>" : target, defaultProfile: defaultProfile)
        return PreviewSource(content, title: content.subject.isEmpty ? name : content.subject)
    }

    /// A draft as its current revision has it.
    static func draft(_ id: Int64, store: Store) throws -> PreviewSource {
        let draft = try ShowDraft(store: store).run(id, revision: nil)
        if draft.raw != nil {
            throw PreviewError.brokenDraft(id, problem: draft.problem ?? "its front matter has errors")
        }
        let title = draft.content.subject.isEmpty ? "draft \(id)" : draft.content.subject
        return PreviewSource(draft.content, title: title)
    }

    /// An editor buffer starts with a `---` line (after any Missive comment); a Markdown file
    /// almost never does.
    static func startsWithFrontMatter(_ text: String) -> Bool {
        var rest = Substring(text)
        while rest.hasPrefix(FrontMatter.commentStart), let end = rest.range(of: "-->") {
            rest = rest[end.upperBound...]
        }
        let first = rest.drop { $0.isWhitespace }.prefix { $0 != "\n" && $0 != "\r\n" }
        return first.trimmingCharacters(in: .whitespaces) == "---"
    }

    /// The form the forum previews it with: `thread` (`--thread`) when given, else where the
    /// draft or buffer goes.
    func remoteTarget(thread: Int?) throws(PreviewError) -> PreviewTarget {
        if let thread { return .reply(threadID: thread) }
        switch kind {
        case nil:
            throw .noRemoteTarget(title)
        case .reply?:
            guard let thread = target.thread else { throw .incompleteTarget(title, missing: "thread") }
            return .reply(threadID: Int(thread))
        case .edit?:
            guard let post = target.post else { throw .incompleteTarget(title, missing: "post") }
            return .edit(postID: Int(post))
        case .thread?:
            guard let forum = target.forum else { throw .incompleteTarget(title, missing: "forum") }
            return .newThread(forumID: Int(forum), subject: subject)
        case .pm?:
            throw .remotePrivateMessage
        }
    }
}

extension PreviewSource {
    /// A draft's or buffer's content. (In an extension, so the memberwise initialiser stays.)
    init(_ content: DraftContent, title: String) {
        self.init(body: content.body, format: content.format, profile: content.profile,
                  forum: content.target.forum.map(String.init), title: title,
                  kind: content.kind, target: content.target, subject: content.subject)
    }
}
