import Common

/// Which editor to start and how, after git's editor.c: `MISSIVE_EDITOR`, then the config's
/// `editor`, then `VISUAL` (unless the terminal is dumb), then `EDITOR`, then `vi`.
public struct EditorCommand: Equatable, Sendable {
    /// The value as the user wrote it.
    public var value: String
    /// Where it came from, for messages: "MISSIVE_EDITOR", "config", "VISUAL", "EDITOR", "default".
    public var source: String

    public init(value: String, source: String) {
        self.value = value
        self.source = source
    }

    /// Characters that make a value a shell command rather than a program name (git's list).
    static let shellCharacters = Set("|&;<>()$`\\\"' \t\n*?[#~=%")

    /// Picks the editor. Empty values count as unset.
    public static func resolve(environment: [String: String], configured: String?) throws(ComposeError) -> EditorCommand {
        func value(_ name: String) -> String? {
            guard let value = environment[name], !value.isEmpty else { return nil }
            return value
        }
        let term = environment["TERM"] ?? ""
        let dumb = term.isEmpty || term == "dumb"
        if let editor = value("MISSIVE_EDITOR") { return EditorCommand(value: editor, source: "MISSIVE_EDITOR") }
        if let editor = configured, !editor.isEmpty { return EditorCommand(value: editor, source: "config") }
        if !dumb, let editor = value("VISUAL") { return EditorCommand(value: editor, source: "VISUAL") }
        if let editor = value("EDITOR") { return EditorCommand(value: editor, source: "EDITOR") }
        if dumb { throw .noEditor }
        return EditorCommand(value: "vi", source: "default")
    }

    /// `:` means "do not edit", as in git: the buffer is read back as it was written.
    public var isNoOp: Bool { value == ":" }

    /// The program and its arguments. A value with spaces or shell characters goes through
    /// `sh -c '<editor> "$@"' <editor> <file>`, so quoting and arguments work as in a shell and the
    /// file name is never re-parsed.
    public func invocation(file: String) -> (program: String, arguments: [String]) {
        if value.contains(where: EditorCommand.shellCharacters.contains) {
            return ("/bin/sh", ["-c", "\(value) \"$@\"", value, file])
        }
        return (value, [file])
    }
}
