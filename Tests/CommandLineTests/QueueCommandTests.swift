import Foundation
import Testing

/// `missive queue` and its subcommands through the built binary; no forum is needed to queue.
@Suite struct QueueCommandTests {
    static func buffers(_ home: MissiveHome) throws -> (reply: Int, pm: Int) {
        let directory = home.root.appendingPathComponent("buffers-in")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try "---\nkind: reply\nthread: 3500001\n---\nA **reply**\n".write(
            to: directory.appendingPathComponent("a.md"), atomically: true, encoding: .utf8)
        try "---\nkind: pm\nto: Zoë\nsubject: hi there\n---\nA message\n".write(
            to: directory.appendingPathComponent("b.md"), atomically: true, encoding: .utf8)
        let ids = try home.run(["drafts", "import", directory.path]).output.split(separator: "\n").compactMap { Int($0) }
        return (ids[0], ids[1])
    }

    static func json(_ result: CommandResult) throws -> Any {
        try JSONSerialization.jsonObject(with: result.stdout)
    }

    @Test func listAndShowTellStateTimeTargetAndTheBBCodeThatWillBeSent() throws {
        let home = try MissiveHome()
        defer { home.remove() }
        #expect(try home.run(["queue", "list"]).errorOutput.contains("the outbox is empty"))
        let (reply, pm) = try Self.buffers(home)
        let queued = try home.run(["queue", String(reply), String(pm), "--at", "+1h"])
        #expect(queued.status == 0 && queued.output == "1\n2\n", "\(queued.errorOutput)")

        let list = try home.run(["queue", "list", "--no-headers"])
        let lines = list.output.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("2     queued") && lines[0].contains("d\(pm)") && lines[0].contains("PM to Zoë: hi there"))
        #expect(lines[1].contains("reply to thread 3500001  [0 attempts]"))

        let rows = try #require(try Self.json(try home.run(["queue", "list", "--json", "--state", "queued"])) as? [[String: Any]])
        #expect(rows.map { $0["id"] as? Int } == [2, 1])
        #expect(rows[1]["kind"] as? String == "reply" && rows[1]["profile"] as? String == "sandbox")
        #expect(try home.run(["queue", "list", "--state", "sent"]).errorOutput.contains("no item is sent; the outbox holds 2 items in other states"))

        let show = try home.run(["queue", "show", "1"])
        #expect(show.output.contains("state:    queued for"))
        #expect(show.output.contains("draft:    d\(reply), revision 1"))
        #expect(show.output.hasSuffix("A [b]reply[/b]\n"))
        let shown = try #require(try Self.json(try home.run(["queue", "show", "2", "--json"])) as? [String: Any])
        #expect(shown["bbcode"] as? String == "A message" && shown["target"] as? String == "PM to Zoë: hi there")
        #expect((shown["attempts"] as? [Any])?.isEmpty == true)

