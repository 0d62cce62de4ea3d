import Common
import Foundation

/// The lines of the notice put at the top of a buffer whose front matter has problems.
func noticeLines(_ problems: [String]) -> [String] {
    ["The front matter has errors: fix them, then save and quit."]
        + problems
        + ["Quit again without changing anything and the text is kept as it is, flagged."]
}

/// The edit-read-parse loop shared by drafts and templates: git's `launch_editor` and the
/// reading back, with Missive's rules for what a round may end in.
struct EditLoop {
    enum Result<T> {
        case parsed(T, text: String)
        case broken(text: String, error: BufferError)
        /// The user deleted everything (front matter too): "never mind", as the buffer's note says.
        case emptied
    }

    var editor: any Editor
    var byteLimit: Int
    /// The buffer's own cut line: the context below it is removed before anything is read.
    var cut: CutLine?

    /// `text` (without a notice) with the problems of `error` in a notice at the top, their line
    /// numbers shifted by the notice's own length so they point at the lines the editor shows.
    static func annotated(_ text: String, _ error: BufferError) -> String {
        // The notice is one line per problem plus three (its first line, the last, and `-->`).
        let shift = error.problems.count + 3
        let problems = error.problems.map { problem in
            BufferProblem(line: problem.line.map { $0 + shift }, problem.message).description
        }
        return Buffer.withNotice(noticeLines(problems), over: text)
    }

    func run<T>(_ file: BufferFile, parse: (String) throws(BufferError) -> T) async throws -> Result<T> {
        let original = try? Data(contentsOf: file.url)
        // What follows the cut line stays in the buffer when the editor is reopened.
        let context = original.flatMap { String(data: $0, encoding: .utf8) }.map(contextSection) ?? ""
        /// The text and problems of the round before a reopen: what the editor last saved.
        var previous: (text: String, error: BufferError)?
        var reopenedForBytes = false
        while true {
            let status: Int32
            do {
                status = try await editor.edit(file.url, line: Self.bodyLine(of: file))
            } catch {
                // Nothing was typed if the editor never started; keep the file if it changed anyway.
                if (try? Data(contentsOf: file.url)) == original { file.remove() } else { file.release() }
                throw error
            }
            if status != 0 { throw abandon(file, status: status, untouched: previous == nil ? original : nil) }
            guard let data = try? Data(contentsOf: file.url) else {
                // Pointing at a file that is gone would mislead: say what happened, and keep
                // what the editor saved before (a reopened round's first text) or nothing new.
                file.remove()
                guard let previous else { throw ComposeError.bufferRemoved(file: file.url.path, kept: file.owner.keptWhenRemoved) }
                var error = previous.error
                error.problems.append(BufferProblem(line: nil, "the editor removed the buffer when it was reopened; this is the text it saved before"))
                return .broken(text: previous.text, error: error)
            }
            let text: String
            switch decode(data, file: file) {
            case let .text(decoded):
                text = decoded
            case let .notUTF8(error) where !reopenedForBytes:
                // Bytes that are not UTF-8 (an editor set to Latin-1) are the editor's to fix, as
                // `--body-file` refuses them: reopen once with the error on top, bytes untouched.
                reopenedForBytes = true
                try file.write(Data(Buffer.withNotice(Self.byteNotice(error), over: "").utf8) + Data("\n".utf8) + data)
                continue
            case let .notUTF8(error), let .unstorable(error):
                // A NUL byte or a huge buffer cannot be stored: the text stays, set aside, named.
                let kept = file.setAside()
                throw ComposeError.setAside(file: kept.path, reason: error.description, readBack: file.owner.readBack(kept.path))
            }
            // Line numbers are reported against the text without any old notice, then shifted
            // by the new notice's length so they point at the lines as the editor shows them.
            let stripped = Buffer.withNotice([], over: cut.map { $0.removing(from: text) } ?? text)
            if FrontMatter.numberedLines(withoutMissiveComments: stripped).allSatisfy({ $0.text.allSatisfy(\.isWhitespace) }) {
                return .emptied
            }
            do {
                return .parsed(try parse(stripped), text: stripped)
            } catch {
                // Reopened while each round changes something; a round that leaves the text as it
                // was is the second quit the notice speaks of, and the text is kept, flagged.
                if let previous, previous.text == stripped { return .broken(text: stripped, error: error) }
                try file.write(EditLoop.annotated(stripped, error) + context)
                previous = (stripped, error)
            }
        }
    }

    private enum Decoded {
        case text(String)
        case notUTF8(TextInputError)
        /// A NUL byte, or more than the limit.
        case unstorable(TextInputError)
    }

    private func decode(_ data: Data, file: BufferFile) -> Decoded {
        do {
            return .text(try TextInput.decode(data, source: file.url.path, limit: byteLimit))
        } catch {
            if case .invalidUTF8 = error { return .notUTF8(error) }
            return .unstorable(error)
        }
    }

    /// From the cut line to the end; empty without a cut line.
    private func contextSection(_ text: String) -> String {
        cut?.split(text).context ?? ""
    }

    private static func byteNotice(_ error: TextInputError) -> [String] {
        ["\(error.description).",
         "Missive reads buffers as UTF-8: set your editor to UTF-8 (vim: `:set fileencoding=utf-8`),",
         "fix the text, then save and quit. Nothing was saved yet."]
    }

    /// The first line of the body in the file as it is now, for the editor's cursor.
    static func bodyLine(of file: BufferFile) -> Int? {
        guard let data = try? Data(contentsOf: file.url), let text = String(data: data, encoding: .utf8) else { return nil }
        return Buffer.bodyLine(in: text)
    }

    /// A non-zero exit is the user's "abort" (vim's `:cq`), as in git: nothing is saved, and the
    /// text is never made into a draft by a later command. A buffer that still holds just what
    /// Missive wrote (`untouched`, nil after a reopen) is removed; any other is set aside for the
    /// user, and the message names it.
    private func abandon(_ file: BufferFile, status: Int32, untouched: Data?) -> ComposeError {
        let exists = FileManager.default.fileExists(atPath: file.url.path)
        if !exists || (untouched != nil && (try? Data(contentsOf: file.url)) == untouched) {
            file.remove()
            return .editorExited(status: status, file: nil, after: exists ? "the text was not changed; \(file.owner.keptWhenRemoved)" : file.owner.keptWhenRemoved)
        }
        let kept = file.setAside()
        return .editorExited(status: status, file: kept.path, after: file.owner.afterSetAside(kept.path))
    }
}
