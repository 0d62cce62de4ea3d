import Foundation
import Testing

/// `drafts search` and `drafts diff` as issue 26 asked: a search that finds only closed drafts
/// points at --all; matches are bold on a terminal and never marked with characters BBCode or
/// Markdown read; a diff compares bodies, names changed front matter keys above the hunks, never
/// shows Missive's comment, and is coloured as `git diff` on a terminal, plain when piped.
@Suite struct SearchAndDiffTests {
    @Test func aSearchThatFindsOnlyClosedDraftsPointsAtAll() throws {
        let home = try MissiveHome()
        defer { home.remove() }
        for (thread, text) in [("1", "the quotes I meant"), ("2", "more quotes here"), ("3", "nothing else")] {
            let body = try home.file("b\(thread).md", Data(text.utf8))
            #expect(try home.run(["reply", thread, "--body-file", body, "--no-edit"]).status == 0)
        }
        #expect(try home.run(["drafts", "rm", "1"]).status == 0)
        let one = try home.run(["drafts", "search", "quotes"])
        #expect(one.status == 0 && one.output.split(separator: "\n").count == 2, "the open one, under its header")
        #expect(try home.run(["drafts", "rm", "2"]).status == 0)

        let none = try home.run(["drafts", "search", "quotes"])
        #expect(none.status == 0)
        #expect(none.output.isEmpty)
        #expect(none.errorOutput == "missive: no open draft matches; 2 deleted drafts do: `missive drafts search quotes --all`\n",
                "\(none.errorOutput)")
        let quoted = try home.run(["drafts", "search", "quotes", "I"])
        #expect(quoted.errorOutput.contains("1 deleted draft does: `missive drafts search quotes I --all`"), "\(quoted.errorOutput)")
        // Nothing anywhere: nothing to point at.
        #expect(try home.run(["drafts", "search", "zebra"]).errorOutput == "missive: no draft matches\n")
    }

    @Test func matchesAreBoldOnATerminalAndNeverBrackets() throws {
        let home = try MissiveHome()
        defer { home.remove() }
        let body = try home.file("b.md", Data("[b]Bold[/b] and *stars* in the quotes".utf8))
        #expect(try home.run(["reply", "1", "--body-file", body, "--no-edit"]).status == 0)
        #expect(try home.run(["drafts", "rm", "1"]).status == 0)

        // Piped: the text as it is, no marks, BBCode untouched.
        let piped = try home.run(["drafts", "search", "[b]", "--all", "--no-headers"])
        #expect(piped.output.contains("[b]Bold[/b] and *stars* in the quotes [deleted]"), "\(piped.output)")
        #expect(!piped.output.contains("[[") && !piped.output.contains("\u{1B}"))

        // A terminal: the words found bold, every bracket and star the draft's own.
        let screen = try runInTerminal(["drafts", "search", "[b]", "--all", "--no-headers"], environment: home.environment())
        #expect(screen.output.contains("[\u{1B}[1mb\u{1B}[0m]\u{1B}[1mBold\u{1B}[0m[/\u{1B}[1mb\u{1B}[0m] and *stars*"), "\(screen.output)")
        let visible = screen.output.replacing(/\x{1B}\[[0-9;]*m/, with: "")
        #expect(visible.contains("[b]Bold[/b] and *stars* in the quot"), "\(visible)")
        let noColor = try runInTerminal(["drafts", "search", "quotes", "--all"], environment: home.environment().merging(["NO_COLOR": "1"]) { $1 })
        #expect(!noColor.output.contains("\u{1B}") && noColor.output.contains("in the quotes [deleted]"), "\(noColor.output)")

        // Scripts keep the marks --json always had.
        let json = try home.run(["drafts", "search", "quotes", "--all", "--json"])
        #expect(json.output.contains("in the [quotes]"), "\(json.output)")
    }

    @Test func diffComparesBodiesAndColoursLikeGit() throws {
        let home = try MissiveHome()
        defer { home.remove() }
        let body = try home.file("b.md", Data("first line\nsecond line\n".utf8))
        #expect(try home.run(["reply", "3500001", "--body-file", body, "--no-edit"]).status == 0)
        let editor = try home.script("change.sh", "sed -i 's/^thread: 3500001/thread: 3500003/; s/^second line$/second line, changed/' \"$1\"")
        let edit = try home.run(["drafts", "edit", "1"], editor: editor)
        #expect(edit.status == 0, "\(edit.errorOutput)")

        let piped = try home.run(["drafts", "diff", "1"])
        #expect(piped.status == 0)
        #expect(piped.output == """
            thread: 3500001 → 3500003
            --- draft 1 revision 1
            +++ draft 1 revision 2 (current)
            @@ -1,2 +1,2 @@
             first line
            -second line
            +second line, changed

            """, "\(piped.output)")
        #expect(!piped.output.contains("Missive:") && !piped.output.contains("kind:"))

        let screen = try runInTerminal(["drafts", "diff", "1"], environment: home.environment())
        #expect(screen.output == """
            \u{1B}[1mthread: 3500001 → 3500003\u{1B}[0m
            \u{1B}[1m--- draft 1 revision 1\u{1B}[0m
            \u{1B}[1m+++ draft 1 revision 2 (current)\u{1B}[0m
            \u{1B}[36m@@ -1,2 +1,2 @@\u{1B}[0m
             first line
            \u{1B}[31m-second line\u{1B}[0m
            \u{1B}[32m+second line, changed\u{1B}[0m

            """, "\(screen.output)")
        let noColor = try runInTerminal(["drafts", "diff", "1"], environment: home.environment().merging(["NO_COLOR": "1"]) { $1 })
        #expect(noColor.output == piped.output)

        // Only the front matter changed: its line, and no hunks.
        let subject = try home.script("subject.sh", "sed -i 's/^thread: 3500003/thread: 3500004/' \"$1\"")
        #expect(try home.run(["drafts", "edit", "1"], editor: subject).status == 0)
        #expect(try home.run(["drafts", "diff", "1"]).output == "thread: 3500003 → 3500004\n")
    }
}
