import Common
import Compose
import Store

/// `drafts edit`: a draft opened in the editor (or its body replaced from a file); each save
/// that changes something is a new revision.
public struct EditDraft: Sendable {
    let context: LocalContext

    public init(_ context: LocalContext) {
        self.context = context
    }

    /// `bodyFile` replaces the body (`-` for stdin); with `noEdit` it is saved without the editor.
    public func run(_ id: Int64, bodyFile: String?, noEdit: Bool) async throws {
        let report = SaveReport(console: context.console)
        var draft = try context.store.draft(id)
        if let bodyFile {
            draft.content.body = FrontMatter.trimBody(try TextInput.read(path: bodyFile, limit: ComposeEnvironment.defaultByteLimit))
            if noEdit {
                report.save(try context.store.saveRevision(
                    of: id, DraftWrite(content: draft.content), basedOn: draft.revision, now: context.now))
                return
            }
        }
        try report.session(try await EditSession(environment: context.environment).edit(draft))
    }
}
