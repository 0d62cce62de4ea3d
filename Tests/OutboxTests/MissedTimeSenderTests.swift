import Common
import Foundation
import Testing
@testable import Outbox

/// The rule for missed times, in process, on a clock the test moves: no test waits for hours.
@Suite(.serialized) struct MissedTimeSenderTests {
    /// Queued at the clock's start for `scheduledIn` seconds later; the clock then moves past it
    /// with no sender running, by `late` seconds.
    private func missed(_ f: OutboxFixture, _ clock: ManualClock, text: String, scheduledIn: TimeInterval = 60,
                        late: TimeInterval) throws -> (OutboxItem, Date) {
        let draft = try f.draft(text)
        let due = clock.now().addingTimeInterval(scheduledIn)
        let item = try f.outbox.queue(draft: draft.id, dialect: .somethingawful, due: due, now: clock.now())
        clock.advance(by: .seconds(scheduledIn + late))
        // As the store keeps it (to the millisecond), which is what the reason records.
        return (item, try #require(try f.item(item.id).state.due))
    }

    @Test func anItemMissedWhileNoSenderRanGoesOutAtTheNextChanceSayingHowLate() async throws {
        let clock = ManualClock()
        try await OutboxFixture.with(clock: clock) { f in
            let (item, due) = try missed(f, clock, text: "two hours and a quarter late", late: 2 * 3_600 + 14 * 60 + 5)
            let summary = try await f.sender(clock: clock) { $0.lateLimits = LateLimits(everywhere: 12 * 3_600) }.run(.due(ids: nil))
            #expect(summary.sent == [item.id], "\(f.progress.lines)")
            let scheduled = LocalClock.time(due, now: clock.now())
            #expect(f.progress.lines.contains("\(item.title): its time, \(scheduled), passed 2 h 14 min ago while no sender ran: it goes out now"),
                    "\(f.progress.lines)")
            let sent = f.progress.lines.first { $0.hasPrefix("\(item.title): sent: post ") } ?? ""
            #expect(sent.hasSuffix("(scheduled \(scheduled), sent 2 h 14 min late)"), "\(f.progress.lines)")
            #expect(try await f.copies(of: "two hours and a quarter late") == 1)
        }
    }

