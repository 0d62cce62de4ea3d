import Foundation
import Testing

/// `missive reply|pm|thread|edit-post` and `missive drafts ...`, run as a user would, with a small
/// shell script as $EDITOR.
@Suite struct DraftsCommandTests {
    @Test func replyPrintsTheDraftIdAndReopensTheSameDraftForTheSameThread() throws {
        let home = try MissiveHome()
        defer { home.remove() }
        let first = try home.run(["reply", "3507451"], editor: try home.bodyEditor("First words."))
        #expect(first.status == 0, "\(first.errorOutput)")
        #expect(first.output == "1\n")

        // The same thread again: the open draft comes back, with its text, instead of a second draft.
        let seen = home.root.appendingPathComponent("seen.md").path
        let second = try home.run(["reply", "3507451"], editor: try home.script("copy.sh", """
            cp "$1" "\(seen)"
            sed -i 's/^First words.$/First words, revised./' "$1"
            """))
        #expect(second.status == 0, "\(second.errorOutput)")
        #expect(second.output == "1\n")
        #expect(second.errorOutput.contains("draft 1 for thread 3507451 is open"))
        #expect(try String(contentsOfFile: seen, encoding: .utf8).contains("\nFirst words.\n"))
        #expect(try home.show(1)["body"] as? String == "First words, revised.")
        #expect(try home.show(1)["revision"] as? Int == 2)

        let another = try home.run(["reply", "3507451", "--new"], editor: try home.bodyEditor("Another.", name: "e2.sh"))
        #expect(another.output == "2\n")
        #expect(try home.drafts().count == 2)
    }

    @Test func eachKindRecordsItsTarget() throws {
        let home = try MissiveHome()
        defer { home.remove() }
        let body = try home.file("body.md", Data("text".utf8))
        #expect(try home.run(["pm", "Some Goon", "--subject", "hi #1", "--reply-to", "77", "--body-file", body, "--no-edit"]).status == 0)
        #expect(try home.run(["thread", "44", "--subject", "New thread", "--icon", "3", "--body-file", body, "--no-edit"]).status == 0)
        #expect(try home.run(["edit-post", "4242", "--body-file", body, "--no-edit", "--format", "bbcode"]).status == 0)
        let pm = try home.show(1), thread = try home.show(2), edit = try home.show(3)
        #expect(pm["kind"] as? String == "pm")
        #expect(pm["to"] as? String == "Some Goon")
        #expect(pm["subject"] as? String == "hi #1")
        #expect(pm["reply_to"] as? Int == 77)
        #expect(thread["forum"] as? Int == 44)
        #expect(thread["icon"] as? Int == 3)
        #expect(edit["post"] as? Int == 4242)
        #expect(edit["format"] as? String == "bbcode")
        #expect(pm["profile"] as? String == "sandbox")
    }

    @Test func anEmptyNewDraftIsDiscardedAndSaidSo() throws {
        let home = try MissiveHome()
        defer { home.remove() }
        let result = try home.run(["reply", "5"], editor: try home.script("noop.sh", "true"))
        #expect(result.status == 0)
        #expect(result.output.isEmpty)
        #expect(result.errorOutput.contains("the body was empty, so the new draft was discarded"))
        #expect(try home.drafts(all: true).isEmpty)
    }

    @Test func listShowAndSearchSpeakJSON() throws {
        let home = try MissiveHome()
        defer { home.remove() }
        for (thread, text) in [("1", "the flood control message"), ("2", "nothing to see")] {
            let body = try home.file("b\(thread).md", Data(text.utf8))
            #expect(try home.run(["reply", thread, "--body-file", body, "--no-edit"]).status == 0)
        }
        let search = try home.run(["drafts", "search", "flood", "--json"])
        let hits = try JSONSerialization.jsonObject(with: search.stdout) as? [[String: Any]]
        #expect(hits?.map { $0["id"] as? Int } == [1])
        #expect((hits?.first?["excerpt"] as? String)?.contains("[flood]") == true)
        #expect(try home.drafts().map { $0["thread"] as? Int } == [2, 1])

        let plain = try home.run(["drafts", "list"])
        #expect(plain.output.contains("reply  thread 1"))
        let none = try home.run(["drafts", "search", "zebra"])
        #expect(none.status == 0)
        #expect(none.errorOutput.contains("no draft matches"))
    }

