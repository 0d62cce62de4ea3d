import Common
import Compose
import Store

/// `drafts edit`: a draft opened in the editor (or its body replaced from a file); each save
/// that changes something is a new revision.
public struct EditDraft: Sendable {
    let environment: ComposeEnvironment
    let console: any ConsoleOutput

    public init(environment: ComposeEnvironment, console: any ConsoleOutput) {
        self.environment = environment
        self.console = console
    }

    /// `bodyFile` replaces the body (`-` for stdin); with `noEdit` it is saved without the editor.
    public func run(_ id: Int64, bodyFile: String?, noEdit: Bool) async throws {
        let report = SaveReport(console: console)
        var draft = try environment.store.draft(id)
        if let bodyFile {
            draft.content.body = FrontMatter.trimBody(try TextInput.read(path: bodyFile, limit: ComposeEnvironment.defaultByteLimit))
            if noEdit {
                report.save(try environment.store.saveRevision(
                    of: id, DraftWrite(content: draft.content), basedOn: draft.revision, now: environment.clock()))
                return
            }
        }
        try report.session(try await EditSession(environment: environment).edit(draft))
    }
}
