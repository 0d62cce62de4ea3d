import Foundation
import Testing

/// Rule 4: bad input gets a clear message and a distinct exit status, the store stays unchanged,
/// and whatever the user typed is kept.
@Suite struct DraftsBadInputTests {
    static let badArguments: [([String], Int32)] = [
        (["reply", "abc"], 64), (["reply", "0"], 64), (["thread", "12"], 64), (["pm", "bob", "--reply-to", "1", "--forward", "2"], 64),
        (["reply", "1", "--no-edit"], 64), (["new"], 64), (["reply", "1", "--var", "novalue"], 64),
        (["drafts", "show", "x"], 64), (["drafts", "show", "99"], 66), (["drafts", "show", "dx"], 64), (["drafts", "show", "d0"], 64),
        (["drafts", "show", "d99"], 66), (["queue", "d-1"], 64), (["drafts", "restore", "99", "1"], 66),
        (["reply", "1", "--body-file", "/nonexistent/body.md", "--no-edit"], 66),
        (["reply", "1", "--profile", "nobody", "--body-file", "-", "--no-edit"], 78),
    ]

    @Test(arguments: badArguments)
    func badArgumentsAreRefusedWithTheirStatus(arguments: [String], status: Int32) throws {
        let home = try MissiveHome()
        defer { home.remove() }
        let result = try home.run(arguments, stdin: Data("text".utf8))
        #expect(result.status == status, "\(arguments): \(result.errorOutput)")
        #expect(!result.errorOutput.isEmpty)
        #expect(try home.drafts(all: true).isEmpty)
    }

    static let badBodies: [(Data, String)] = [
        (Data([0x68, 0x69, 0xFF, 0xFE]), "not valid UTF-8 at byte 2"),
        (Data("nul\u{0}byte".utf8), "NUL byte at byte 3"),
        (Data(repeating: 0x61, count: 10 * 1024 * 1024), "is more than the 1048576-byte limit"),
    ]

    @Test(arguments: badBodies)
    func unreadableBodyFilesAreDataErrors(bytes: Data, words: String) throws {
        let home = try MissiveHome()
        defer { home.remove() }
        let file = try home.file("body.md", bytes)
        let result = try home.run(["reply", "1", "--body-file", file, "--no-edit"])
        #expect(result.status == 65)
        #expect(result.errorOutput.contains(words), "\(result.errorOutput)")
        #expect(try home.drafts(all: true).isEmpty)
    }

    @Test(arguments: [
        ("printf '\\377 bad' >> \"$1\"", "not valid UTF-8"),
        ("printf 'a\\000b' >> \"$1\"", "NUL byte"),
        ("head -c 10485760 /dev/zero | tr '\\0' 'x' >> \"$1\"", "-byte limit"),
    ])
    func anEditorBufferThatCannotBeReadIsKeptOnDiskAndNamed(script: String, words: String) throws {
        let home = try MissiveHome()
        defer { home.remove() }
        let result = try home.run(["reply", "1"], editor: try home.script("bad.sh", script))
        #expect(result.status == 65)
        #expect(result.errorOutput.contains(words))
        // Set aside (issue 25): named, and never made into a draft by a later command.
        #expect(result.errorOutput.contains("your text is kept in \(home.buffers.path)/kept-new-"))
        let kept = try FileManager.default.contentsOfDirectory(atPath: home.buffers.path).filter { $0.hasSuffix(".md") }
        #expect(kept.count == 1)
        #expect(try home.drafts(all: true).isEmpty)
    }

    @Test func frontMatterBrokenTwiceIsKeptFlaggedWithItsOwnStatus() throws {
        let home = try MissiveHome()
        defer { home.remove() }
        let editor = try home.script("break.sh", """
            sed -i 's/^thread: 1$/thread: one/' "$1"
            grep -q 'my reply' "$1" || sed -i '0,/^---$/!{0,/^---$/s/^---$/---\\nmy reply/}' "$1"
            """)
        let result = try home.run(["reply", "1"], editor: editor)
        #expect(result.status == 65)
        #expect(result.output == "1\n")
        #expect(result.errorOutput.contains("`thread` must be a number, not `one`"))
        #expect(result.errorOutput.contains("fix it with `missive drafts edit 1`"))
        let draft = try home.show(1)
        #expect(draft["flagged"] as? Bool == true)
        #expect(draft["body"] as? String == "my reply")
        #expect(try home.run(["drafts", "list"]).output.contains("[needs fixing]"))

        // Opening it again shows the text as it was left, the problem on top; fixing it clears the flag.
        let seen = home.root.appendingPathComponent("seen.md").path
        let fixer = try home.script("fix.sh", "cp \"$1\" '\(seen)'\nsed -i 's/^thread: one$/thread: 1/' \"$1\"")
        let fixed = try home.run(["drafts", "edit", "1"], editor: fixer)
        #expect(fixed.status == 0, "\(fixed.errorOutput)")
        let shown = try String(contentsOfFile: seen, encoding: .utf8)
        #expect(shown.hasPrefix("<!-- Missive: The front matter has errors"))
        #expect(shown.contains("`thread` must be a number, not `one`"))
        #expect(try home.show(1)["flagged"] as? Bool == false)
        #expect(try home.show(1)["body"] as? String == "my reply")
    }