    @Test func afterAnUndoHistoryAndDiffAgreeOnTheRevisions() throws {
        // Issue 13: history listed two revisions while diff said "only one revision".
        let home = try MissiveHome()
        defer { home.remove() }
        let first = try home.file("first.md", Data("first".utf8)), second = try home.file("second.md", Data("second".utf8))
        #expect(try home.run(["reply", "9", "--body-file", first, "--no-edit"]).status == 0)
        #expect(try home.run(["drafts", "edit", "1", "--body-file", second, "--no-edit"]).status == 0)
        #expect(try home.run(["undo"]).status == 0)
        let history = try home.run(["drafts", "history", "1"])
        #expect(history.output.split(separator: "\n").count == 2)
        let diff = try home.run(["drafts", "diff", "1"])
        #expect(diff.status == 0)
        #expect(!diff.errorOutput.contains("only one revision"), "\(diff.errorOutput)")
        #expect(diff.output.contains("-second\n+first"), "\(diff.output)")
    }

    @Test func historyDiffRestoreAndUndoWorkAcrossRuns() throws {
        let home = try MissiveHome()
        defer { home.remove() }
        for text in ["one", "two", "three"] {
            let body = try home.file("\(text).md", Data(text.utf8))
            #expect(try home.run(["reply", "9", "--body-file", body, "--no-edit"]).status == 0)
        }
        let history = try home.run(["drafts", "history", "1"])
        #expect(history.output.split(separator: "\n").count == 3)
        #expect(history.output.split(separator: "\n").last?.hasPrefix("* 3") == true)

        let diff = try home.run(["drafts", "diff", "1", "1"])
        #expect(diff.output.contains("-one\n+three"))

        #expect(try home.run(["drafts", "restore", "1", "1"]).status == 0)
        #expect(try home.show(1)["body"] as? String == "one")
        #expect(try home.run(["undo"]).status == 0)
        #expect(try home.show(1)["body"] as? String == "three")
        #expect(try home.run(["redo"]).status == 0)
        #expect(try home.show(1)["body"] as? String == "one")

        #expect(try home.run(["drafts", "rm", "1"]).status == 0)
        #expect(try home.drafts().isEmpty)
        let undo = try home.run(["undo"])
        #expect(undo.errorOutput.contains("undid: delete draft 1"))
        #expect(try home.drafts().count == 1)

        let log = try home.run(["history"])
        #expect(log.output.contains("delete draft 1  (undone)"))
    }

    @Test func exportedDraftsImportBackAsNewDrafts() throws {
        let home = try MissiveHome()
        defer { home.remove() }
        let body = try home.file("b.md", Data("exported *text*".utf8))
        #expect(try home.run(["pm", "bob", "--subject", "s", "--body-file", body, "--no-edit"]).status == 0)
        let out = home.root.appendingPathComponent("out").path
        #expect(try home.run(["drafts", "export", "--to", out]).status == 0)
        let imported = try home.run(["drafts", "import", out])
        #expect(imported.status == 0, "\(imported.errorOutput)")
        #expect(imported.output == "2\n")
        #expect(try home.show(2)["body"] as? String == "exported *text*")
        #expect(try home.show(2)["to"] as? String == "bob")
    }

    @Test func importIsAllOrNothingAndNamesTheBadFileAndLine() throws {
        let home = try MissiveHome()
        defer { home.remove() }
        let directory = home.root.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try "---\nkind: reply\nthread: 1\n---\ngood\n".write(to: directory.appendingPathComponent("a.md"), atomically: true, encoding: .utf8)
        try "---\nkind: reply\nthread: one\n---\nbad\n".write(to: directory.appendingPathComponent("b.md"), atomically: true, encoding: .utf8)
        let result = try home.run(["drafts", "import", directory.path])
        #expect(result.status == 65)
        #expect(result.errorOutput.contains("b.md: line 3: `thread` must be a number, not `one`"))
        #expect(try home.drafts(all: true).isEmpty)
    }

    @Test func theSampleDraftsInTheRepositoryImport() throws {
        let home = try MissiveHome()
        defer { home.remove() }
        let samples = BuiltBinary.packageRoot.appendingPathComponent("drafts/samples").path
        let names = try FileManager.default.contentsOfDirectory(atPath: samples).filter { $0.hasSuffix(".md") }
        #expect(!names.isEmpty)
        let result = try home.run(["drafts", "import", samples])
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(try home.drafts().count == names.count)
    }
}
