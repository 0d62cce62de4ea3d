import Testing
@testable import Compose

/// `+N` before the file for editors known to read it as "open on line N", and nothing for any
/// other (an editor that took `+5` for a file name would open an empty buffer named `+5`).
@Suite struct EditorCursorArgumentTests {
    @Test(arguments: ["vi", "vim", "nvim", "nano", "emacs", "micro", "kak", "hx", "/usr/bin/vim", "/usr/local/bin/nvim"])
    func aKnownEditorGetsTheLineBeforeTheFile(editor: String) {
        let invocation = EditorCommand(value: editor, source: "t").invocation(file: "/tmp/b.md", line: 9)
        #expect(invocation.program == editor)
        #expect(invocation.arguments == ["+9", "/tmp/b.md"])
    }

    @Test(arguments: ["vim -u NONE", "nano -w", "emacs -nw", "/usr/bin/vim -N -u NONE -i NONE"])
    func aKnownEditorWithArgumentsGetsItThroughTheShellBeforeTheFile(editor: String) {
        let invocation = EditorCommand(value: editor, source: "t").invocation(file: "/tmp/a b.md", line: 12)
        #expect(invocation.program == "/bin/sh")
        #expect(invocation.arguments == ["-c", "\(editor) \"$@\"", editor, "+12", "/tmp/a b.md"])
    }

    @Test(arguments: ["code --wait", "ed", "subl -w", "/opt/editors/myeditor", "gedit", "env EDITOR=x vim", "'vim'"])
    func anUnknownEditorGetsNoLine(editor: String) {
        let invocation = EditorCommand(value: editor, source: "t").invocation(file: "/tmp/b.md", line: 9)
        #expect(!invocation.arguments.contains("+9"))
        #expect(invocation.arguments.last == "/tmp/b.md")
    }

    @Test func noLineOrLineZeroGivesNoArgument() {
        let vim = EditorCommand(value: "vim", source: "t")
        #expect(vim.invocation(file: "/tmp/b.md").arguments == ["/tmp/b.md"])
        #expect(vim.invocation(file: "/tmp/b.md", line: nil).arguments == ["/tmp/b.md"])
        #expect(vim.invocation(file: "/tmp/b.md", line: 0).arguments == ["/tmp/b.md"])
    }
}
