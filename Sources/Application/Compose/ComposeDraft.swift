import Common
import Compose
import Foundation
import Store

/// What reply, pm, thread, edit-post and new have in common: reopen the open draft for the
/// target (unless --new or a template), or build new content (from a template, a body file, the
/// forum's text), then save it directly (--no-edit) or through the editor, and report the draft id.
public struct ComposeDraft: Sendable {
    let context: LocalContext
    /// The profiles a draft may be for.
    let config: Config
    let forums: any ForumConnector
    let request: ComposeRequest
    /// What to fetch from the forum first (quotes, a post's current text), if anything.
    var forum: ForumText?
    var timeout = 30

    public init(_ context: LocalContext, config: Config, forums: any ForumConnector, request: ComposeRequest,
                forum: ForumText? = nil, timeout: Int = 30) {
        self.context = context
        self.config = config
        self.forums = forums
        self.request = request
        self.forum = forum
        self.timeout = timeout
    }

    private var environment: ComposeEnvironment { context.environment }
    private var console: any ConsoleOutput { context.console }

    /// The note on an edit draft's first revision: the post as the forum had it before the edit,
    /// which is what an undo of the sent edit puts back.
    public static let originalNote = "the post as it was on the forum"

    /// `base` is what the command line says (kind, target, subject); `fixed` are the same
    /// fields as front matter values, which win over a template's. Returns the draft saved (nil
    /// when a new one was discarded), for `--send` and `--queue`.
    @discardableResult
    public func run(base: DraftContent?, fixed: [Buffer.Key: String]) async throws -> Draft? {
        let profile = try config.profile(named: request.profile ?? fixed[.profile]).name
        var fixed = fixed
        if request.profile != nil { fixed[.profile] = profile }
        if let format = request.format { fixed[.format] = format.rawValue }
        // The user's own text is read (and checked) before anything goes to the forum.
        let typed = try bodyFromFile()

        if var base, request.template == nil {
            base.profile = profile
            if let format = request.format { base.format = format }
            if !request.forceNew, let existing = try environment.store.openDraft(for: base) {
                console.note("draft \(existing.id) for \(existing.content.target.describe(existing.content.kind)) is open: "
                    + "continuing it (--new starts another)")
                let added = forum?.addsToOpenDraft == true ? try await fetch(profile) : .none
                return try await continueDraft(existing, typed: typed, adding: added)
            }
            return try await start(base, typed: typed, try await fetch(profile))
        }
        guard let name = request.template else {
            throw UseCaseError(.usage, "give a template with --template NAME (see `missive templates list`)")
        }
        let instance = TemplateRequest(name: name, kind: base?.kind, fixed: fixed, variables: request.variables)
        var content = try TemplateInstance.make(
            instance, templates: try environment.store.templates(), now: environment.clock(),
            defaultProfile: profile)
        if let format = request.format { content.format = format }
        return try await start(content, typed: typed, try await fetch(profile))
    }

    private func fetch(_ profileName: String) async throws -> FetchedText {
        guard let forum else { return .none }
        let fetcher = FetchForumText(
            profile: try config.profile(named: profileName), forums: forums, console: console,
            timeout: timeout, profileNamed: request.profile != nil)
        return await fetcher.run(forum)
    }

    private func start(_ content: DraftContent, typed: String?, _ fetched: FetchedText) async throws -> Draft? {
        if let refusal = fetched.refusal { throw refusal }
        var content = content
        if content.subject.isEmpty, let subject = fetched.subject { content.subject = subject }
        let forumText = fetched.body(for: content.format)
        if fetched.isOriginal, !forumText.isEmpty {
            return try await startFromOriginal(content, original: forumText, typed: typed)
        }
        // Quotes come first, as the forum's own reply form puts them; the user writes below.
        content.body = Self.blocks(forumText, typed ?? content.body)
        if request.noEdit {
            guard !content.body.isEmpty else {
                throw fetched.nothingToSave ?? UseCaseError(.dataError, "the body is empty, so there is no draft to save")
            }
            let draft = try environment.store.createDraft(DraftWrite(content: content), now: environment.clock())
            report.created(draft)
            return draft
        }
        let result = try await EditSession(environment: environment).compose(content)
        fetched.remind(console)
        return try report.session(result)
    }

    /// An edit starts from the post as the forum has it, stored as revision 1 before the editor
    /// opens, so that what the user changes is revision 2 and an undo can go back to 1.
    private func startFromOriginal(_ content: DraftContent, original: String, typed: String?) async throws -> Draft? {
        var first = content
        first.body = original
        let draft = try environment.store.createDraft(DraftWrite(content: first, note: Self.originalNote), now: environment.clock())
        console.note("created draft \(draft.id) for \(content.target.describe(content.kind)); revision 1 is "
            + "\(Self.originalNote)")
        var next = draft
        if let replacement = typed ?? (content.body.isEmpty ? nil : content.body) { next.content.body = replacement }
        if request.noEdit {
            guard typed != nil else {
                console.print(String(draft.id))
                return draft
            }
            let result = try environment.store.saveRevision(of: draft.id, DraftWrite(content: next.content), now: environment.clock())
            report.save(result)
            return result.draft
        }
        let result = try await EditSession(environment: environment).edit(next)
        if case let .saved(saved, _) = result.outcome, saved.content.body.isEmpty, result.problem == nil {
            // An empty body means "never mind", as it does for any new draft.
            _ = try environment.store.deleteDraft(draft.id, now: environment.clock())
            console.note("the body was empty, so draft \(draft.id) was discarded (`missive undo` brings it back)")
            return nil
        }
        return try report.session(result)
    }

    private func continueDraft(_ draft: Draft, typed: String?, adding fetched: FetchedText) async throws -> Draft? {
        var draft = draft
        let added = fetched.body(for: draft.content.format)
        if let typed {
            draft.content.body = Self.blocks(added, typed)
        } else if !added.isEmpty {
            draft.content.body = Self.blocks(draft.content.body, added)
            // A flagged draft opens on its raw text, so the quotes go there too.
            if let raw = draft.raw { draft.raw = Self.blocks(raw, added) }
            console.note("added \(counted(fetched.pieces.count, "quote")) at the end of draft \(draft.id)")
        }
        if request.noEdit {
            if typed == nil, added.isEmpty, let error = fetched.nothingToSave { throw error }
            let result = try environment.store.saveRevision(of: draft.id, DraftWrite(content: draft.content), now: environment.clock())
            report.save(result)
            return result.draft
        }
        let result = try await EditSession(environment: environment).edit(draft)
        fetched.remind(console)
        return try report.session(result)
    }

    private var report: SaveReport { SaveReport(console: console) }

    private func bodyFromFile() throws -> String? {
        guard let path = request.bodyFile else { return nil }
        return FrontMatter.trimBody(try TextInput.read(path: path, limit: ComposeEnvironment.defaultByteLimit))
    }

    /// Non-empty blocks of a body, a blank line apart (a fence needs one before the text after it).
    public static func blocks(_ parts: String...) -> String {
        parts.filter { !$0.isEmpty }.joined(separator: "\n\n")
    }
}

