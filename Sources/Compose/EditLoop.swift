import Common
import Foundation

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

    func run<T>(_ file: BufferFile, parse: (String) throws(BufferError) -> T) async throws -> Result<T> {
        let original = try? file.read(limit: byteLimit)
        /// The text and problems of the round before a reopen: what the editor last saved.
        var previous: (text: String, error: BufferError)?
        while true {
            let status: Int32
            do {
                status = try await editor.edit(file.url)
            } catch {
                // Nothing was typed if the editor never started; keep the file if it changed anyway.
                if (try? file.read(limit: byteLimit)) == original { file.remove() } else { file.release() }
                throw error
            }
            if status != 0 { throw abandon(file, status: status, untouched: previous == nil ? original : nil) }
            let text: String
            do {
                text = try file.read(limit: byteLimit)
            } catch {
                if !FileManager.default.fileExists(atPath: file.url.path) {
                    // Pointing at a file that is gone would mislead: say what happened, and keep
                    // what the editor saved before (a reopened round's first text) or nothing new.
                    file.remove()
                    guard let previous else { throw ComposeError.bufferRemoved(file: file.url.path, kept: file.owner.keptWhenRemoved) }
                    var error = previous.error
                    error.problems.append(BufferProblem(line: nil, "the editor removed the buffer when it was reopened; this is the text it saved before"))
                    return .broken(text: previous.text, error: error)
                }
                file.release()
                let status = (error as? any MissiveError)?.status ?? .ioError
                throw ComposeError.kept(file: file.url.path, reason: String(describing: error), status: status)
            }
            // Line numbers are reported against the text without any old notice, then shifted
            // by the new notice's length so they point at the lines as the editor shows them.
            let stripped = Buffer.withNotice([], over: text)
            do {
                return .parsed(try parse(stripped), text: stripped)
            } catch {
                if previous != nil { return .broken(text: stripped, error: error) }
                try file.write(EditLoop.annotated(stripped, error))
                previous = (stripped, error)
            }
        }
    }

    /// A non-zero exit is the user's "abort" (vim's `:cq`), as in git: nothing is saved. The
    /// buffer stays, unlocked, for the next run's recovery, unless it still holds just what
    /// Missive wrote (`untouched`, nil after a reopen, whose file holds the first round's text).
    private func abandon(_ file: BufferFile, status: Int32, untouched: String?) -> ComposeError {
        let exists = FileManager.default.fileExists(atPath: file.url.path)
        if !exists || (untouched != nil && (try? file.read(limit: byteLimit)) == untouched) {
            file.remove()
            return .editorExited(status: status, file: nil, after: exists ? "the text was not changed; \(file.owner.keptWhenRemoved)" : file.owner.keptWhenRemoved)
        }
        file.release()
        return .editorExited(status: status, file: file.url.path, after: file.owner.afterKept)
    }
}
