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
    /// The editor's exit status; non-zero still keeps the text, and the user is told.
    public var editorStatus: Int32
    /// Set when the front matter was still broken after the second try and the text was kept flagged.
    public var problem: String?
}

/// What a session needs from the outside world.
public struct ComposeEnvironment: Sendable {
    public var store: Store
    public var buffers: BufferDirectory
    public var editor: any Editor
    public var defaultProfile: String
    public var clock: @Sendable () -> Date
    /// The most a buffer may hold; more is refused with the file kept.
    public var byteLimit: Int

    public static let defaultByteLimit = 1 << 20

    public init(store: Store, buffers: BufferDirectory, editor: any Editor, defaultProfile: String,
                clock: @escaping @Sendable () -> Date = { Date() }, byteLimit: Int = defaultByteLimit) {
        self.store = store
        self.buffers = buffers
        self.editor = editor
        self.defaultProfile = defaultProfile
        self.clock = clock
        self.byteLimit = byteLimit
    }
}

/// One round in the editor: write the buffer, let the user edit it, read it back, commit it to the
/// store, and only then remove the file (product.md, rule 1). Bad front matter reopens the editor
/// once with the problems at the top; a second failure keeps the text as it is, flagged.
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
        var write: DraftWrite
        switch round.result {
        case let .parsed(content, _):
            write = DraftWrite(content: content)
        case let .broken(text, error):
            write = DraftSaver.flagged(text: text, error: error, origin: origin)
        }
        if round.status != 0 { write.note = "editor exited with status \(round.status)" }
        var result = try DraftSaver(environment: environment).save(write, from: file, basedOn: basedOn, kind: "draft.edit")
        result.editorStatus = round.status
        return result
    }
}

/// Puts a buffer's text into the store and then removes the file; if the store refuses, the
/// file stays for the next run and the error says where it is.
struct DraftSaver {
    var environment: ComposeEnvironment

    func save(_ write: DraftWrite, from file: BufferFile, basedOn: Int?, kind: String) throws -> SessionResult {
        let store = environment.store
        let now = environment.clock()
        let outcome: SessionResult.Outcome
        do {
            switch file.owner {
            case .new, .template:
                if write.raw == nil, write.content.body.isEmpty {
                    outcome = .discarded
                } else {
                    outcome = .created(try store.createDraft(write, now: now))
                }
            case let .draft(id):
                switch try store.saveRevision(of: id, write, basedOn: basedOn, now: now, kind: kind) {
                case let .unchanged(draft): outcome = .unchanged(draft)
                case let .saved(draft, concurrent): outcome = .saved(draft, concurrent: concurrent)
                }
            }
        } catch {
            file.release()
            let status = (error as? any MissiveError)?.status ?? .ioError
            throw ComposeError.kept(file: file.url.path, reason: String(describing: error), status: status)
        }
        file.remove()
        return SessionResult(outcome: outcome, editorStatus: 0, problem: write.problem)
    }

    /// The text kept although its front matter is broken: the fields stay as they were,
    /// the body is the best guess, and the raw text is kept whole to be fixed later.
    static func flagged(text: String, error: BufferError, origin: DraftContent) -> DraftWrite {
        var content = origin
        content.body = FrontMatter.bestEffortBody(text)
        let raw = Buffer.withNotice([], over: text)
        return DraftWrite(content: content, raw: raw, problem: error.problems.map(\.description).joined(separator: "; "))
    }
}

/// The lines of the notice put at the top of a buffer whose front matter has problems.
/// It is `problems.count + 3` lines long once wrapped in the comment.
func noticeLines(_ problems: [String]) -> [String] {
    ["The front matter has errors: fix them, then save and quit."]
        + problems
        + ["Quit again without fixing them and the text is kept as it is, flagged."]
}

/// The edit-read-parse loop shared by drafts and templates.
struct EditLoop {
    enum Result<T> {
        case parsed(T, text: String)
        case broken(text: String, error: BufferError)
    }

    var editor: any Editor
    var byteLimit: Int

    /// `text` (without a notice) with the problems of `error` in a notice at the top, their line
    /// numbers shifted by the notice's own length so they point at the lines the editor shows.
    static func annotated(_ text: String, _ error: BufferError) -> String {
        let problems = error.problems.map { problem in
            BufferProblem(line: problem.line.map { $0 + error.problems.count + 3 }, problem.message).description
        }
        return Buffer.withNotice(noticeLines(problems), over: text)
    }

    func run<T>(_ file: BufferFile, parse: (String) throws(BufferError) -> T) async throws -> (result: Result<T>, status: Int32) {
        let original = try? file.read(limit: byteLimit)
        var reopened = false
        while true {
            let status: Int32
            do {
                status = try await editor.edit(file.url)
            } catch {
                // Nothing was typed if the editor never started; keep the file if it changed anyway.
                if (try? file.read(limit: byteLimit)) == original { file.remove() } else { file.release() }
                throw error
            }
            let text: String
            do {
                text = try file.read(limit: byteLimit)
            } catch {
                file.release()
                let status = (error as? any MissiveError)?.status ?? .ioError
                throw ComposeError.kept(file: file.url.path, reason: String(describing: error), status: status)
            }
            // Line numbers are reported against the text without any old notice, then shifted
            // by the new notice's length so they point at the lines as the editor shows them.
            let stripped = Buffer.withNotice([], over: text)
            do {
                return (.parsed(try parse(stripped), text: stripped), status)
            } catch {
                if reopened || status != 0 { return (.broken(text: stripped, error: error), status) }
                try file.write(EditLoop.annotated(stripped, error))
                reopened = true
            }
        }
    }
}
