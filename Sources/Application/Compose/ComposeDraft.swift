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
    /// What runs beside the editor (the live preview), if anything.
    var companion: (any EditorCompanion)?
    /// Every note made before the editor opens, for the buffer's top and for after it closes:
    /// a full-screen editor hides what was printed before it.
    private let notices: NoticeRecorder

    public init(_ context: LocalContext, config: Config, forums: any ForumConnector, request: ComposeRequest,
                forum: ForumText? = nil, timeout: Int = 30, companion: (any EditorCompanion)? = nil) {
        self.context = context
        self.config = config
        self.forums = forums
        self.request = request
        self.forum = forum
        self.timeout = timeout
        self.companion = companion
        notices = NoticeRecorder(context.console)
    }

    private var environment: ComposeEnvironment { context.environment }
    private var console: any ConsoleOutput { notices }

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
                let check = try await ask(existing.content, existing: existing)
                console.note("draft \(existing.id) for \(existing.content.target.describe(existing.content.kind)) is open: "
                    + "continuing it (--new starts another)")
                let added = forum?.addsToOpenDraft == true ? try await fetch(profile) : .none
                return try await continueDraft(existing, typed: typed, adding: added, check: check)
            }
            if !request.forceNew, let waiting = try environment.store.waitingDraft(for: base) {
                console.note("draft \(waiting.id) for \(waiting.content.target.describe(waiting.content.kind)) waits in the outbox: "
                    + "this is a new draft (`missive drafts edit \(waiting.id)` changes that one, and queueing it again puts it in its place)")
            }
            let check = try await ask(base)
            return try await start(base, typed: typed, try await fetch(profile), check: check)
        }
        guard let name = request.template else {
            throw UseCaseError(.usage, "give a template with --template NAME (see `missive templates list`)")
        }
        let instance = TemplateRequest(name: name, kind: base?.kind, fixed: fixed, variables: request.variables)
        var content = try TemplateInstance.make(
            instance, templates: try environment.store.templates(), now: environment.clock(),
            defaultProfile: profile)
        if let format = request.format { content.format = format }
        let check = try await ask(content)
        return try await start(content, typed: typed, try await fetch(profile), check: check)
    }

    /// The forum asked before the editor opens (not for `--no-edit`, which opens none, nor
    /// `--offline`): a refusal ends the command here, before anything is made.
    private func ask(_ content: DraftContent, existing: Draft? = nil) async throws -> ComposeCheck.Result {
        guard !request.noEdit, !request.offline else { return ComposeCheck.Result() }
        let profile = try config.profile(named: content.profile.isEmpty ? request.profile : content.profile)
        let latest = request.contextPosts ?? profile.contextPosts ?? Profile.defaultContextPosts
        var quoted: [Int64] = []
        if case let .quotedPosts(posts) = forum { quoted = posts.map(\.id) }
        return try await ComposeCheck(profile: profile, forums: forums, latest: latest, quoted: quoted,
                                profileNamed: request.profile != nil).run(content, existing: existing)
    }

    /// What the session shows besides the draft: the notes so far and the check's, the context,
    /// the live preview.
    private func extras(_ check: ComposeCheck.Result, _ fetched: FetchedText = .none) -> SessionExtras {
        let console = context.console
        var shown = check.context
        let dialect = (try? config.profile(named: request.profile))?.dialect ?? .default
        let older = check.olderQuotes.compactMap { id in
            fetched.quotes[id].map { ComposeCheck.olderQuote(id, bbcode: $0, dialect: dialect) }
        }
        if !older.isEmpty {
            shown = BufferContext(heading: shown?.heading ?? "The posts you quote.", entries: older + (shown?.entries ?? []))
        }
        return SessionExtras(notices: notices.lines + check.notices, context: shown, companion: companion,
                             announce: { console.note($0) })
    }

    /// The editor has closed: what it hid is said again (a text that could not be fetched, by
    /// its reminder).
    private func repeatNotices(_ check: ComposeCheck.Result, _ fetched: FetchedText) {
        for line in notices.repeats + check.notices { context.console.note(line) }
        fetched.remind(context.console)
    }

    private func fetch(_ profileName: String) async throws -> FetchedText {
        guard let forum else { return .none }
        let fetcher = FetchForumText(
            profile: try config.profile(named: profileName), forums: forums, console: console,
            timeout: timeout, profileNamed: request.profile != nil)
        return await notices.remindedElsewhere { await fetcher.run(forum) }
    }

    private func start(_ content: DraftContent, typed: String?, _ fetched: FetchedText,
                       check: ComposeCheck.Result) async throws -> Draft? {
        if let refusal = fetched.refusal { throw refusal }
        var content = content
        if content.subject.isEmpty, let subject = fetched.subject { content.subject = subject }
        let forumText = fetched.body(for: content.format)
        if fetched.isOriginal, !forumText.isEmpty {
            return try await startFromOriginal(content, original: forumText, base: fetched.pieces.joined(separator: "\n\n"),
                                               typed: typed, check: check)
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
        noteKeptText(for: content)
        let result = try await EditSession(environment: environment).compose(content, extras: extras(check, fetched))
        repeatNotices(check, fetched)
        return try report.session(result)
    }

    /// Text set aside for the same target before (an editor quit with `:cq`, say) is offered
    /// where the new buffer and the terminal both show it.
    private func noteKeptText(for content: DraftContent) {
        for file in environment.buffers.kept(for: content) {
            console.note("text you set aside for \(content.target.describe(content.kind)) is kept in \(file.path): "
                + "`missive drafts import \(file.path)` makes it a draft")
        }
    }

    /// An edit starts from the post as the forum has it, stored as revision 1 before the editor
    /// opens, so that what the user changes is revision 2 and an undo can go back to 1. `base`
    /// is the post's BBCode as fetched (`original` is that as the draft's format shows it): the
    /// draft keeps it as its base, which every later revision inherits and the send merges against.
    private func startFromOriginal(_ content: DraftContent, original: String, base: String, typed: String?,
                                   check: ComposeCheck.Result) async throws -> Draft? {
        var first = content
        first.body = original
        let draft = try environment.store.createDraft(DraftWrite(content: first, note: Self.originalNote, base: base),
                                                      now: environment.clock())
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
        let result = try await EditSession(environment: environment).edit(next, extras: extras(check))
        repeatNotices(check, .none)
        let emptied: Bool = switch result.outcome {
        case let .saved(saved, _): saved.content.body.isEmpty && result.problem == nil
        case .emptied: true  // the whole buffer deleted: "never mind" all the more
        default: false
        }
        if emptied {
            // An empty body means "never mind", as it does for any new draft.
            _ = try environment.store.deleteDraft(draft.id, now: environment.clock())
            console.note("the body was empty, so draft \(draft.id) was discarded (`missive undo` brings it back)")
            return nil
        }
        return try report.session(result)
    }

    private func continueDraft(_ draft: Draft, typed: String?, adding fetched: FetchedText,
                               check: ComposeCheck.Result) async throws -> Draft? {
        var draft = draft
        let added = fetched.body(for: draft.content.format)
        if let typed {
            draft.content.body = Self.blocks(added, typed)
        } else if !added.isEmpty {
            draft.content.body = Self.blocks(draft.content.body, added)
            // A flagged draft opens on its raw text, so the quotes go there too.
            if let raw = draft.raw { draft.raw = Self.blocks(raw, added) }
            console.note("added \(counted(fetched.pieces.count, "quote")) at the end of draft \(draft.id), below your text; write your answer under \(fetched.pieces.count == 1 ? "it" : "them")")
        }
        if request.noEdit {
            if typed == nil, added.isEmpty, let error = fetched.nothingToSave { throw error }
            let result = try environment.store.saveRevision(of: draft.id, DraftWrite(content: draft.content), now: environment.clock())
            report.save(result)
            return result.draft
        }
        let result = try await EditSession(environment: environment).edit(draft, extras: extras(check, fetched))
        repeatNotices(check, fetched)
        return try report.session(result)
    }

    private var report: SaveReport { SaveReport(console: console, delivering: request.delivering) }

    private func bodyFromFile() throws -> String? {
        guard let path = request.bodyFile else { return nil }
        return FrontMatter.trimBody(try TextInput.read(path: path, limit: ComposeEnvironment.defaultByteLimit))
    }

    /// Non-empty blocks of a body, a blank line apart (a fence needs one before the text after it).
    public static func blocks(_ parts: String...) -> String {
        parts.filter { !$0.isEmpty }.joined(separator: "\n\n")
    }
}

