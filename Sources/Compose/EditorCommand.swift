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
    public func invocation(file: String, line: Int? = nil) -> (program: String, arguments: [String]) {
        let files = (line.flatMap(cursorArgument).map { [$0] } ?? []) + [file]
        if value.contains(where: EditorCommand.shellCharacters.contains) {
            return ("/bin/sh", ["-c", "\(value) \"$@\"", value] + files)
        }
        return (value, files)
    }

    /// Editors known to read `+N` before a file as "open on line N". Others get no argument:
    /// an editor that took `+5` for a file name would open an empty buffer named `+5`.
    static let lineArgumentEditors: Set<String> = [
        "vi", "vim", "nvim", "gvim", "view", "vim.basic", "vim.tiny", "nano", "rnano", "emacs", "emacsclient",
        "micro", "kak", "kakoune", "hx", "helix",
    ]

    /// `+N` when the program (the first word of the value, without its directory) is known.
    func cursorArgument(_ line: Int) -> String? {
        guard line > 0, let program = programName, Self.lineArgumentEditors.contains(program) else { return nil }
        return "+\(line)"
    }

    /// The program's base name, as far as it can be told from the value without a shell.
    var programName: String? {
        guard let first = value.split(whereSeparator: { $0 == " " || $0 == "\t" }).first else { return nil }
        // `env VAR=x vim`, quoting and the like are a shell's business: no guess.
        guard !first.contains(where: { "\"'$`=".contains($0) }) else { return nil }
        return first.split(separator: "/").last.map(String.init)
    }
}
