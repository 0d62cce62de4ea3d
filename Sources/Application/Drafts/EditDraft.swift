import Common
import Compose
import Foundation
import Store

/// `drafts edit`: a draft opened in the editor (or its body replaced from a file); each save
/// that changes something is a new revision.
public struct EditDraft: Sendable {
    let context: LocalContext
    /// For what the draft answers, shown below the cut line as a new draft shows it (nil: nothing
    /// asked, as `--offline` and the tests without a forum want).
    let forum: (config: Config, forums: any ForumConnector)?

    public init(_ context: LocalContext, config: Config? = nil, forums: (any ForumConnector)? = nil) {
        self.context = context
        forum = config.flatMap { config in forums.map { (config, $0) } }
    }

    /// `bodyFile` replaces the body (`-` for stdin); with `noEdit` it is saved without the editor.
    public func run(_ id: Int64, bodyFile: String?, noEdit: Bool) async throws {
        let store = context.store
        let report = SaveReport(console: context.console, waitingItem: { try? store.waitingItem(ofDraft: $0) })
        var draft = try context.store.draft(id)
        if let bodyFile {
            draft.content.body = FrontMatter.trimBody(try TextInput.read(path: bodyFile, limit: ComposeEnvironment.defaultByteLimit))
            if noEdit {
                report.save(try context.store.saveRevision(
                    of: id, DraftWrite(content: draft.content), basedOn: draft.revision, now: context.now))
                return
            }
        }
        try report.session(try await EditSession(environment: context.environment).edit(draft, extras: try await extras(for: draft)))
    }

    /// The thread's latest posts (or the PM, or the post) below the cut line, as when the draft was
    /// started. A refusal now (the thread closed since) is a notice, not an end: the draft is
    /// still the user's to change or retarget.
    private func extras(for draft: Draft) async throws -> SessionExtras {
        // A flagged draft's front matter is what needs fixing first; its target may be the mistake.
        guard draft.raw == nil, let forum, let profile = try? forum.config.profile(named: draft.content.profile) else { return .none }
        let check = ComposeCheck(profile: profile, forums: forum.forums, latest: profile.contextPosts ?? Profile.defaultContextPosts)
        let result = try await check.run(draft.content, existing: draft, refusalIsNotice: true)
        return SessionExtras(notices: result.notices, context: result.context)
    }
}
