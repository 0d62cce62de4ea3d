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
        /// An existing draft's buffer was emptied, front matter and all: nothing was stored.
        case emptied(Draft)
    }

    public var outcome: Outcome
    /// Set when the front matter was still broken after the second try and the text was kept flagged.
    public var problem: String?
}

/// What a session shows besides the draft: notices made before the editor opened (which a
/// full-screen editor would hide), what the user is answering (below a cut line), and what runs
/// beside the editor (the live preview).
public struct SessionExtras: Sendable {
    public var notices: [String]
    public var context: BufferContext?
    public var companion: (any EditorCompanion)?
    /// Says the companion's lines (the live preview's address) before the editor opens.
    public var announce: @Sendable (String) -> Void

    public init(notices: [String] = [], context: BufferContext? = nil, companion: (any EditorCompanion)? = nil,
                announce: @escaping @Sendable (String) -> Void = { _ in }) {
        self.notices = notices
        self.context = context
        self.companion = companion
        self.announce = announce
    }

    public static let none = SessionExtras()
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
    public func compose(_ content: DraftContent, extras: SessionExtras = .none) async throws -> SessionResult {
        try await run(owner: .new, text: Buffer.render(content), origin: content, basedOn: nil, extras: extras)
    }

    /// Opens the editor on an existing draft (its raw text and problem, if it was left flagged).
    public func edit(_ draft: Draft, extras: SessionExtras = .none) async throws -> SessionResult {
        var text = Buffer.render(draft.content)
        if let raw = draft.raw {
            do {
                _ = try Buffer.parse(raw, source: "draft \(draft.id)", defaultProfile: environment.defaultProfile)
                text = raw
            } catch {
                text = EditLoop.annotated(raw, error)
            }
        }
        return try await run(owner: .draft(draft.id), text: text, origin: draft.content, basedOn: draft.revision,
                             extras: extras)
    }

    private func run(owner: BufferOwner, text: String, origin: DraftContent, basedOn: Int?,
                     extras: SessionExtras) async throws -> SessionResult {
        let cut = extras.context.map { _ in CutLine.fresh() }
        func buffer(_ notices: [String]) -> String {
            Buffer.appending(extras.context, cut: cut, to: notices.isEmpty ? text : Buffer.withNotice(notices, over: text))
        }
        let file = try environment.buffers.create(for: owner, text: buffer(extras.notices), origin: origin, cut: cut)
        var companionStarted = false
        do {
            if let companion = extras.companion {
                let lines = try await companion.start(file: file.url, cut: cut)
                companionStarted = true
                lines.forEach(extras.announce)
                if !lines.isEmpty { try file.write(buffer(extras.notices + lines)) }
            }
            let round = try await EditLoop(editor: environment.editor, byteLimit: environment.byteLimit, cut: cut).run(file) {
                (text: String) throws(BufferError) -> DraftContent in
                try Buffer.parse(text, source: file.url.lastPathComponent, defaultProfile: environment.defaultProfile)
            }
            if companionStarted { await extras.companion?.stop() }
            companionStarted = false
            let write: DraftWrite
            switch round {
            case let .parsed(content, _):
                write = DraftWrite(content: content)
            case let .broken(text, error):
                write = DraftSaver.flagged(text: text, error: error, origin: origin)
            case .emptied:
                file.remove()
                if case let .draft(id) = owner { return SessionResult(outcome: .emptied(try environment.store.draft(id))) }
                return SessionResult(outcome: .discarded)
            }
            return try DraftSaver(environment: environment).save(write, from: file, basedOn: basedOn, kind: .draftEdit)
        } catch {
            if companionStarted { await extras.companion?.stop() }
            throw error
        }
    }
}
