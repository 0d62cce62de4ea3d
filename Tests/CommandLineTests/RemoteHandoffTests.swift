import Foundation
import Testing

/// Issue 33: a laptop hands queued drafts to an always-on box over the real ssh (Debian's sshd
/// on 127.0.0.1, `SSHServer`), and reads back what the box did with them.
@Suite(.serialized) struct RemoteHandoffTests {
    @Test func handsADraftOverSSHAndReadsBackWhatTheBoxSent() async throws {
        let world = try await HandoffWorld()
        let check = try await world.run(["remotes", "check", "box"])
        #expect(check.status == 0, "\(check.errorOutput)")
        #expect(check.output.contains("box (root@127.0.0.1): Missive "), "\(check.output)")
        #expect(check.output.contains("profile sandbox: logged in"), "the box is logged in to the sandbox: \(check.output)")

        let image = world.laptop.appendingPathComponent("dot.png")
        try Data(Self.png).write(to: image)
        let draft = try await world.draft("---\nkind: reply\nthread: 3500001\n---\nfrom the laptop, *sent by the box*\n\n![a dot](\(image.path))\n")
        let handed = try await world.run(["queue", String(draft), "--via", "box"])
        #expect(handed.status == 0, "\(handed.errorOutput)")
        #expect(handed.errorOutput.contains("to box as its item"), "\(handed.errorOutput)")
        #expect(!handed.errorOutput.contains("not logged in"), "\(handed.errorOutput)")
        let local = try #require(try await world.laptopItems().values.first)
        #expect(local["state"] as? String == "handed" && local["via"] as? String == "box")

        // The box holds one queued item made from the laptop's Markdown (converted there), with
        // the image's bytes, not the laptop's path.
        let boxItems = try await world.box.items()
        #expect(boxItems.count == 1)
        let boxItem = try #require(boxItems.values.first)
        #expect(boxItem["state"] as? String == "queued")
        let shown = try await world.box.show(try #require(boxItem["id"] as? Int))
        #expect((shown["bbcode"] as? String)?.contains("[i]sent by the box[/i]") == true)
        #expect((shown["bbcode"] as? String)?.contains(world.laptop.path) == false, "the laptop's path means nothing on the box")

        // The laptop has nothing to send: the box does.
        let laptopSend = try await world.run(["send"])
        #expect(laptopSend.errorOutput.contains("nothing is due"), "\(laptopSend.errorOutput)")
        let boxSend = try await world.box.run(["send"])
        #expect(boxSend.status == 0, "\(boxSend.errorOutput)")

        let refreshed = try #require(try await world.laptopItems(refresh: true).values.first)
        #expect(refreshed["state"] as? String == "handed")
        #expect(refreshed["remote_state"] as? String == "sent", "\(refreshed)")
        #expect((refreshed["detail"] as? String)?.contains(world.box.baseURL + "showthread.php?goto=post&postid=") == true, "\(refreshed)")
        // The post's number comes first, so a table cut at its width still shows which post it is.
        #expect((refreshed["detail"] as? String)?.contains(/on box as item \d+: sent post \d+ \(http/) == true, "\(refreshed)")
        // The box's forum receipt marks the laptop's draft sent, as a send here would.
        let shownDraft = try await world.run(["drafts", "show", String(draft), "--json"])
        #expect((try JSONSerialization.jsonObject(with: shownDraft.stdout) as? [String: Any])?["state"] as? String == "sent", "\(shownDraft.output)")
        let table = try await world.run(["queue", "list"])
        #expect(table.output.contains("handed") && table.output.contains("on box as item"), "\(table.output)")
        let copies = try await world.box.copies()
        let posted = try #require(copies.first { $0.key.hasPrefix("from the laptop, [i]sent by the box[/i]") })
        #expect(posted.value == 1)
        #expect(posted.key.contains("[img]" + world.box.imagesURL) || posted.key.contains("[timg]" + world.box.imagesURL),
                "the box uploaded the image to its own host: \(posted.key)")

        // The same revision twice only on purpose.
        let twice = try await world.run(["queue", String(draft), "--via", "box"])
        #expect(twice.status == 65 && twice.errorOutput.contains("--again"), "\(twice.errorOutput)")
        #expect(try await world.box.items().count == 1)
        let again = try await world.run(["queue", String(draft), "--via", "box", "--again", "--at", "+2h"])
        #expect(again.status == 0, "\(again.errorOutput)")
        #expect(try await world.box.items().count == 2)
    }

