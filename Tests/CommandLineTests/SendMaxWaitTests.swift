import Foundation
import Testing

/// `send --max-wait` bounds the whole run, as its help says (issue 26): a forum that answers every
/// post with a 500 and a policy that allows 100 tries used to keep `send --max-wait 60` running for
/// minutes, each single backoff being under the limit.
@Suite(.serialized) struct SendMaxWaitTests {
    @Test func maxWaitEndsTheRunAgainstAnAlways500ForumAndLeavesTheItemQueued() async throws {
        let world = try await OutboxWorld(faults: "500=1",
                                          config: ["undo_window = 0", "retry_base = 1", "retry_attempts = 100", "reconcile_grace = 6"])
        let draft = try await world.drafts([OutboxWorld.reply("never accepted")])[0]
        #expect(try await world.run(["queue", String(draft)]).status == 0)

        let started = Date()
        let send = try await world.run(["send", "--max-wait", "3", "--timeout", "5"])
        let took = Date().timeIntervalSince(started)
        // Not 254 s (the old per-wait bound against 100 attempts): a 3 s limit and a busy machine's slack.
        #expect(took < 20, "a 3-second limit on the whole run; it took \(took) s: \(send.errorOutput)")
        #expect(send.status == 75, "some items wait for later: \(send.errorOutput)")
        #expect(send.errorOutput.contains("--max-wait of 3 s ends first; it stays queued"), "\(send.errorOutput)")
        // A 500 to a post may have stored it: the item is unknown (checked before any retry) or
        // retrying, and says until when; never failed, never sent.
        #expect(send.errorOutput.range(of: #"item 1 \(.*\) is (unknown|retrying) until"#, options: .regularExpression) != nil,
                "\(send.errorOutput)")
        let items = try await world.items()
        #expect(["unknown", "retrying"].contains(items[1]?["state"] as? String ?? ""), "\(items)")
        #expect(try await world.requests().allPosts >= 1)
        #expect(try await world.copies()["never accepted"] == nil)
    }
}
