import Foundation
import Testing

/// An editor script for the compose commands: it copies the buffer it was given to `seen`, notes
/// when it started in `started` (seconds since 1970), puts `body` on the body's first line and
/// `below` at the very end of the buffer (under the cut line, among the context), then exits
/// with `status`.
struct ScriptedEditor {
    let path: String
    let seen: URL
    let started: URL

    init(in directory: URL, body: String? = nil, below: String? = nil, status: Int32 = 0) throws {
        let name = "editor-\(UUID().uuidString.prefix(8))"
        seen = directory.appendingPathComponent(name + ".seen.md")
        started = directory.appendingPathComponent(name + ".started")
        let url = directory.appendingPathComponent(name + ".sh")
        path = url.path
        try """
            #!/bin/sh
            date +%s.%N > '\(started.path)'
            cp "$1" '\(seen.path)'
            python3 - "$1" <<'PY'
            import sys
            path = sys.argv[1]
            lines = open(path, encoding="utf-8").read().split("\\n")
            body, below = \(pythonLiteral(body ?? "")), \(pythonLiteral(below ?? ""))
            if body:
                closing = [i for i, l in enumerate(lines) if l == "---"][1]
                lines.insert(closing + 1, body)
            if below:
                lines.append(below)
            open(path, "w", encoding="utf-8").write("\\n".join(lines))
            PY
            exit \(status)
            """.write(to: url, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    }

    /// Whether the editor was started at all.
    var ran: Bool { FileManager.default.fileExists(atPath: started.path) }

    /// The buffer as the editor was given it.
    func buffer() throws -> String {
        try String(contentsOf: seen, encoding: .utf8)
    }

    /// When the editor started, in seconds since 1970.
    func startTime() throws -> Double {
        try #require(Double(try String(contentsOf: started, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
    }
}

/// A buffer as the editor was given it, cut in its parts.
struct ShownBuffer {
    let text: String

    var lines: [String] { text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }

    /// The cut line's index in `lines`, when there is one.
    var cutIndex: Int? {
        lines.firstIndex { $0.range(of: #"^-{24} >8 -{24} [0-9a-f]{12}$"#, options: .regularExpression) != nil }
    }

    /// Everything below the cut line; empty without one.
    var context: String {
        guard let cutIndex else { return "" }
        return lines[(cutIndex + 1)...].joined(separator: "\n")
    }

    /// Everything above the cut line (the whole buffer without one).
    var aboveCut: String {
        guard let cutIndex else { return text }
        return lines[..<cutIndex].joined(separator: "\n")
    }

    /// The ids of the posts shown below the cut line, in order (`─── author · date · post N`).
    var postIDs: [Int] {
        lines.compactMap { line in
            guard line.hasPrefix("─── "), let range = line.range(of: #"(post|private message) \d+$"#, options: .regularExpression)
            else { return nil }
            return Int(line[range].split(separator: " ").last ?? "")
        }
    }

    /// The Missive comment at the very top (the notices), empty when there is none.
    var topComment: String {
        guard lines.first?.hasPrefix("<!-- Missive:") == true, let end = lines.firstIndex(where: { $0.contains("-->") })
        else { return "" }
        return lines[...end].joined(separator: "\n")
    }
}

extension OutboxWorld {
    /// `missive ARGS` with `editor` as EDITOR.
    func run(_ arguments: [String], editor: String) async throws -> CommandResult {
        let environment = environment.merging(["EDITOR": editor]) { _, new in new }
        return try await offThePool { try runMissive(arguments, environment: environment) }
    }

    /// `drafts list --json`, deleted ones too.
    func allDrafts() async throws -> [[String: Any]] {
        let result = try await run(["drafts", "list", "--json", "--all"])
        #expect(result.status == 0, "\(result.errorOutput)")
        return (try JSONSerialization.jsonObject(with: result.stdout) as? [[String: Any]]) ?? []
    }

    /// The texts of the forum's posts in `thread`, in id order.
    func posts(in thread: Int) async throws -> [String] {
        let posts = (try await forum()["posts"] as? [[String: Any]]) ?? []
        return posts.filter { ($0["threadId"] as? Int ?? $0["thread"] as? Int) == thread }
            .sorted { ($0["id"] as? Int ?? 0) < ($1["id"] as? Int ?? 0) }
            .compactMap { $0["text"] as? String }
    }
}
