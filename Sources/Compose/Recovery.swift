import Common
import Foundation
import Store

/// What happened to one buffer left behind by a session that did not finish.
public struct RecoveryReport: Equatable, Sendable {
    public var file: String
    /// One line for the user: what was recovered where, or why the file is still there.
    public var message: String
    public var recovered: Bool
}

/// Puts buffers left by a crashed or killed session back into their drafts. Runs at the start of
/// every command that opens the store; buffers a live session still holds are left alone.
public struct Recovery: Sendable {
    public var environment: ComposeEnvironment

    public init(environment: ComposeEnvironment) {
        self.environment = environment
    }

    public func run() -> [RecoveryReport] {
        environment.buffers.leftovers().compactMap(recover)
    }

    /// The content the buffer started from: its draft's (nil when that draft no longer exists),
    /// or what the lock file recorded for a new draft.
    private func origin(of file: BufferFile) throws -> DraftContent? {
        switch file.owner {
        case .new, .template:
            return file.origin()
        case let .draft(id):
            do {
                return try environment.store.draft(id).content
            } catch StoreError.notFound {
                return nil
            }
        }
    }

    private func recover(_ file: BufferFile) -> RecoveryReport? {
        let name = file.url.lastPathComponent
        guard FileManager.default.fileExists(atPath: file.url.path) else {
            file.remove()  // its session finished while we looked
            return nil
        }
        let text: String
        do {
            text = try file.read(limit: environment.byteLimit)
        } catch {
            file.release()
            return RecoveryReport(file: file.url.path, message: "could not recover \(file.url.path): \(error); the file is left as it is", recovered: false)
        }
        // What was below the buffer's own cut line was context, never the user's text.
        let stripped = Buffer.withNotice([], over: file.cut.map { $0.removing(from: text) } ?? text)
        if FrontMatter.numberedLines(withoutMissiveComments: stripped).allSatisfy({ $0.text.allSatisfy(\.isWhitespace) }) {
            file.remove()
            return RecoveryReport(file: file.url.path,
                message: "an unfinished editor session left an empty buffer; nothing to recover", recovered: true)
        }
        var write: DraftWrite
        let origin: DraftContent?
        do {
            origin = try self.origin(of: file)
        } catch {
            file.release()
            return RecoveryReport(file: file.url.path, message: "could not recover yet: \(error)", recovered: false)
        }
        do {
            write = DraftWrite(content: try Buffer.parse(stripped, source: name, defaultProfile: environment.defaultProfile))
        } catch {
            guard let origin else {
                file.release()
                return RecoveryReport(file: file.url.path, message: "could not recover \(file.url.path): \(error); the file is left as it is", recovered: false)
            }
            write = DraftSaver.flagged(text: stripped, error: error, origin: origin)
        }
        write.note = "recovered from an editor session that did not finish"
        if case .draft = file.owner, origin == nil { file.owner = .new }  // its draft is gone: make a new one
        do {
            let result = try DraftSaver(environment: environment).save(write, from: file, basedOn: nil, kind: .draftRecover)
            let flagged = write.problem.map { " (its front matter still needs fixing: \($0))" } ?? ""
            switch result.outcome {
            case let .created(draft), let .saved(draft, _):
                return RecoveryReport(file: file.url.path,
                    message: "recovered draft \(draft.id) from an editor session that did not finish\(flagged)", recovered: true)
            case let .unchanged(draft):
                return RecoveryReport(file: file.url.path,
                    message: "draft \(draft.id): an unfinished editor session left no changes", recovered: true)
            case .discarded, .emptied:
                return RecoveryReport(file: file.url.path,
                    message: "an unfinished new draft had an empty body; nothing to recover", recovered: true)
            }
        } catch {
            return RecoveryReport(file: file.url.path, message: "could not recover yet: \(error)", recovered: false)
        }
    }
}
