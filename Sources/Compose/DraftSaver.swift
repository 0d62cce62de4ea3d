import Common
import Foundation
import Store

/// Puts a buffer's text into the store and then removes the file; if the store refuses, the
/// file stays for the next run and the error says where it is.
struct DraftSaver {
    var environment: ComposeEnvironment

    func save(_ write: DraftWrite, from file: BufferFile, basedOn: Int?, kind: HistoryKind) throws -> SessionResult {
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
        return SessionResult(outcome: outcome, problem: write.problem)
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