    @Test func pastTheLateLimitItIsHeldWithItsReasonAndReleaseSendsIt() async throws {
        let clock = ManualClock()
        try await OutboxFixture.with(clock: clock) { f in
            let (item, due) = try missed(f, clock, text: "a day late", late: 13 * 3_600)
            let limits = LateLimits(everywhere: 30 * 3_600, profiles: ["sandbox": 12 * 3_600])
            let summary = try await f.sender(clock: clock) { $0.lateLimits = limits }.run(.due(ids: nil))
            #expect(summary.sent.isEmpty && summary.failed.isEmpty, "\(f.progress.lines)")
            let held = try f.item(item.id)
            #expect(held.state == .held(because: .tooLate(scheduled: due, limit: 12 * 3_600)), "\(held.state)")
            #expect(held.state.heldReason?.code == "too-late")
            #expect(f.progress.lines.contains { $0.hasPrefix("\(item.title): held, not sent: its time, ") && $0.contains("late_limit of 12 h") },
                    "\(f.progress.lines)")
            #expect(try await f.copies(of: "a day late") == 0, "nothing was posted")

            // The reason survives the store, and `missive undo` gives back the queued item.
            #expect(try f.outbox.item(item.id).state.heldReason == .tooLate(scheduled: due, limit: 12 * 3_600))

            // Released now: due now, it is no missed time any more, and goes out.
            _ = try f.outbox.release([item.id], due: clock.now(), now: clock.now())
            let again = try await f.sender(clock: clock) { $0.lateLimits = limits }.run(.due(ids: nil))
            #expect(again.sent == [item.id], "\(f.progress.lines)")
            #expect(try await f.copies(of: "a day late") == 1)
        }
    }

    /// Within the limit it goes out late; queued for "now" and sent much later by hand, it is the
    /// ordinary two-step flow, neither late nor held.
    @Test func withinTheLimitItGoesAndAnItemQueuedForNowIsNoMissedTime() async throws {
        let clock = ManualClock()
        try await OutboxFixture.with(clock: clock) { f in
            let (late, _) = try missed(f, clock, text: "eleven hours late", late: 11 * 3_600 + 30)
            let draft = try f.draft("queued for now, sent a day later")
            let plain = try f.outbox.queue(draft: draft.id, dialect: .somethingawful, due: clock.now(), now: clock.now())
            clock.advance(by: .seconds(24 * 3_600))
            let summary = try await f.sender(clock: clock) { $0.lateLimits = LateLimits(everywhere: 36 * 3_600) }.run(.due(ids: nil))
            #expect(Set(summary.sent) == [late.id, plain.id], "\(f.progress.lines)")
            #expect(f.progress.lines.contains { $0.hasPrefix("\(late.title): sent: post ") && $0.hasSuffix("sent 1 day 11 h late)") },
                    "\(f.progress.lines)")
            #expect(!f.progress.lines.contains { $0.hasPrefix(plain.title) && $0.contains("late") }, "\(f.progress.lines)")
        }
    }

    /// A watch that wakes at the time sends on time: nothing is said about lateness.
    @Test func aWatchThatWakesOnTimeSaysNothingOfLateness() async throws {
        let clock = ManualClock()
        try await OutboxFixture.with(clock: clock) { f in
            let draft = try f.draft("on time")
            let item = try f.outbox.queue(draft: draft.id, dialect: .somethingawful, due: clock.now().addingTimeInterval(600),
                                          now: clock.now())
            let stop = StopSignal()
            let sender = f.sender(stop: stop, clock: clock) { $0.lateLimits = LateLimits(everywhere: 1) }
            let watch = Task { try await sender.run(.watch) }
            let sent = await waitFor { (try? f.item(item.id).state.name) == "sent" }
            stop.request("test")
            _ = try await watch.value
            #expect(sent, "\(f.progress.lines)")
            #expect(!f.progress.lines.contains { $0.contains(" late") || $0.contains("held") }, "\(f.progress.lines)")
        }
    }

    private func waitFor(_ condition: () -> Bool) async -> Bool {
        for _ in 0..<500 {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return condition()
    }
}

@Suite struct LateLimitTests {
    @Test func spansReadAsPeopleSayThem() {
        #expect(LocalClock.span(0.4) == "0 s")
        #expect(LocalClock.span(45) == "45 s")
        #expect(LocalClock.span(12 * 60 + 59) == "12 min")
        #expect(LocalClock.span(2 * 3_600 + 14 * 60 + 59) == "2 h 14 min")
        #expect(LocalClock.span(2 * 3_600) == "2 h")
        #expect(LocalClock.span(86_400 + 3 * 3_600) == "1 day 3 h")
        #expect(LocalClock.span(3 * 86_400) == "3 days")
    }

    @Test func lateLimitIsReadAtTheTopAndPerProfileAndWrittenBack() throws {
        let text = """
            late_limit = "12h"

            [profiles.sa]
            base_url = "https://forums.somethingawful.com/"
            late_limit = "90m"

            [profiles.other]
            base_url = "https://example.com/"
            """
        let config = try Config.parse(text, source: "config.toml")
        #expect(config.lateLimit == TimeInterval(12 * 3_600))
        #expect(config.lateLimit(for: "sa") == 90 * 60 && config.lateLimit(for: "other") == 12 * 3_600)
        #expect(try Config.parse(config.render(), source: "again") == config)
        #expect(try Config.parse("late_limit = 3600\n", source: "c").lateLimit == 3_600)
        #expect(throws: ConfigError.self) { try Config.parse("late_limit = \"soon\"\n", source: "c") }
        do {
            _ = try Config.parse("late_limit = \"0s\"\n", source: "c.toml")
        } catch {
            #expect(error.description.contains("c.toml:1: late_limit must be a length of time"), "\(error)")
        }
    }
}
