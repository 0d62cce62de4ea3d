import Application
import Common
import Compose
import Foundation

/// What is being previewed: a draft from the store, an editor buffer, or a plain file.
struct PreviewSource {
    var body: String
    var format: DraftFormat
    /// The draft's or buffer's profile; nil for a plain file.
    var profile: String?
    /// The forum a new thread goes to, which may have a theme of its own.
    var forum: String?
    var title: String
    /// What the draft or buffer is and where it goes (nil and empty for a plain file): what
    /// `--remote` previews it as.
    var kind: DraftKind?
    var target = DraftTarget()
    var subject = ""

    /// An editor buffer's context (what is answered, below its cut line) is no part of the post:
    /// it is cut at `cut` when the session says which line that is, else at the first line shaped
    /// like one.
    static func load(_ target: String, defaultProfile: String, cut: CutLine? = nil) throws -> PreviewSource {
        let exists = target == "-" || FileManager.default.fileExists(atPath: target)
        if !exists, let id = Int64(target), id > 0 {
            return try draft(id)
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

    /// A draft as its current revision has it. Preview only reads, so nothing is recovered here.
    static func draft(_ id: Int64) throws -> PreviewSource {
        let draft = try Workspace.open(recover: false, access: .readOnly).showDraft().run(id, revision: nil)
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
}

extension PreviewSource {
    /// A draft's or buffer's content. (In an extension, so the memberwise initialiser stays.)
    init(_ content: DraftContent, title: String) {
        self.init(body: content.body, format: content.format, profile: content.profile,
                  forum: content.target.forum.map(String.init), title: title,
                  kind: content.kind, target: content.target, subject: content.subject)
    }
}
