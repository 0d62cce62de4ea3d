import Foundation
import Testing

/// Several `missive send --watch` processes on one queue, and how a watcher stops.
@Suite(.serialized) struct OutboxConcurrencyTests {
    static let threads = [3_500_001, 3_500_003, 3_500_004]

    /// Waits until every item is sent or failed; returns the items.
    static func finished(_ world: OutboxWorld, within seconds: Double) async throws -> [Int: [String: Any]] {
        var items: [Int: [String: Any]] = [:]
        _ = await eventually(within: seconds) {
            items = (try? await world.items()) ?? [:]
            return !items.isEmpty && items.values.allSatisfy { ["sent", "failed"].contains($0["state"] as? String ?? "") }
        }
        return items
    }

    @Test(arguments: [2, 4])
    func watchersOnOneQueueNeverSendAnItemTwice(watchers: Int) async throws {
        // Dropped answers and 500s too, so that some items are checked with the forum on the way.
        // Neither stores late, so a short reconcile grace is safe here.
        let world = try await OutboxWorld(faults: "drop=0.05,500=0.05", seed: UInt64(watchers),
                                          config: ["undo_window = 0", "retry_base = 1", "reconcile_grace = 1"])
        let texts = (1...60).map { "watched by \(watchers): message \($0)" }
        let buffers = texts.enumerated().map { index, text in
            index % 6 == 5 ? OutboxWorld.pm(text, to: "Zoë", subject: "watch \(watchers) #\(index)")
                : OutboxWorld.reply(text, thread: Self.threads[index % 3])
        }
        let drafts = try await world.drafts(buffers)
        #expect(try await world.run(["queue"] + drafts.map(String.init)).status == 0)

        // Side by side on purpose (`--alongside`): the leases, not the watch lock, are under test.
        let senders = try (0..<watchers).map { _ in try world.start(["send", "--watch", "--alongside", "--timeout", "5"]) }
        let items = try await Self.finished(world, within: 120)
        // Half are asked to stop with SIGTERM, half with SIGINT, as a service manager or a person would.
        for (index, sender) in senders.enumerated() { sender.signal(index.isMultiple(of: 2) ? SIGTERM : SIGINT) }
        for (index, sender) in senders.enumerated() {
            #expect(await sender.exitStatus(within: 15) == (index.isMultiple(of: 2) ? 143 : 130), "\(sender.output)")
            #expect(sender.output.contains("stopped by \(index.isMultiple(of: 2) ? "SIGTERM" : "SIGINT")"))
        }

        #expect(items.count == 60 && items.values.allSatisfy { $0["state"] as? String == "sent" }, "\(items.values.map { $0["state"] ?? "" })")
        let copies = try await world.copies()
        for text in texts { #expect(copies[text] == 1, "\(text): \(copies[text] ?? 0) copies") }
        let busy = senders.filter { $0.output.contains(": sent: ") }.count
        #expect(busy >= 2, "the watchers shared the work")
    }

    /// SIGTERM while an answer is on its way: the watcher waits for it, records the item as sent,
    /// and only then exits, leaving nothing half-sent.
    @Test func aWatcherStoppedMidSendFinishesTheItemFirst() async throws {
        let world = try await OutboxWorld(faults: "slow=0:2s")
        let draft = try await world.drafts([OutboxWorld.reply("finished before stopping")])[0]
        try await world.failNextPost("slow")
        let watcher = try world.start(["send", "--watch", "--timeout", "20"])
        _ = try await world.run(["queue", String(draft)])
        #expect(await eventually(within: 20) { watcher.output.contains("): sending") }, "\(watcher.output)")
        watcher.signal(SIGTERM)
        #expect(await watcher.exitStatus(within: 20) == 143, "\(watcher.output)")
        let log = watcher.output
        let sent = try #require(log.range(of: "sent: post"), "\(log)")
        let stopped = try #require(log.range(of: "stopped by SIGTERM"), "\(log)")
        #expect(sent.lowerBound < stopped.lowerBound)
        #expect(try await world.items()[1]?["state"] as? String == "sent")
        #expect(try await world.copies()["finished before stopping"] == 1)
    }

    @Test func aWatcherSendsItemsQueuedWhileItRunsWhenTheyComeDue() async throws {
        let world = try await OutboxWorld()
        let watcher = try world.start(["send", "--watch"])
        let drafts = try await world.drafts([OutboxWorld.reply("queued while watching"), OutboxWorld.reply("due in a moment")])
        _ = try await world.run(["queue", String(drafts[0])])
        _ = try await world.run(["queue", String(drafts[1]), "--at", "+3s"])
        let items = try await Self.finished(world, within: 30)
        watcher.signal(SIGINT)
        #expect(await watcher.exitStatus(within: 15) == 130)
        #expect(items.count == 2 && items.values.allSatisfy { $0["state"] as? String == "sent" })
        #expect(try await world.copies()["due in a moment"] == 1)
    }
}
