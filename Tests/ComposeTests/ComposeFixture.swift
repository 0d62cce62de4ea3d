import Common
import Foundation
import Store
@testable import Compose

/// A store, a state directory and an editor script in a fresh temp directory.
struct ComposeFixture {
    let root: URL
    let paths: MissivePaths
    let store: Store

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("missive-compose-\(UUID().uuidString)")
        paths = MissivePaths.resolve(environment: ["MISSIVE_HOME": root.path])
        store = try Store.open(paths: paths)
    }

    /// An environment whose editor is `script` (a shell script body; `$1` is the buffer file).
    func environment(editor script: String, byteLimit: Int = ComposeEnvironment.defaultByteLimit) throws -> ComposeEnvironment {
        let file = root.appendingPathComponent("editor-\(UUID().uuidString).sh")
        try ("#!/bin/sh\nset -e\n" + script + "\n").write(to: file, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
        return ComposeEnvironment(
            store: store, buffers: BufferDirectory(paths: paths),
            editor: TerminalEditor(command: EditorCommand(value: file.path, source: "test")),
            defaultProfile: "sandbox", clock: { Date(timeIntervalSince1970: 1_800_000_000) }, byteLimit: byteLimit)
    }

    /// The buffer files currently in the state directory.
    var bufferFiles: [String] {
        let directory = BufferDirectory(paths: paths).url.path
        return ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasSuffix(".md") }.sorted()
    }

    func remove() {
        try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: store.path)
        try? FileManager.default.removeItem(at: root)
    }
}

/// Editor scripts that edit the buffer the way a person would.
enum Edits {
    /// Puts `text` on the line after the closing `---` (the body's first line).
    static func writeBody(_ text: String) -> String {
        """
        python3 - "$1" <<'PY'
        import sys
        path = sys.argv[1]
        lines = open(path, encoding="utf-8").read().split("\\n")
        closing = [i for i, l in enumerate(lines) if l == "---"][1]
        lines.insert(closing + 1, \(pythonString(text)))
        open(path, "w", encoding="utf-8").write("\\n".join(lines))
        PY
        """
    }

    static func pythonString(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n") + "\""
    }
}

let reply7 = DraftContent(kind: .reply, target: DraftTarget(thread: 7), profile: "sandbox")
