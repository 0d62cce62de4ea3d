/// `drafts diff` drawn as `git diff` draws a diff on a terminal: the lines above the hunks (the
/// front matter that changed, the `---`/`+++` names) bold, hunk headers cyan, removed lines red,
/// added lines green, context plain. Without colour the text is left as it is.
enum DiffPaint {
    enum Line {
        case header, hunk, removed, added, context

        var escape: String? {
            switch self {
            case .header: "\u{1B}[1m"
            case .hunk: "\u{1B}[36m"
            case .removed: "\u{1B}[31m"
            case .added: "\u{1B}[32m"
            case .context: nil
            }
        }
    }

    static func paint(_ diff: String) -> String {
        var inHunks = false
        return diff.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let kind = kind(of: line, inHunks: &inHunks)
            guard let escape = kind.escape, !line.isEmpty else { return String(line) }
            return escape + line + "\u{1B}[0m"
        }.joined(separator: "\n")
    }

    /// Which line this is. Until the first `@@` everything is header (a body line `--- x` inside
    /// a hunk is a removed line, so position, not the prefix, decides).
    static func kind(of line: Substring, inHunks: inout Bool) -> Line {
        if line.hasPrefix("@@ ") {
            inHunks = true
            return .hunk
        }
        guard inHunks else { return .header }
        switch line.first {
        case "-": return .removed
        case "+": return .added
        default: return .context
        }
    }
}
