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

    public var status: ExitStatus {
        switch self {
        case .noEditor: .config
        case .editorFailedToStart: .config
        case let .kept(_, _, status): status
        case .template: .dataError
        case .bufferDirectory: .cantCreate
        case .bufferRemoved: .noInput
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
        }
    }
}