    @Test func anUnreachableBoxLeavesTheDraftAndTheQueueUntouched() async throws {
        let world = try await HandoffWorld()
        let draft = try await world.draft(OutboxWorld.reply("never leaves the laptop"))
        world.ssh.stop()
        let handed = try await world.run(["queue", String(draft), "--via", "box"])
        #expect(handed.status == 69, "\(handed.errorOutput)")
        #expect(handed.errorOutput.hasPrefix("missive: cannot reach box (root@127.0.0.1): "), "\(handed.errorOutput)")
        #expect(handed.errorOutput.contains("Connection refused"), "ssh's own words: \(handed.errorOutput)")
        #expect(try await world.laptopItems().isEmpty, "no item here")
        let shown = try await world.run(["drafts", "show", String(draft)])
        #expect(shown.status == 0 && shown.output.contains("never leaves the laptop"))
        let queued = try await world.run(["queue", String(draft)])
        #expect(queued.status == 0, "the draft can still be queued here: \(queued.errorOutput)")
    }

    @Test func batchModeRefusesAnUnknownHostKeyAndSaysWhatToRunByHand() async throws {
        let world = try await HandoffWorld()
        try world.useSSH(world.ssh.sshCommand.replacingOccurrences(of: "StrictHostKeyChecking=accept-new", with: "StrictHostKeyChecking=ask"))
        let draft = try await world.draft(OutboxWorld.reply("asks nobody"))
        let handed = try await world.run(["queue", String(draft), "--via", "box"])
        #expect(handed.status == 77, "\(handed.errorOutput)")
        #expect(handed.errorOutput.contains("Host key verification failed"), "ssh's error: \(handed.errorOutput)")
        #expect(handed.errorOutput.contains("by hand") && handed.errorOutput.contains("root@127.0.0.1 true"), "\(handed.errorOutput)")
        #expect(try await world.laptopItems().isEmpty)
        #expect(try await world.box.items().isEmpty)
    }

    @Test func aMissingOrOlderMissiveOnTheBoxIsNamed() async throws {
        let world = try await HandoffWorld()
        let draft = try await world.draft(OutboxWorld.reply("for a box without missive"))
        for arguments in [["remotes", "add", "bare", world.ssh.destination, "--missive", "/nonexistent/bin/missive"],
                          ["remotes", "add", "old", world.ssh.destination, "--missive", try world.ssh.script("old-missive", Self.olderMissive)]] {
            let added = try await world.run(arguments)
            #expect(added.status == 0, "\(added.errorOutput)")
        }
        let bare = try await world.run(["queue", String(draft), "--via", "bare"])
        #expect(bare.status == 69 && bare.errorOutput.contains("Missive is not installed on bare"), "\(bare.errorOutput)")
        let old = try await world.run(["queue", String(draft), "--via", "old"])
        #expect(old.status == 69 && old.errorOutput.contains("version 0.9.0") && old.errorOutput.contains("too old"), "\(old.errorOutput)")
        #expect(try await world.laptopItems().isEmpty)
        let check = try await world.run(["remotes", "check", "old"])
        #expect(check.status == 69 && check.errorOutput.contains("too old"))
    }

    /// Every step a handoff can be cut at ends with exactly one item on the box, and one post.
    @Test func interruptedHandoffsAreSettledToExactlyOneItemOnTheBox() async throws {
        let world = try await HandoffWorld()
        let real = world.ssh.sshCommand

        // 1. Cut before the box stored it: the connection drops before anything ran there.
        let first = try await world.draft(OutboxWorld.reply("cut before the box stored it"))
        try world.useSSH(try world.ssh.script("drop-before", "echo 'Connection closed by 127.0.0.1 port 22' >&2; exit 255"))
        let cutBefore = try await world.run(["queue", String(first), "--via", "box"])
        #expect(cutBefore.status == 75 && cutBefore.errorOutput.contains("list --refresh"), "\(cutBefore.errorOutput)")
        #expect(try await world.box.items().isEmpty)

        // 2. Cut after the box stored it: the answer is lost on the way back.
        let second = try await world.draft(OutboxWorld.reply("cut after the box stored it"))
        try world.useSSH(try world.ssh.script("drop-after", "\(real) \"$@\" >/dev/null; echo 'Connection reset by peer' >&2; exit 255"))
        let cutAfter = try await world.run(["queue", String(second), "--via", "box"])
        #expect(cutAfter.status == 75, "\(cutAfter.errorOutput)")
        #expect(try await world.box.items().count == 1, "the box stored it; the laptop does not know")

        // 3. The laptop killed after the box answered, before it recorded the answer.
        let third = try await world.draft(OutboxWorld.reply("laptop killed before it recorded"))
        let killer = """
            parent=$PPID
            [ "$(cat /proc/$parent/comm)" = sh ] && parent=$(cut -d' ' -f4 /proc/$parent/stat)
            \(real) "$@"
            kill -9 $parent
            """
        try world.useSSH(try world.ssh.script("kill-laptop", killer))
        let killed = try await world.run(["queue", String(third), "--via", "box"])
        #expect(killed.status == 128 + 9 || killed.status == 9 || killed.status != 0, "killed: \(killed.status)")
        #expect(try await world.box.items().count == 2)
        let unsettled = try await world.laptopItems()
        #expect(unsettled.count == 3 && unsettled.values.allSatisfy { $0["state"] as? String == "handed" && $0["remote_state"] is NSNull })

        // The second is settled by handing it again (the same id), the rest by a refresh.
        try world.useSSH(real)
        let retried = try await world.run(["queue", String(second), "--via", "box"])
        #expect(retried.status == 0, "\(retried.errorOutput)")
        #expect(retried.errorOutput.contains("before the answer was lost"), "\(retried.errorOutput)")
        let refresh = try await world.run(["queue", "list", "--refresh"])
        #expect(refresh.status == 0, "\(refresh.errorOutput)")
        #expect(refresh.errorOutput.contains("it had not reached box"), "\(refresh.errorOutput)")
        #expect(refresh.errorOutput.contains("box had stored it as its item"), "\(refresh.errorOutput)")
        let boxItems = try await world.box.items()
        #expect(boxItems.count == 3, "exactly one item per handoff: \(boxItems.values.map { $0["target"] ?? "" })")
        let settled = try await world.laptopItems()
        #expect(settled.values.allSatisfy { $0["remote_state"] as? String == "queued" }, "\(settled)")

        let sent = try await world.box.run(["send"])
        #expect(sent.status == 0, "\(sent.errorOutput)")
        let copies = try await world.box.copies()
        for text in ["cut before the box stored it", "cut after the box stored it", "laptop killed before it recorded"] {
            #expect(copies[text] == 1, "\(text): \(copies[text] ?? 0) copies")
        }
    }