    @Test func aStoreFromANewerMissiveIsRefusedAndLeftUntouched() throws {
        let home = try MissiveHome()
        defer { home.remove() }
        let body = try home.file("b.md", Data("kept".utf8))
        #expect(try home.run(["reply", "1", "--body-file", body, "--no-edit"]).status == 0)
        try python("""
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute("INSERT INTO grdb_migrations VALUES ('v9 outbox from the future')")
            db.commit()
            db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            db.close()
            """, home.store)
        let before = FileManager.default.contents(atPath: home.store)
        for arguments in [["drafts", "list"], ["reply", "2", "--body-file", body, "--no-edit"]] {
            let result = try home.run(arguments)
            #expect(result.status == 78)
            #expect(result.errorOutput.contains("was written by a newer Missive"))
            #expect(result.errorOutput.contains("v9 outbox from the future"))
        }
        #expect(FileManager.default.contents(atPath: home.store) == before)
    }

    @Test func aReadOnlyStoreStillListsButRefusesToSave() throws {
        let home = try MissiveHome()
        defer { home.remove() }
        let body = try home.file("b.md", Data("kept".utf8))
        #expect(try home.run(["reply", "1", "--body-file", body, "--no-edit"]).status == 0)
        try FileManager.default.setAttributes([.posixPermissions: 0o400], ofItemAtPath: home.store)
        #expect(try home.drafts().count == 1)
        let save = try home.run(["reply", "2", "--body-file", body, "--no-edit"])
        #expect(save.status == 77)
        #expect(save.errorOutput.contains("is read-only"))

        // From the editor: the text stays in its buffer and is recovered once the store is writable.
        let edit = try home.run(["reply", "3"], editor: try home.bodyEditor("typed while read-only"))
        #expect(edit.status == 77)
        #expect(edit.errorOutput.contains("your text is kept in"))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: home.store)
        let later = try home.run(["drafts", "list", "--json"])
        #expect(later.errorOutput.contains("recovered draft 2"))
        #expect(try home.show(2)["body"] as? String == "typed while read-only")
    }

    @Test func aLockedStoreSaysTryAgainLaterAndKeepsTheText() throws {
        let home = try MissiveHome()
        defer { home.remove() }
        let body = try home.file("b.md", Data("kept".utf8))
        #expect(try home.run(["reply", "1", "--body-file", body, "--no-edit"]).status == 0)
        let holder = try Background("/usr/bin/env", ["python3", "-c", """
            import sqlite3, sys, time
            db = sqlite3.connect(sys.argv[1], isolation_level=None)
            db.execute("BEGIN EXCLUSIVE")
            open(sys.argv[1] + ".held", "w").close()
            time.sleep(30)
            """, home.store], environment: [:])
        defer { holder.kill() }
        #expect(waitUntil { exists(home.store + ".held") })
        let result = try home.run(["reply", "2"], editor: try home.bodyEditor("written during the lock"))
        #expect(result.status == 75)
        #expect(result.errorOutput.contains("is locked by another"))
        #expect(result.errorOutput.contains("your text is kept in"))
        holder.kill()
        let later = try home.run(["drafts", "list", "--json"])
        #expect(later.errorOutput.contains("recovered draft 2"))
        #expect(try home.show(2)["body"] as? String == "written during the lock")
    }
}

/// Runs a Python snippet (python3 is in the Makefile's TEST_DEBS) to touch the store from outside.
func python(_ code: String, _ arguments: String...) throws {
    let process = try Background("/usr/bin/env", ["python3", "-c", code] + arguments, environment: [:])
    let status = process.wait()
    #expect(status == 0, "\(process.text)")
}
