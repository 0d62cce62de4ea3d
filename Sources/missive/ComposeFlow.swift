import Common
import Compose
import Foundation
import Store

/// What reply, pm, thread, edit-post and new have in common: reopen the open draft for the
/// target (unless --new or a template), or build new content (from a template, a body file),
/// then save it directly (--no-edit) or through the editor, and report the draft id.
struct ComposeFlow {
    let workspace: Workspace
    let options: ComposeOptions

    /// `base` is what the command line says (kind, target, subject); `fixed` are the same
    /// fields as front matter values, which win over a template's.
    func run(base: DraftContent?, fixed: [Buffer.Key: String]) async throws {
        let profile = try workspace.profile(options.profile ?? fixed[.profile])
        var fixed = fixed
        if options.profile != nil { fixed[.profile] = profile }
        if let format = options.format { fixed[.format] = format.rawValue }

        if var base, options.template == nil {
            base.profile = profile
            if let format = options.format { base.format = format }
            if !options.forceNew, let existing = try workspace.store.openDraft(for: base) {
                Console.note("draft \(existing.id) for \(existing.content.target.describe(existing.content.kind)) is open: "
                    + "continuing it (--new starts another)")
                try await continueDraft(existing)
                return
            }
            try await start(base)
            return
        }
        guard let name = options.template else {
            throw CommandError(.usage, "give a template with --template NAME (see `missive templates list`)")
        }
        let request = TemplateRequest(name: name, kind: base?.kind, fixed: fixed, variables: try options.parsedVariables())
        var content = try TemplateInstance.make(
            request, templates: try workspace.store.templates(), now: workspace.now,
            defaultProfile: profile)
        if let format = options.format { content.format = format }
        try await start(content)
    }

    private func start(_ content: DraftContent) async throws {
        var content = content
        if let body = try bodyFromFile() { content.body = body }
        if options.noEdit {
            guard !content.body.isEmpty else {
                throw CommandError(.dataError, "the body is empty, so there is no draft to save")
            }
            let draft = try workspace.store.createDraft(DraftWrite(content: content), now: workspace.now)
            Report.created(draft)
            return
        }
        try Report.session(try await EditSession(environment: workspace.environment).compose(content))
    }

    private func continueDraft(_ draft: Draft) async throws {
        var draft = draft
        if let body = try bodyFromFile() {
            draft.content.body = body
            if options.noEdit {
                let result = try workspace.store.saveRevision(of: draft.id, DraftWrite(content: draft.content), now: workspace.now)
                Report.save(result)
                return
            }
        }
        try Report.session(try await EditSession(environment: workspace.environment).edit(draft))
    }

    private func bodyFromFile() throws -> String? {
        guard let path = options.bodyFile else { return nil }
        return FrontMatter.trimBody(try TextInput.read(path: path, limit: ComposeEnvironment.defaultByteLimit))
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

    static func session(_ result: SessionResult) throws {
        if result.editorStatus != 0 {
            Console.note("your editor exited with status \(result.editorStatus); the text was kept anyway")
        }
        let draft: Draft
        switch result.outcome {
        case .discarded:
            Console.note("the body was empty, so the new draft was discarded")
            return
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
    }
}