    @Test func holdReleaseCancelAndUndoActOnTheBox() async throws {
        let world = try await HandoffWorld()
        let draft = try await world.draft(OutboxWorld.reply("scheduled on the box"))
        let handed = try await world.run(["queue", String(draft), "--via", "box", "--at", "+2h"])
        #expect(handed.status == 0, "\(handed.errorOutput)")
        let item = handed.output.trimmingCharacters(in: .whitespacesAndNewlines)
        func boxState() async throws -> String? { try await world.box.items().values.first?["state"] as? String }

        let hold = try await world.run(["queue", "hold", item])
        #expect(hold.status == 0 && hold.errorOutput.contains("on box as item"), "\(hold.errorOutput)")
        #expect(try await boxState() == "held")
        let release = try await world.run(["queue", "release", item, "--at", "+3h"])
        #expect(release.status == 0, "\(release.errorOutput)")
        #expect(try await boxState() == "queued")
        let boxDue = try #require((try await world.box.items().values.first?["due"] as? String).flatMap { ISO8601DateFormatter().date(from: $0) })
        #expect(abs(boxDue.timeIntervalSinceNow - 3 * 3_600) < 120, "the laptop's --at, on the box")

        // Undo of the handoff cancels it on the box.
        let undo = try await world.run(["undo"])
        #expect(undo.status == 0, "\(undo.errorOutput)")
        #expect(try await boxState() == "cancelled")
        let local = try #require(try await world.laptopItems().values.first)
        #expect(local["remote_state"] as? String == "cancelled")

        // Once the box sent it, nothing cancels it.
        let other = try await world.draft(OutboxWorld.reply("sent before the cancel"))
        let second = try await world.run(["queue", String(other), "--via", "box"])
        #expect(second.status == 0, "\(second.errorOutput)")
        _ = try await world.box.run(["send"])
        let cancel = try await world.run(["queue", "cancel", second.output.trimmingCharacters(in: .whitespacesAndNewlines)])
        #expect(cancel.status == 65 && cancel.errorOutput.contains("delivered"), "\(cancel.errorOutput)")
    }

