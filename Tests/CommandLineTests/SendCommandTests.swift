import Foundation
import Testing

/// `missive send`, `--send` and `--queue --at` through the built binary against a sandbox process.
@Suite(.serialized) struct SendCommandTests {
    @Test func sendSendsWhatIsQueuedOnceAndSaysWhereItWent() async throws {
        let world = try await OutboxWorld()
        let drafts = try await world.drafts([OutboxWorld.reply("first from the command line"), OutboxWorld.reply("second one")])
        let queued = try await world.run(["queue"] + drafts.map(String.init))
        #expect(queued.status == 0, "\(queued.errorOutput)")
        let ids = queued.output.split(separator: "\n").compactMap { Int($0) }
        #expect(ids.count == 2)

        let sent = try await world.run(["send"])
        #expect(sent.status == 0, "\(sent.errorOutput)")
        #expect(sent.errorOutput.contains("item \(ids[0]) (reply to thread 3500001): sent: post "))
        #expect(!sent.errorOutput.contains("\u{1B}["), "no terminal, no escape codes")
        let copies = try await world.copies()
        #expect(copies["first from the command line"] == 1 && copies["second one"] == 1)
        let items = try await world.items()
        #expect(ids.allSatisfy { items[$0]?["state"] as? String == "sent" })
        #expect((items[ids[0]]?["url"] as? String)?.hasPrefix(world.baseURL + "showthread.php?goto=post&postid=") == true)

        // Nothing twice: sending again finds nothing, queueing the same revision again is refused.
        let again = try await world.run(["send"])
        #expect(again.status == 0 && again.errorOutput.contains("nothing is due"))
        let twice = try await world.run(["queue", String(drafts[0])])
        #expect(twice.status == 65 && twice.errorOutput.contains("was already sent as outbox item \(ids[0])"))
        #expect(try await world.copies()["first from the command line"] == 1)
    }

