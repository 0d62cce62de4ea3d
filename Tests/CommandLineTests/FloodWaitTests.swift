import Foundation
import Testing

/// Flood control is a wait, not a failure (issue 26): two items due together on a forum with
/// flood control; the second is shown waiting for the forum until a time, and `queue list` and
/// `queue show` do not count the turned-away request as a failed attempt. The request is still
/// in the item's history, as the flood wait it was.
@Suite(.serialized) struct FloodWaitTests {
    @Test func theSecondOfTwoItemsWaitsForFloodControlAndThatIsNoFailedAttempt() async throws {
        let world = try await OutboxWorld(flood: 3)
        let drafts = try await world.drafts([OutboxWorld.reply("first of two"), OutboxWorld.reply("second of two")])
        #expect(try await world.run(["queue"] + drafts.map(String.init)).status == 0)

        let send = try await world.run(["send", "--max-wait", "30"])
        #expect(send.status == 0, "\(send.errorOutput)")
        #expect(send.errorOutput.contains("item 2 (reply to thread 3500001): waiting for the forum's flood control until "),
                "\(send.errorOutput)")
        #expect(!send.errorOutput.contains("retrying at"), "\(send.errorOutput)")
        let copies = try await world.copies()
        #expect(copies["first of two"] == 1 && copies["second of two"] == 1, "\(copies)")

        let list = try await world.run(["queue", "list"])
        #expect(list.status == 0, "\(list.errorOutput)")
        let rows = list.output.split(separator: "\n").map(String.init)
        let second = try #require(rows.first { $0.hasPrefix("2 ") }, "\(list.output)")
        let first = try #require(rows.first { $0.hasPrefix("1 ") }, "\(list.output)")
        #expect(second.contains("[1 attempt, 1 flood wait]"), "\(second)")
        #expect(first.contains("[1 attempt]"), "\(first)")

        let show = try await world.run(["queue", "show", "2"])
        #expect(show.output.contains("attempts: 1 (and 1 flood wait)"), "\(show.output)")
        // The request made is kept, as what it was; `attempt_count` keeps its old meaning (every
        // request), and `flood_waits` says how many of them were flood waits.
        let json = try await world.show(2)
        let outcomes = (json["attempts"] as? [[String: Any]] ?? []).compactMap { $0["outcome"] as? String }
        #expect(outcomes == ["flood wait", "sent"], "\(json)")
        #expect(json["attempt_count"] as? Int == 2 && json["flood_waits"] as? Int == 1, "\(json)")
        let listed = try await world.items()
        #expect(listed[2]?["attempt_count"] as? Int == 2 && listed[2]?["flood_waits"] as? Int == 1, "\(listed)")
        #expect(listed[1]?["flood_waits"] as? Int == 0, "\(listed)")
    }
}
