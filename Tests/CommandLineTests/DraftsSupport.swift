import Foundation
import TestSupport
import Testing

/// A MISSIVE_HOME in a temp dir plus editor scripts, for running the built binary as a user would.
struct MissiveHome {
    let root: URL

    init() throws {
        root = try makeTemporaryDirectory("missive-drafts")
    }

    var store: String { root.appendingPathComponent("data/missive.sqlite").path }
    var buffers: URL { root.appendingPathComponent("state/buffers", isDirectory: true) }

    /// The environment for a run: this home, and `editor` as EDITOR when given.
    func environment(editor: String? = nil) -> [String: String] {
        var environment = ["MISSIVE_HOME": root.path]
        if let editor { environment["EDITOR"] = editor }
        return environment
    }

    func run(_ arguments: [String], editor: String? = nil, stdin: Data = Data()) throws -> CommandResult {
        try runMissive(arguments, stdin: stdin, environment: environment(editor: editor))
    }

    /// Writes an executable shell script and returns its path. `$1` is the buffer file.
    func script(_ name: String, _ body: String) throws -> String {
        let url = root.appendingPathComponent(name)
        try ("#!/bin/sh\n" + body + "\n").write(to: url, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        return url.path
    }

    /// A file holding `data`, for --body-file.
    func file(_ name: String, _ data: Data) throws -> String {
        let url = root.appendingPathComponent(name)
        try data.write(to: url)
        return url.path
    }

    /// An editor script that puts `text` as the body's first line.
    func bodyEditor(_ text: String, name: String = "editor.sh", extra: String = "") throws -> String {
        try script(name, """
            python3 - "$1" <<'PY'
            import sys
            path = sys.argv[1]
            lines = open(path, encoding="utf-8").read().split("\\n")
            closing = [i for i, l in enumerate(lines) if l == "---"][1]
            lines.insert(closing + 1, \(pythonLiteral(text)))
            open(path, "w", encoding="utf-8").write("\\n".join(lines))
            PY
            \(extra)
            """)
    }

    /// The drafts as `drafts list --json` reports them.
    func drafts(all: Bool = false) throws -> [[String: Any]] {
        let result = try run(["drafts", "list", "--json"] + (all ? ["--all"] : []))
        #expect(result.status == 0, "\(result.errorOutput)")
        return (try JSONSerialization.jsonObject(with: result.stdout) as? [[String: Any]]) ?? []
    }

    func show(_ id: Int) throws -> [String: Any] {
        let result = try run(["drafts", "show", String(id), "--json"])
        #expect(result.status == 0, "\(result.errorOutput)")
        return (try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any]) ?? [:]
    }

    func remove() {
        try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: store)
        try? FileManager.default.removeItem(at: root)
    }
}

func pythonLiteral(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        .replacingOccurrences(of: "\n", with: "\\n") + "\""
}

/// A program started in the background (missive with an editor open, a process holding a lock).
/// These children are stopped with SIGKILL by pid.
final class Background {
    let process = ChildProcess()
    let output = Pipe()

    init(_ executable: String, _ arguments: [String], environment: [String: String]) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = childEnvironment(environment)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = output
        try process.run()
    }

    func kill() {
        if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    func wait() -> Int32 {
        process.waitUntilExit()
        return process.terminationStatus
    }

    var text: String { String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }
}

/// Polls until `condition` holds, for at most `seconds`.
func waitUntil(seconds: Double = 20, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        usleep(20_000)
    }
    return condition()
}

func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }
