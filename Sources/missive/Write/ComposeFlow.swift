import Common
import Compose
import Foundation
import Store

/// What reply, pm, thread, edit-post and new have in common: reopen the open draft for the
/// target (unless --new or a template), or build new content (from a template, a body file, the
/// forum's text), then save it directly (--no-edit) or through the editor, and report the draft id.
struct ComposeFlow {
    let workspace: Workspace
    let options: ComposeOptions
    /// What to fetch from the forum first (quotes, a post's current text), if anything.
    var forum: ForumText?
    var timeout = 30

    /// The note on an edit draft's first revision: the post as the forum had it before the edit,
    /// which is what an undo of the sent edit puts back.
    static let originalNote = "the post as it was on the forum"

    /// `base` is what the command line says (kind, target, subject); `fixed` are the same
    /// fields as front matter values, which win over a template's. Returns the draft saved (nil
    /// when a new one was discarded), for `--send` and `--queue`.
    @discardableResult
    func run(base: DraftContent?, fixed: [Buffer.Key: String]) async throws -> Draft? {
        let profile = try workspace.profile(options.profile ?? fixed[.profile])
        var fixed = fixed
        if options.profile != nil { fixed[.profile] = profile }
        if let format = options.format { fixed[.format] = format.rawValue }
        // The user's own text is read (and checked) before anything goes to the forum.
        let typed = try bodyFromFile()

        if var base, options.template == nil {
            base.profile = profile
            if let format = options.format { base.format = format }
            if !options.forceNew, let existing = try workspace.store.openDraft(for: base) {
                Console.note("draft \(existing.id) for \(existing.content.target.describe(existing.content.kind)) is open: "
                    + "continuing it (--new starts another)")
                let added = forum?.addsToOpenDraft == true ? try await fetch(profile) : .none
                return try await continueDraft(existing, typed: typed, adding: added)
            }
            return try await start(base, typed: typed, try await fetch(profile))
        }
        guard let name = options.template else {
            throw CommandError(.usage, "give a template with --template NAME (see `missive templates list`)")
        }
        let request = TemplateRequest(name: name, kind: base?.kind, fixed: fixed, variables: try options.parsedVariables())
        var content = try TemplateInstance.make(
            request, templates: try workspace.store.templates(), now: workspace.now,
            defaultProfile: profile)
        if let format = options.format { content.format = format }
        return try await start(content, typed: typed, try await fetch(profile))
    }

    private func fetch(_ profileName: String) async throws -> FetchedText {
        guard let forum else { return .none }
        let fetcher = ForumFetcher(
            profile: try workspace.config.profile(named: profileName), paths: workspace.paths,
            timeout: timeout, profileNamed: options.profile != nil)
        return await fetcher.fetch(forum)
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
        if options.noEdit {
            guard !content.body.isEmpty else {
                throw fetched.nothingToSave ?? CommandError(.dataError, "the body is empty, so there is no draft to save")
            }
            let draft = try workspace.store.createDraft(DraftWrite(content: content), now: workspace.now)
            Report.created(draft)
            return draft
        }
        let result = try await EditSession(environment: workspace.environment).compose(content)
        fetched.remind()
        return try Report.session(result)
    }

    /// An edit starts from the post as the forum has it, stored as revision 1 before the editor
    /// opens, so that what the user changes is revision 2 and an undo can go back to 1.
    private func startFromOriginal(_ content: DraftContent, original: String, typed: String?) async throws -> Draft? {
        var first = content
        first.body = original
        let draft = try workspace.store.createDraft(DraftWrite(content: first, note: Self.originalNote), now: workspace.now)
        Console.note("created draft \(draft.id) for \(content.target.describe(content.kind)); revision 1 is "
            + "\(Self.originalNote)")
        var next = draft
        if let replacement = typed ?? (content.body.isEmpty ? nil : content.body) { next.content.body = replacement }
        if options.noEdit {
            guard typed != nil else {
                Console.print(String(draft.id))
                return draft
            }
            let result = try workspace.store.saveRevision(of: draft.id, DraftWrite(content: next.content), now: workspace.now)
            Report.save(result)
            return result.draft
        }
        let result = try await EditSession(environment: workspace.environment).edit(next)
        if case let .saved(saved, _) = result.outcome, saved.content.body.isEmpty, result.problem == nil {
            // An empty body means "never mind", as it does for any new draft.
            _ = try workspace.store.deleteDraft(draft.id, now: workspace.now)
            Console.note("the body was empty, so draft \(draft.id) was discarded (`missive undo` brings it back)")
            return nil
        }
        return try Report.session(result)
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
            Console.note("added \(fetched.pieces.count) quote(s) at the end of draft \(draft.id)")
        }
        if options.noEdit {
            if typed == nil, added.isEmpty, let error = fetched.nothingToSave { throw error }
            let result = try workspace.store.saveRevision(of: draft.id, DraftWrite(content: draft.content), now: workspace.now)
            Report.save(result)
            return result.draft
        }
        let result = try await EditSession(environment: workspace.environment).edit(draft)
        fetched.remind()
        return try Report.session(result)
    }

    private func bodyFromFile() throws -> String? {
        guard let path = options.bodyFile else { return nil }
        return FrontMatter.trimBody(try TextInput.read(path: path, limit: ComposeEnvironment.defaultByteLimit))
    }

    /// Non-empty blocks of a body, a blank line apart (a fence needs one before the text after it).
    static func blocks(_ parts: String...) -> String {
        parts.filter { !$0.isEmpty }.joined(separator: "\n\n")
    }
}

/// How the outcome of a save is told: the draft id on stdout (for scripts), the rest on stderr.
enum Report {
    static func created(_ draft: Draft) {
        Console.print(String(draft.id))
        Console.note("created draft \(draft.id): \(draft.content.kind.rawValue), \(draft.content.target.describe(draft.content.kind))")
    }

    static func save(_ result: SaveResult) {
        switch result {
        case let .unchanged(draft):
            Console.print(String(draft.id))
            Console.note("draft \(draft.id) is unchanged")
        case let .saved(draft, concurrent):
            Console.print(String(draft.id))
            Console.note("saved draft \(draft.id) as revision \(draft.revision)")
            if concurrent {
                Console.note("another session saved draft \(draft.id) while you were editing; both texts are revisions "
                    + "(see `missive drafts history \(draft.id)`)")
            }
        }
    }

    @discardableResult
    static func session(_ result: SessionResult) throws -> Draft? {
        let draft: Draft
        switch result.outcome {
        case .discarded:
            Console.note("the body was empty, so the new draft was discarded")
            return nil
        case let .created(new):
            Report.created(new)
            draft = new
        case let .saved(saved, concurrent):
            save(.saved(saved, concurrent: concurrent))
            draft = saved
        case let .unchanged(same):
            save(.unchanged(same))
            draft = same
        }
        if let problem = result.problem {
            throw CommandError(.dataError, "the front matter still has errors (\(problem)); the text is kept in draft "
                + "\(draft.id), flagged: fix it with `missive drafts edit \(draft.id)`")
        }
        return draft
    }
}
