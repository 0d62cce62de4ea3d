import Foundation
import Testing
@testable import Compose

@Suite struct EditorCommandTests {
    @Test(arguments: [
        (["MISSIVE_EDITOR": "m", "VISUAL": "v", "EDITOR": "e", "TERM": "xterm"], "c", "m", "MISSIVE_EDITOR"),
        (["VISUAL": "v", "EDITOR": "e", "TERM": "xterm"], "c", "c", "config"),
        (["VISUAL": "v", "EDITOR": "e", "TERM": "xterm"], nil, "v", "VISUAL"),
        (["VISUAL": "v", "EDITOR": "e", "TERM": "dumb"], nil, "e", "EDITOR"),
        (["VISUAL": "v", "EDITOR": "e"], nil, "e", "EDITOR"),
        (["VISUAL": "", "EDITOR": "e", "TERM": "xterm"], nil, "e", "EDITOR"),
        (["MISSIVE_EDITOR": "", "TERM": "xterm"], "", "vi", "default"),
        (["TERM": "xterm-256color"], nil, "vi", "default"),
    ] as [([String: String], String?, String, String)])
    func precedenceIsGits(environment: [String: String], configured: String?, value: String, source: String) throws {
        let command = try EditorCommand.resolve(environment: environment, configured: configured)
        #expect(command == EditorCommand(value: value, source: source))
    }

    @Test func aDumbTerminalWithNoEditorSetIsAnError() {
        #expect(throws: ComposeError.noEditor) { try EditorCommand.resolve(environment: ["TERM": "dumb"], configured: nil) }
        #expect(throws: ComposeError.noEditor) { try EditorCommand.resolve(environment: ["VISUAL": "v"], configured: nil) }
        #expect(ComposeError.noEditor.status == .config)
    }

    @Test func aPlainNameRunsDirectlyAndAnythingElseThroughTheShell() {
        #expect(EditorCommand(value: "vim", source: "t").invocation(file: "/tmp/a b.md") == ("vim", ["/tmp/a b.md"]))
        let shell = EditorCommand(value: "code --wait", source: "t").invocation(file: "/tmp/a b.md")
        #expect(shell.program == "/bin/sh")
        #expect(shell.arguments == ["-c", "code --wait \"$@\"", "code --wait", "/tmp/a b.md"])
    }

    @Test func aQuotedPathWithSpacesAndArgumentsReallyRuns() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("My Editor \(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = directory.appendingPathComponent("ed")
        try "#!/bin/sh\nprintf '%s|' \"$@\" > \"$2.args\"\nexit 3\n".write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        let file = directory.appendingPathComponent("buffer with spaces.md")
        try "x".write(to: file, atomically: true, encoding: .utf8)

        let editor = TerminalEditor(command: EditorCommand(value: "\"\(script.path)\" -n", source: "t"))
        let status = try await editor.edit(file)
        #expect(status == 3)
        let arguments = try String(contentsOf: URL(fileURLWithPath: file.path + ".args"), encoding: .utf8)
        #expect(arguments == "-n|\(file.path)|")
    }

    @Test func aMissingEditorIsAClearError() async throws {
        let editor = TerminalEditor(command: EditorCommand(value: "/nonexistent/editor", source: "EDITOR"))
        await #expect(throws: ComposeError.self) { try await editor.edit(URL(fileURLWithPath: "/tmp/x.md")) }
    }
}
