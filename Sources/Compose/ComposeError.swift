import Common

/// Compose's own failures; store and input errors pass through with their statuses.
public enum ComposeError: MissiveError, Equatable {
    /// TERM is dumb and no editor variable is set, so there is no safe default (git does the same).
    case noEditor
    case editorFailedToStart(editor: String, reason: String)
    /// The buffer could not be saved; the file stays where it is for the next run to recover.
    case kept(file: String, reason: String, status: ExitStatus)
    case template(String)
    case bufferDirectory(path: String, reason: String)
    /// The editor deleted the buffer before Missive read it back; `kept` says what stays as it was.
    case bufferRemoved(file: String, kept: String)
    /// The editor exited non-zero (`:cq` in vim): like git, the session is called off and nothing
    /// is saved. `file` is the buffer kept for recovery (nil when nothing new was in it);
    /// `after` says what happens to it, or what stays as it was when it is gone.
    case editorExited(status: Int32, file: String?, after: String)
    /// The buffer cannot be stored as it is (a NUL byte, too large): it is set aside under
    /// `file`, never recovered on its own; `readBack` says how to bring it in once fixed.
    case setAside(file: String, reason: String, readBack: String)

    public var status: ExitStatus {
        switch self {
        case .noEditor: .config
        case .editorFailedToStart: .config
        case let .kept(_, _, status): status
        case .template: .dataError
        case .bufferDirectory: .cantCreate
        case .bufferRemoved: .noInput
        // 1, as git's own aborted edit: no other failure of an editing command uses it (a
        // `--send` item that fails does, but no send starts after an abort).
        case .editorExited: .failure
        case .setAside: .dataError
        }
    }

    public var description: String {
        switch self {
        case .noEditor:
            "the terminal is dumb and no editor is set: set MISSIVE_EDITOR or EDITOR, or use --body-file with --no-edit"
        case let .editorFailedToStart(editor, reason):
            "cannot start the editor `\(editor)`: \(reason); set MISSIVE_EDITOR or EDITOR"
        case let .kept(file, reason, _):
            "\(reason); your text is kept in \(file) and will be recovered by the next missive command"
        case let .template(message):
            message
        case let .bufferDirectory(path, reason):
            "cannot prepare the editor buffer in \(path): \(reason)"
        case let .bufferRemoved(file, kept):
            "the editor removed \(file) before Missive could read it back, so nothing from this session was saved; \(kept)"
        case let .editorExited(status, file?, after):
            "editor exited with status \(status): nothing saved (your text is in \(file)\(after))"
        case let .editorExited(status, nil, after):
            "editor exited with status \(status): nothing saved (\(after))"
        case let .setAside(file, reason, readBack):
            "\(reason): nothing was saved; your text is kept in \(file): fix it there, then \(readBack)"
        }
    }
}
