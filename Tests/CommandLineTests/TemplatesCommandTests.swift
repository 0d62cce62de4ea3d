import Foundation
import Testing

/// `missive templates ...` and `missive new --template`, with the starter templates in drafts/templates.
@Suite struct TemplatesCommandTests {
    let starters = BuiltBinary.packageRoot.appendingPathComponent("drafts/templates").path

    @Test func theStarterTemplatesImportAndMakeDrafts() throws {
        let home = try MissiveHome()
        defer { home.remove() }
        let imported = try home.run(["templates", "import", starters])
        #expect(imported.status == 0, "\(imported.errorOutput)")
        let list = try home.run(["templates", "list"]).output
        for name in ["pm-reply", "thanks", "thanks-thread", "new-thread", "thread-recap"] {
            #expect(list.contains(name), "\(name) is listed")
        }

        let thanks = try home.run(["reply", "555", "--template", "thanks-thread", "--var", "name=Alice", "--var", "fix=a restart", "--no-edit"])
        #expect(thanks.status == 0, "\(thanks.errorOutput)")
        let draft = try home.show(1)
        #expect(draft["thread"] as? Int == 555)
        #expect((draft["body"] as? String)?.hasPrefix("Thanks Alice for the help!") == true)

        let recap = try home.run(["new", "--template", "thread-recap", "--var", "forum=44", "--var", "topic=YOSPOS", "--no-edit"])
        #expect(recap.status == 0, "\(recap.errorOutput)")
        let thread = try home.show(2)
        #expect(thread["kind"] as? String == "thread")
        #expect(thread["forum"] as? Int == 44)
        #expect((thread["subject"] as? String)?.hasPrefix("YOSPOS recap, week of ") == true)

        let pm = try home.run(["pm", "Bob", "--reply-to", "77", "--template", "pm-reply", "--no-edit"])
        #expect(pm.status == 0, "\(pm.errorOutput)")
        #expect(try home.show(3)["reply_to"] as? Int == 77)
        #expect(try home.show(3)["subject"] as? String == "Re: your message")
    }

    @Test func initBringsTheStarterTemplatesFromTheBinaryAndTheUsersOwnWin() throws {
        // Issue 13: they came only from a checkout's drafts/templates.
        let home = try MissiveHome()
        defer { home.remove() }
        let own = try home.file("thanks.md", Data("---\ntemplate: thanks\ndescription: \"mine\"\nkind: reply\n---\nCheers.\n".utf8))
        #expect(try home.run(["templates", "import", own]).status == 0)
        let first = try home.run(["init"])
        #expect(first.status == 0, "\(first.errorOutput)")
        #expect(first.errorOutput.contains("added the starter templates: new-thread, pm-reply, thanks-thread, thread-recap"), "\(first.errorOutput)")
        let list = try home.run(["templates", "list"]).output
        for name in ["pm-reply", "new-thread", "thanks-thread", "thread-recap"] { #expect(list.contains(name), "\(name) is listed") }
        #expect(list.contains("mine"), "the user's own thanks stays")
        // Again: nothing to add.
        let again = try home.run(["init"])
        #expect(!again.errorOutput.contains("added the starter templates"))
        // The ones inside the binary are the files of drafts/templates: imported from the files into
        // another home, each shows the same.
        let checkout = try MissiveHome()
        defer { checkout.remove() }
        #expect(try checkout.run(["templates", "import", starters]).status == 0)
        for name in ["pm-reply", "new-thread", "thanks-thread", "thread-recap"] {
            let fromBinary = try home.run(["templates", "show", name]), fromFiles = try checkout.run(["templates", "show", name])
            #expect(fromBinary.status == 0 && fromBinary.output == fromFiles.output, "\(name) differs from drafts/templates")
        }
    }

    @Test func missingAndUnknownVariablesAreAllNamedBeforeTheEditorOpens() throws {
        let home = try MissiveHome()
        defer { home.remove() }
        #expect(try home.run(["templates", "import", starters]).status == 0)
        let opened = home.root.appendingPathComponent("editor-opened").path
        let editor = try home.script("mark.sh", "touch '\(opened)'")
        let result = try home.run(["new", "--template", "thread-recap", "--var", "colour=red"], editor: editor)
        #expect(result.status == 65)
        #expect(result.errorOutput.contains("no value for forum, topic"), "\(result.errorOutput)")
        #expect(result.errorOutput.contains("unknown variable colour"))
        #expect(!exists(opened))
        #expect(try home.drafts(all: true).isEmpty)
    }

    @Test func templatesAreWrittenInTheEditorAndChangesAreUndoable() throws {
        let home = try MissiveHome()
        defer { home.remove() }
        let editor = try home.script("template.sh", """
            sed -i 's/^---$/---/; $a Hello {{name|there}} in {{thread}}.' "$1"
            """)
        let created = try home.run(["templates", "new", "greet"], editor: editor)
        #expect(created.status == 0, "\(created.errorOutput)")
        #expect(try home.run(["templates", "show", "greet"]).output.contains("Hello {{name|there}} in {{thread}}."))

        let draft = try home.run(["reply", "9", "--template", "greet", "--no-edit"])
        #expect(draft.status == 0, "\(draft.errorOutput)")
        #expect(try home.show(1)["body"] as? String == "Hello there in 9.")

        #expect(try home.run(["templates", "rm", "greet"]).status == 0)
        #expect(try home.run(["templates", "show", "greet"]).status == 66)
        #expect(try home.run(["undo"]).status == 0)
        #expect(try home.run(["templates", "show", "greet"]).status == 0)
        // The draft made from it was never touched by any of this.
        #expect(try home.show(1)["body"] as? String == "Hello there in 9.")
    }

    @Test func aParentCycleFromAFileIsRefusedAndNothingChanges() throws {
        let home = try MissiveHome()
        defer { home.remove() }
        let directory = home.root.appendingPathComponent("cycle")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try "---\ntemplate: a\nparent: b\nkind: reply\n---\nA\n".write(to: directory.appendingPathComponent("a.md"), atomically: true, encoding: .utf8)
        try "---\ntemplate: b\nparent: a\n---\nB\n".write(to: directory.appendingPathComponent("b.md"), atomically: true, encoding: .utf8)
        let result = try home.run(["templates", "import", directory.path])
        #expect(result.status == 65)
        #expect(result.errorOutput.contains("cycle: a -> b -> a"))
        #expect(try home.run(["templates", "list"]).output.isEmpty)
    }
}
