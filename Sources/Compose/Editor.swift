import Common
import Foundation
import Subprocess
#if canImport(System)
import System
#else
import SystemPackage
#endif

/// Something that lets the user edit a file and reports the exit status. The session logic only
/// sees this, so tests can drive it with a script and the terminal details stay here.
public protocol Editor: Sendable {
    /// Lets the user edit `file`, with the cursor on `line` where the editor can be told (`+N`).
    func edit(_ file: URL, line: Int?) async throws -> Int32
}

extension Editor {
    public func edit(_ file: URL) async throws -> Int32 { try await edit(file, line: nil) }
}

/// The user's editor on the user's terminal, started with swift-subprocess so that it inherits
/// stdin/stdout/stderr, stays in the terminal's foreground process group, and gets an unblocked
/// signal mask (Foundation's Process gives it neither on Linux; see platform-notes).
public struct TerminalEditor: Editor {
    public var command: EditorCommand

    public init(command: EditorCommand) {
        self.command = command
    }

    public func edit(_ file: URL, line: Int?) async throws -> Int32 {
        if command.isNoOp { return 0 }
        let (program, arguments) = command.invocation(file: file.path, line: line)
        // As git does: the hint stays on its line while the editor runs (a terminal editor in the
        // same window covers it) and is erased when it closes, so rounds of a reopened buffer leave
        // no trail of hints; a dumb terminal, which cannot erase, gets a line of its own.
        let hint = isatty(STDERR_FILENO) == 1
        let dumb = ProcessInfo.processInfo.environment["TERM"].map { $0 == "dumb" } ?? true
        if hint {
            FileHandle.standardError.write(Data("Waiting for your editor to close the file...\(dumb ? "\n" : " ")".utf8))
        }
        defer { if hint && !dumb { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) } }
        let executable: Executable = program.contains("/") ? .path(FilePath(program)) : .name(program)
        let result: ExecutionResult<Void, Subprocess.FileDescriptorOutput, Subprocess.FileDescriptorOutput>
        do {
            result = try await Subprocess.run(
                executable, arguments: Arguments(arguments), environment: .inherit,
                input: .currentStandardInput, output: .currentStandardOutput, error: .currentStandardError)
        } catch {
            throw ComposeError.editorFailedToStart(editor: command.value, reason: "\(error)")
        }
        switch result.terminationStatus {
        case let .exited(code): return code
        case let .signaled(signal): return 128 + signal
        }
    }
}