    @Test func replyWithSendGoesOutAfterTheUndoWindow() async throws {
        let world = try await OutboxWorld(config: ["undo_window = 1"])
        let body = world.home.appendingPathComponent("body.md")
        try "Sent *straight* from the compose command".write(to: body, atomically: true, encoding: .utf8)
        let result = try await world.run(["reply", "3500001", "--no-edit", "--body-file", body.path, "--send"])
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.errorOutput.contains("pending until") && result.errorOutput.contains("`missive undo` calls it off"))
        #expect(result.errorOutput.contains("waiting 1 s"))
        #expect(try await world.copies()["Sent [i]straight[/i] from the compose command"] == 1)
    }

    @Test func queueAtWhenWaitsForItsTimeAndSendNamesTheSchedule() async throws {
        let world = try await OutboxWorld()
        let body = world.home.appendingPathComponent("body.md")
        try "for later".write(to: body, atomically: true, encoding: .utf8)
        let result = try await world.run(["reply", "3500001", "--no-edit", "--body-file", body.path, "--queue", "--at", "+2h"])
        #expect(result.status == 0, "\(result.errorOutput)")
        let item = try #require(try await world.items().values.first)
        let due = try #require((item["due"] as? String).flatMap { ISO8601DateFormatter().date(from: $0) })
        #expect(abs(due.timeIntervalSinceNow - 7_200) < 60)

        let send = try await world.run(["send"])
        #expect(send.status == 0 && send.errorOutput.contains("nothing is due"))
        // Which item is next, and when (issue 13).
        #expect(send.errorOutput.contains("next: item \(item["id"] as? Int ?? 0) (reply to thread 3500001), scheduled for "),
                "\(send.errorOutput)")
        let named = try await world.run(["send", String(item["id"] as? Int ?? 0)])
        #expect(named.errorOutput.contains("is scheduled for") && named.errorOutput.contains("queue reschedule"))
        #expect(try await world.copies()["for later"] == nil)
    }

    @Test func heldItemsAreNamedWithWhyAndUntilWhenAndSendExits75() async throws {
        // Issue 12, point 9: items held behind another at their place were "nothing is due", exit 0.
        let world = try await OutboxWorld()
        let drafts = try await world.drafts([OutboxWorld.reply("held one"), OutboxWorld.reply("held two"), OutboxWorld.reply("held three")])
        _ = try await world.run(["queue"] + drafts.map(String.init))
        await world.stopSandbox()
        let first = try await world.run(["send", "--max-wait", "0"])
        #expect(first.status == 75, "\(first.errorOutput)")
        // A second run begins nothing new; what waits is still named, and still not "nothing is due".
        let second = try await world.run(["send", "--max-wait", "0"])
        #expect(second.status == 75, "\(second.errorOutput)")
        #expect(second.errorOutput.contains("3 items wait: item 1 (reply to thread 3500001) is retrying until "), "\(second.errorOutput)")
        #expect(second.errorOutput.contains("behind item 1 (retrying)"), "\(second.errorOutput)")
        #expect(!second.errorOutput.contains("nothing is due"))
    }

    @Test func aForumThatIsDownEndsTheRunAtOnceAndSaysWhenTheItemIsDue() async throws {
        // Issue 13: with the forum unreachable, `send` sat out its retries (minutes), then failed the item.
        let world = try await OutboxWorld()
        let draft = try await world.drafts([OutboxWorld.reply("while the forum is down")])[0]
        _ = try await world.run(["queue", String(draft)])
        await world.stopSandbox()
        let started = Date()
        let send = try await world.run(["send"])
        let elapsed = Date().timeIntervalSince(started)
        #expect(send.status == 75, "\(send.errorOutput)")
        #expect(elapsed < 30, "send took \(elapsed) s with the forum down")
        #expect(send.errorOutput.contains("is retrying until"), "\(send.errorOutput)")
        let item = try #require(try await world.items().values.first)
        #expect(item["state"] as? String == "retrying")
        #expect(item["attempt_count"] as? Int == 1)

        // `queue retry` on a retrying item means "try now", once the forum is back.
        try await world.startSandbox()
        let retry = try await world.run(["queue", "retry", "1"])
        #expect(retry.status == 0, "\(retry.errorOutput)")
        let now = try await world.run(["send", "--max-wait", "0"])
        #expect(now.status == 0, "\(now.errorOutput)")
        #expect(try await world.copies()["while the forum is down"] == 1)
    }

    @Test func aRefusalEndsWithStatusOneAndTheReasonInTheQueue() async throws {
        let world = try await OutboxWorld()
        let draft = try await world.drafts([OutboxWorld.reply("to the closed thread", thread: 3_500_002)])[0]
        _ = try await world.run(["queue", String(draft)])
        let send = try await world.run(["send"])
        #expect(send.status == 1)
        #expect(send.errorOutput.contains("failed: the thread is closed"))
        let shown = try await world.run(["queue", "show", "1", "--json"])
        let json = try #require(try JSONSerialization.jsonObject(with: shown.stdout) as? [String: Any])
        #expect(json["state"] as? String == "failed" && json["reason"] as? String == "the thread is closed")
        #expect((json["attempts"] as? [[String: Any]])?.map { $0["outcome"] as? String } == ["rejected"])
    }

    @Test func aProfileWithoutASessionExits77AndItsItemsWait() async throws {
        let world = try await OutboxWorld()
        _ = try await world.run(["logout"])
        let draft = try await world.drafts([OutboxWorld.reply("after logging in again")])[0]
        _ = try await world.run(["queue", String(draft)])
        let send = try await world.run(["send"])
        #expect(send.status == 77)
        #expect(send.errorOutput.contains("not logged in to profile sandbox: run `missive login --profile sandbox`"))
        #expect(try await world.items()[1]?["state"] as? String == "retrying")
        #expect(try await world.copies()["after logging in again"] == nil)

        _ = try await world.run(["login", "--password-stdin"], stdin: "sandbox\n")
        #expect(try await world.run(["send"]).status == 0)
        #expect(try await world.copies()["after logging in again"] == 1)
    }

    @Test func aReadOnlyStoreSendsNothingAndSaysSo() async throws {
        let world = try await OutboxWorld()
        let draft = try await world.drafts([OutboxWorld.reply("kept for later")])[0]
        _ = try await world.run(["queue", String(draft)])
        try FileManager.default.setAttributes([.posixPermissions: 0o400], ofItemAtPath: world.store)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: world.store) }
        let send = try await world.run(["send"])
        #expect(send.status == 77, "\(send.errorOutput)")
        #expect(send.errorOutput.contains("is read-only; nothing was changed"))
        #expect(try await world.copies()["kept for later"] == nil, "nothing goes out that could not be recorded")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: world.store)
        #expect(try await world.run(["send"]).status == 0)
        #expect(try await world.copies()["kept for later"] == 1)
    }

    @Test func aTransientFaultIsRetriedAndTheAttemptsSayWhy() async throws {
        let world = try await OutboxWorld()
        let draft = try await world.drafts([OutboxWorld.reply("through a database error")])[0]
        _ = try await world.run(["queue", String(draft)])
        try await world.failNextPost("dberror")
        let send = try await world.run(["send"])
        #expect(send.status == 0, "\(send.errorOutput)")
        #expect(send.errorOutput.contains("retrying at") && send.errorOutput.contains("database is unavailable"))
        let shown = try await world.run(["queue", "show", "1"])
        #expect(shown.output.contains("send: retry") && shown.output.contains("send: sent"))
        #expect(try await world.copies()["through a database error"] == 1)
    }

    @Test func undoInsideTheWindowCallsTheSendOffAndLeavesTheDraft() async throws {
        let world = try await OutboxWorld(config: ["undo_window = 30"])
        let draft = try await world.drafts([OutboxWorld.reply("taken back in time")])[0]
        _ = try await world.run(["queue", String(draft)])
        let sender = try world.start(["send"])
        #expect(await eventually(within: 20) { sender.output.contains("pending until") }, "\(sender.output)")

        let undo = try await world.run(["undo"])
        #expect(undo.status == 0, "\(undo.errorOutput)")
        #expect(undo.errorOutput.contains("undid: send item 1"))
        #expect(undo.errorOutput.contains("reply to thread 3500001 (item 1) will not be sent; draft \(draft) is a draft again"),
                "\(undo.errorOutput)")
        #expect(try await world.items()[1]?["state"] as? String == "cancelled")
        // The waiting sender does not wait out a window that no longer applies (30 s): it ends, and
        // says the item was called off; the draft is as it was.
        #expect(await sender.exitStatus(within: 10) == 0, "\(sender.output)")
        #expect(sender.output.contains("called off"), "\(sender.output)")
        let list = try await world.run(["drafts", "list"])
        #expect(list.output.contains("taken back in time"))
        #expect(try await world.copies()["taken back in time"] == nil)
        let history = try await world.run(["history"])
        #expect(history.output.contains("send item 1 (reply to thread 3500001)  (undone)"))
    }

    @Test func undoDuringASendTakesBackOnlyTheItemItNamesAndTheRestGoesOut() async throws {
        let world = try await OutboxWorld(config: ["undo_window = 4"])
        let drafts = try await world.drafts([OutboxWorld.reply("the first goes out"), OutboxWorld.reply("the second is taken back")])
        _ = try await world.run(["queue"] + drafts.map(String.init))
        let sender = try world.start(["send"])
        #expect(await eventually(within: 20) { sender.output.contains("item 2 (reply to thread 3500001): pending until") },
                "\(sender.output)")
        let undo = try await world.run(["undo"])
        #expect(undo.errorOutput.contains("reply to thread 3500001 (item 2) will not be sent; draft \(drafts[1]) is a draft again"),
                "\(undo.errorOutput)")
        #expect(await sender.exitStatus(within: 20) == 0, "\(sender.output)")
        let copies = try await world.copies()
        #expect(copies["the first goes out"] == 1 && copies["the second is taken back"] == nil)
        #expect(try await world.items()[2]?["state"] as? String == "cancelled")
    }

    @Test func aCountdownRedrawsInPlaceOnATerminal() async throws {
        let world = try await OutboxWorld(config: ["undo_window = 2"])
        let draft = try await world.drafts([OutboxWorld.reply("with a countdown")])[0]
        _ = try await world.run(["queue", String(draft)])
        // `script` gives the command a terminal of its own; its output is what the terminal got.
        let transcript = world.home.appendingPathComponent("typescript")
        let command = "\(BuiltBinary.url("missive").path) send"
        let run = try Launched(["-qec", command, transcript.path], environment: world.environment,
                               log: world.home.appendingPathComponent("script.log"), executable: URL(fileURLWithPath: "/usr/bin/script"))
        #expect(await run.exitStatus(within: 30) == 0, "\(run.output)")
        let screen = try String(contentsOf: transcript, encoding: .utf8)
        #expect(screen.contains("\r\u{1B}[K  waiting 2 s: undo window of item 1"))
        #expect(screen.contains("\r\u{1B}[K  waiting 1 s: undo window of item 1"))
        #expect(screen.contains("item 1 (reply to thread 3500001): sent: post"))
        // The hint is on the line that opened the window, once; the countdown does not repeat it.
        #expect(screen.components(separatedBy: "`missive undo` calls it off").count == 2, "\(screen)")
    }

    @Test(arguments: [
        (["send", "--watch", "3"], 64, "--watch sends everything that comes due"),
        (["send", "0"], 64, "item id must be a positive number"),
        (["send", "--timeout", "0"], 64, "--timeout must be at least 1 second"),
        (["send", "9"], 66, "outbox item 9 does not exist"),
        (["queue", "5", "--at", "the day after"], 64, "cannot read the time \"the day after\""),
        (["queue", "5"], 66, "draft 5 does not exist"),
        (["queue", "show", "7"], 66, "outbox item 7 does not exist"),
        (["queue", "cancel"], 64, "give the outbox item ids"),
        (["reply", "3500001", "--no-edit", "--body-file", "/dev/null", "--send", "--queue"], 64, "--send and --queue exclude each other"),
        (["reply", "3500001", "--at", "+1h"], 64, "--at goes with --queue"),
    ])
    func badInputGetsAClearErrorAndItsStatus(arguments: [String], status: Int32, message: String) throws {
        let home = try MissiveHome()
        defer { home.remove() }
        let result = try home.run(arguments)
        #expect(result.status == status, "\(result.errorOutput)")
        #expect(result.errorOutput.contains(message), "\(result.errorOutput)")
    }
}
