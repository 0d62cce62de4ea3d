import Common
import Foundation
import Store

/// How one editing session ended, for the command line to report.
public struct SessionResult: Equatable, Sendable {
    public enum Outcome: Equatable, Sendable {
        case created(Draft)
        case saved(Draft, concurrent: Bool)
        case unchanged(Draft)
        /// A new draft whose body was left empty: nothing was stored.
        case discarded
    }

    public var outcome: Outcome
    /// Set when the front matter was still broken after the second try and the text was kept flagged.
    public var problem: String?
}

/// One round in the editor: write the buffer, let the user edit it, read it back, commit it to the
/// store, and only then remove the file (product.md, rule 1). Bad front matter reopens the editor
/// once with the problems at the top; a second failure keeps the text as it is, flagged. An editor
/// that exits non-zero saves nothing (`ComposeError.editorExited`).
public struct EditSession: Sendable {
    public var environment: ComposeEnvironment

    public init(environment: ComposeEnvironment) {
        self.environment = environment
    }

    /// Opens the editor on a draft that does not exist yet; it is stored only when saved with a body.
    public func compose(_ content: DraftContent) async throws -> SessionResult {
        try await run(owner: .new, text: Buffer.render(content), origin: content, basedOn: nil)
    }

    /// Opens the editor on an existing draft (its raw text and problem, if it was left flagged).
    public func edit(_ draft: Draft) async throws -> SessionResult {
        var text = Buffer.render(draft.content)
        if let raw = draft.raw {
            do {
                _ = try Buffer.parse(raw, source: "draft \(draft.id)", defaultProfile: environment.defaultProfile)
                text = raw
            } catch {
                text = EditLoop.annotated(raw, error)
            }
        }
        return try await run(owner: .draft(draft.id), text: text, origin: draft.content, basedOn: draft.revision)
    }

    private func run(owner: BufferOwner, text: String, origin: DraftContent, basedOn: Int?) async throws -> SessionResult {
        let file = try environment.buffers.create(for: owner, text: text, origin: origin)
        let round = try await EditLoop(editor: environment.editor, byteLimit: environment.byteLimit).run(file) { (text: String) throws(BufferError) -> DraftContent in
            try Buffer.parse(text, source: file.url.lastPathComponent, defaultProfile: environment.defaultProfile)
        }
        let write: DraftWrite
        switch round {
        case let .parsed(content, _):
            write = DraftWrite(content: content)
        case let .broken(text, error):
            write = DraftSaver.flagged(text: text, error: error, origin: origin)
        }
        return try DraftSaver(environment: environment).save(write, from: file, basedOn: basedOn, kind: .draftEdit)
    }
}