        let bad = try home.run(["queue", "list", "--state", "lost"])
        #expect(bad.status == 64 && bad.errorOutput.contains("unknown state 'lost'"))
    }

    @Test func everyQueueChangeIsInTheHistoryAndUndoRedoWalkIt() throws {
        let home = try MissiveHome()
        defer { home.remove() }
        let (reply, _) = try Self.buffers(home)
        _ = try home.run(["queue", String(reply)])
        func state() throws -> String? {
            (try Self.json(try home.run(["queue", "show", "1", "--json"])) as? [String: Any])?["state"] as? String
        }

        #expect(try home.run(["queue", "hold", "1"]).errorOutput.contains("item 1 (reply to thread 3500001): held"))
        #expect(try state() == "held")
        #expect(try home.run(["undo"]).errorOutput.contains("undid: hold item 1"))
        #expect(try state() == "queued")
        #expect(try home.run(["redo"]).errorOutput.contains("redid: hold item 1"))
        #expect(try state() == "held")

        let released = try home.run(["queue", "release", "1", "--at", "tomorrow 09:00"])
        #expect(released.status == 0 && released.errorOutput.contains("queued for"))
        #expect(try home.run(["queue", "reschedule", "1", "--at", "+3h"]).status == 0)
        #expect(try home.run(["queue", "cancel", "1"]).status == 0)
        #expect(try state() == "cancelled")
        let cancelAgain = try home.run(["queue", "cancel", "1"])
        #expect(cancelAgain.status == 65 && cancelAgain.errorOutput.contains("cannot cancel an item that is cancelled"))
        #expect(try home.run(["queue", "retry", "1"]).status == 0)
        #expect(try state() == "queued")

        let history = try home.run(["history"]).output
        for line in ["retry item 1", "cancel item 1", "reschedule item 1", "release item 1", "hold item 1", "queue draft \(reply) as item 1"] {
            #expect(history.contains(line), "\(line) in \(history)")
        }
        // Back to before the queue: the item is called off, the draft untouched.
        for _ in 0..<6 { #expect(try home.run(["undo"]).status == 0) }
        #expect(try state() == "cancelled")
        #expect(try home.run(["drafts", "show", String(reply)]).output.contains("A **reply**"))
    }

    /// Queued for later, then fixed and queued again: the fixed text takes the first one's place,
    /// so one post goes out; undo puts the first back.
    @Test func aDraftFixedAfterItWasQueuedIsQueuedInItsPlace() throws {
        let home = try MissiveHome()
        defer { home.remove() }
        let body = home.root.appendingPathComponent("b.md")
        try "typo answr".write(to: body, atomically: true, encoding: .utf8)
        #expect(try home.run(["reply", "3500001", "--no-edit", "--body-file", body.path, "--queue", "--at", "+1h"]).status == 0)
        try "fixed answer".write(to: body, atomically: true, encoding: .utf8)
        let again = try home.run(["drafts", "edit", "1", "--no-edit", "--body-file", body.path])
        #expect(again.status == 0, "\(again.errorOutput)")
        // Saving does not change what waits; said, with what does.
        #expect(again.errorOutput.contains("the outbox still holds revision 1 as item 1: `missive queue 1` puts revision 2 in its place"),
                "\(again.errorOutput)")
        let queued = try home.run(["queue", "1", "--at", "+1h"])
        #expect(queued.status == 0, "\(queued.errorOutput)")
        #expect(queued.errorOutput.contains("queued item 2 (draft d1)"), "\(queued.errorOutput)")
        #expect(queued.errorOutput.contains("cancelled item 1 (draft d1, revision 1): it had not gone out, and the new revision goes in its place"),
                "\(queued.errorOutput)")
        let waiting = try #require(try Self.json(try home.run(["queue", "list", "--json", "--state", "queued"])) as? [[String: Any]])
        #expect(waiting.map { $0["id"] as? Int } == [2], "one version of the draft waits")
        let undo = try home.run(["undo"])
        #expect(undo.errorOutput.contains("item 1 (reply to thread 3500001) is queued again"), "\(undo.errorOutput)")
        let back = try #require(try Self.json(try home.run(["queue", "list", "--json", "--state", "queued"])) as? [[String: Any]])
        #expect(back.map { $0["id"] as? Int } == [1])

        // A second `reply` to the thread is a second reply, not the queued draft continued.
        try "another answer".write(to: body, atomically: true, encoding: .utf8)
        let second = try home.run(["reply", "3500001", "--no-edit", "--body-file", body.path, "--queue", "--at", "+1h"])
        #expect(second.status == 0, "\(second.errorOutput)")
        #expect(second.errorOutput.contains("draft 1 for thread 3500001 waits in the outbox: this is a new draft"), "\(second.errorOutput)")
        #expect(second.errorOutput.contains("created draft 2") && !second.errorOutput.contains("cancelled item"), "\(second.errorOutput)")
        let both = try #require(try Self.json(try home.run(["queue", "list", "--json", "--state", "queued"])) as? [[String: Any]])
        #expect(both.count == 2, "both replies wait: \(both)")
    }

    @Test func aDraftThatCannotBeSentIsRefusedWithWhy() throws {
        let home = try MissiveHome()
        defer { home.remove() }
        let directory = home.root.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try "---\nkind: pm\nto: Zoë\n---\nno subject\n".write(to: directory.appendingPathComponent("a.md"), atomically: true, encoding: .utf8)
        let id = try #require(try home.run(["drafts", "import", directory.path]).output.split(separator: "\n").first.flatMap { Int($0) })
        let result = try home.run(["queue", String(id)])
        #expect(result.status == 65)
        #expect(result.errorOutput.contains("draft \(id) cannot be queued: a private message needs a `subject:`"))
        #expect(try home.run(["queue", "list"]).errorOutput.contains("the outbox is empty"))
    }
}
