import Common
import Foundation
import Store

/// Edits a template in the editor and stores it (one command in the history) before the buffer
/// is removed. Bad front matter reopens the editor once; after that the file is kept and named.
public struct TemplateSession: Sendable {
    public var environment: ComposeEnvironment

    public init(environment: ComposeEnvironment) {
        self.environment = environment
    }

    /// Returns the stored template, or nil when nothing changed. `existing` is the name being
    /// edited (nil for a new one); renaming it in the buffer moves it.
    public func edit(_ template: Template, existing: String?) async throws -> Template? {
        let file = try environment.buffers.create(
            for: .template, text: TemplateBuffer.render(template),
            origin: DraftContent(kind: .reply, target: DraftTarget(), profile: environment.defaultProfile))
        let round = try await EditLoop(editor: environment.editor, byteLimit: environment.byteLimit).run(file) {
            (text: String) throws(BufferError) -> Template in
            try TemplateBuffer.parse(text, source: file.url.lastPathComponent)
        }
        let edited: Template
        switch round {
        case let .parsed(template, _):
            edited = template
        case .emptied:
            file.remove()
            return nil
        case let .broken(_, error):
            file.release()
            throw ComposeError.kept(file: file.url.path, reason: error.description, status: .dataError)
        }
        var changes: [(name: String, template: Template?)] = [(edited.name, edited)]
        if let existing, existing != edited.name { changes.insert((existing, nil), at: 0) }
        let kind: HistoryKind = existing == nil ? .templateNew : .templateEdit
        do {
            let transitions = try environment.store.changeTemplates(
                changes, kind: kind, summary: "\(kind.verb) template \(edited.name)", now: environment.clock())
            file.remove()
            return transitions.isEmpty ? nil : edited
        } catch {
            file.release()
            let status = (error as? any MissiveError)?.status ?? .ioError
            throw ComposeError.kept(file: file.url.path, reason: String(describing: error), status: status)
        }
    }
}