    @Test func theLaptopNeedsNoLoginButIsToldWhenTheBoxHasNone() async throws {
        let world = try await HandoffWorld()
        let logout = try await world.box.run(["logout"])
        #expect(logout.status == 0, "\(logout.errorOutput)")
        let check = try await world.run(["remotes", "check", "box"])
        #expect(check.output.contains("profile sandbox: not logged in"), "\(check.output)")
        let draft = try await world.draft(OutboxWorld.reply("waits for a login on the box"))
        let handed = try await world.run(["queue", String(draft), "--via", "box"])
        #expect(handed.status == 0, "handed all the same: \(handed.errorOutput)")
        #expect(handed.errorOutput.contains("box is not logged in to profile sandbox") && handed.errorOutput.contains("login --profile sandbox"),
                "\(handed.errorOutput)")
        #expect(try await world.box.items().count == 1)
    }

    @Test func remotesAreListedAndOneWithUnfinishedItemsIsNotRemoved() async throws {
        let world = try await HandoffWorld()
        let listed = try await world.run(["remotes", "list", "--json"])
        let entries = try #require(try JSONSerialization.jsonObject(with: listed.stdout) as? [[String: Any]])
        #expect(entries.count == 1 && entries[0]["name"] as? String == "box" && entries[0]["dest"] as? String == "root@127.0.0.1")
        #expect((entries[0]["missive"] as? String)?.hasPrefix("env MISSIVE_HOME=") == true)
        let twice = try await world.run(["remotes", "add", "box", "elsewhere"])
        #expect(twice.status == 64 && twice.errorOutput.contains("there is a remote box already"), "\(twice.errorOutput)")
        let option = try await world.run(["remotes", "add", "evil", "-oProxyCommand=touch"])
        #expect(option.status != 0, "a destination ssh would read as an option is refused")

        let draft = try await world.draft(OutboxWorld.reply("still waiting on the box"))
        let handed = try await world.run(["queue", String(draft), "--via", "box", "--at", "+1h"])
        #expect(handed.status == 0, "\(handed.errorOutput)")
        let refused = try await world.run(["remotes", "remove", "box"])
        #expect(refused.status == 65 && refused.errorOutput.contains("may still be sent there"), "\(refused.errorOutput)")
        let cancel = try await world.run(["queue", "cancel", handed.output.trimmingCharacters(in: .whitespacesAndNewlines)])
        #expect(cancel.status == 0, "\(cancel.errorOutput)")
        let removed = try await world.run(["remotes", "remove", "box"])
        #expect(removed.status == 0, "\(removed.errorOutput)")
        #expect(try await world.run(["remotes", "list"]).errorOutput.contains("no remotes"))
    }

    /// An edit carries its base to the box: the box merges with a change made on the forum since
    /// the edit began, as the laptop would have (without the base it would write over it).
    @Test func anEditTakesItsBaseToTheBox() async throws {
        let world = try await HandoffWorld()
        let original = "Line one, as first posted.\nLine two stays.\nLine three, as first posted."
        let posted = try await world.box.drafts([OutboxWorld.reply(original)])
        #expect(try await world.box.run(["queue", String(posted[0])]).status == 0)
        #expect(try await world.box.run(["send"]).status == 0)
        let post = try #require(try await world.box.items().values.first?["post_id"] as? Int)

        // The laptop logs in only to read the post for its edit draft; the box sends the edit.
        let login = try await world.run(["login", "--password-stdin"], stdin: "sandbox\n")
        #expect(login.status == 0, "\(login.errorOutput)")
        let ours = world.laptop.appendingPathComponent("ours.txt")
        try "Line one, edited on the laptop.\nLine two stays.\nLine three, as first posted.".write(to: ours, atomically: true, encoding: .utf8)
        let edit = try await world.run(["edit-post", String(post), "--no-edit", "--body-file", ours.path])
        #expect(edit.status == 0, "\(edit.errorOutput)")
        let draft = try #require(Int(edit.output.trimmingCharacters(in: .whitespacesAndNewlines)), "\(edit.output)")

        // Meanwhile a moderator changes the last line on the forum.
        let moderated = "Line one, as first posted.\nLine two stays.\nLine three, changed by a moderator."
        let answer = try await world.box.httpGet("_sandbox/edit?postid=\(post)", method: "POST", body: Data(moderated.utf8))
        #expect(String(decoding: answer, as: UTF8.self).contains("edited by a moderator"))

        let handed = try await world.run(["queue", String(draft), "--via", "box"])
        #expect(handed.status == 0, "\(handed.errorOutput)")
        let send = try await world.box.run(["send"])
        #expect(send.errorOutput.contains("merged with a change made on the forum since the edit began (line 3)"), "\(send.errorOutput)")
        let text = (try await world.box.forum()["posts"] as? [[String: Any]] ?? []).first { $0["id"] as? Int == post }?["text"] as? String
        #expect(text == "Line one, edited on the laptop.\nLine two stays.\nLine three, changed by a moderator.")
    }

    /// Stands in for a Missive from before handoffs: its parser refuses `queue import` (it reads
    /// "import" as a draft id), as the real older parser does, with status 64.
    static let olderMissive = """
        case "$1" in
            --version) echo "missive 0.9.0" ;;
            *) echo "missive: invalid value 'import' for '<draft>'" >&2; exit 64 ;;
        esac
        """

    /// A 1x1 PNG.
    static let png: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x01,
        0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4, 0x89, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x44, 0x41,
        0x54, 0x78, 0x9C, 0x63, 0xF8, 0xCF, 0xC0, 0xF0, 0x1F, 0x00, 0x05, 0x00, 0x01, 0xFF, 0x89, 0x99, 0x3D, 0x1D, 0x00, 0x00,
        0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]
}
