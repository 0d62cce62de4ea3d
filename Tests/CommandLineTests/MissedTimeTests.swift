import Foundation
import Testing

/// Missed times through the binary, in real seconds (issue 22, point 3): an item scheduled
/// `+2s` and left 3 s with no sender running goes out at the next `send` and says how late,
/// or, past `late_limit`, is held for the user until `queue release`.
@Suite(.serialized) struct MissedTimeTests {
    static let config = ["undo_window = 0", "retry_base = 1", "reconcile_grace = 6"]

    @Test func aMissedItemGoesOutAtTheNextSendAndSaysHowLate() async throws {
        let world = try await OutboxWorld(config: Self.config)
        let draft = try await world.drafts([OutboxWorld.reply("missed, then sent")])[0]
        #expect(try await world.run(["queue", String(draft), "--at", "+2s"]).status == 0)
        try await Task.sleep(for: .seconds(3))

        let list = try await world.run(["queue", "list"])
        // A second or more: how many depends on how long a busy machine took since the time passed.
        #expect(list.output.contains("queued") && list.output.firstMatch(of: /overdue by \d+ s/) != nil, "\(list.output)")
        let send = try await world.run(["send"])
        #expect(send.status == 0, "\(send.errorOutput)")
        #expect(send.errorOutput.contains("its time, "), "\(send.errorOutput)")
        #expect(send.errorOutput.firstMatch(of: /passed \d+ s ago while no sender ran: it goes out now/) != nil, "\(send.errorOutput)")
        let sentLine = send.errorOutput.split(separator: "\n").first { $0.contains("): sent: post ") } ?? ""
        #expect(sentLine.contains("(scheduled ") && sentLine.contains(" late)"), "the sent line says how late: \(send.errorOutput)")
        #expect(try await world.copies()["missed, then sent"] == 1)
    }

    @Test func pastTheLateLimitItIsHeldUntilReleased() async throws {
        let world = try await OutboxWorld(config: Self.config + ["late_limit = \"1s\""])
        let draft = try await world.drafts([OutboxWorld.reply("too late to send")])[0]
        #expect(try await world.run(["queue", String(draft), "--at", "+2s"]).status == 0)
        try await Task.sleep(for: .seconds(3))

        let send = try await world.run(["send"])
        #expect(send.status == 0, "\(send.errorOutput)")
        #expect(send.errorOutput.contains("item 1 (reply to thread 3500001): held, not sent: its time, "), "\(send.errorOutput)")
        #expect(send.errorOutput.contains("more than the late_limit of 1 s ago; `missive queue release 1` sends it"), "\(send.errorOutput)")
        let item = try #require(try await world.items()[1])
        #expect(item["state"] as? String == "held", "\(item)")
        #expect((item["detail"] as? String)?.contains("late_limit") == true, "\(item)")
        let show = try await world.show(1)
        #expect((show["reason"] as? String)?.contains("more than the late_limit of 1 s ago") == true, "\(show)")
        #expect(try await world.copies()["too late to send"] == nil, "nothing was posted")

        let release = try await world.run(["queue", "release", "1"])
        #expect(release.status == 0, "\(release.errorOutput)")
        let again = try await world.run(["send"])
        #expect(again.status == 0, "\(again.errorOutput)")
        #expect(!again.errorOutput.contains("held"), "released is not held again: \(again.errorOutput)")
        #expect(try await world.copies()["too late to send"] == 1)
    }

    /// A watch started after the time passed says so on its first line, then sends it late.
    @Test func aWatchStartedLateShowsTheItemOverdueAndSendsIt() async throws {
        let world = try await OutboxWorld(config: Self.config)
        let draft = try await world.drafts([OutboxWorld.reply("overdue for the watch")])[0]
        #expect(try await world.run(["queue", String(draft), "--at", "+2s"]).status == 0)
        try await Task.sleep(for: .seconds(3))
        let watcher = try world.start(["send", "--watch"])
        #expect(await eventually(within: 10) { watcher.output.contains("): sent: post ") }, "\(watcher.output)")
        #expect(watcher.output.contains("next is item 1 (draft d\(draft)), overdue by "), "\(watcher.output)")
        #expect(watcher.output.contains(" late)"), "\(watcher.output)")
        watcher.signal(SIGINT)
        #expect(await watcher.exitStatus(within: 10) == 130)
    }
}
