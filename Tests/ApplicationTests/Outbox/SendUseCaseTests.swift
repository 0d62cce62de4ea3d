import Application
import Common
import Foundation
import Outbox
import Sandbox
import Store
import Testing

@Suite("Sending through the sandbox forum on loopback")
struct SendUseCaseTests {
    @Test("what is due goes out and is proven sent; a second run finds nothing and names what comes next")
    func sendDue() async throws {
        try await ApplicationFixture.with(forum: true) { fixture in
            let now = try fixture.replyDraft("sent by the use case")
            let later = try fixture.replyDraft("not yet")
            let queue = QueueDrafts(fixture.local(), config: fixture.config)
            let due = try await queue.run(drafts: [now.id], at: "now")[0].id
            let scheduled = try await queue.run(drafts: [later.id], at: "+2h")[0].id
            let send = SendQueued(fixture.local(), senders: LoopbackSenders(fixture: fixture), progress: fixture.progress)
            let summary = try await send.run(.due(ids: nil))
            #expect(summary.sent == [due])
            #expect(try fixture.state(due) == "sent")
            #expect(try fixture.state(scheduled) == "queued")
            #expect(try await fixture.forumState().posts.contains { $0.text.contains("sent by the use case") })
            #expect(try ConcludeSend(fixture.local()).run(summary) == nil)

            let again = try await send.run(.due(ids: [due, scheduled]))
            #expect(again.sent.isEmpty && again.failed.isEmpty && again.waiting.isEmpty)
            #expect(fixture.console.notes.contains { $0.hasSuffix("is sent; nothing to send") })
            #expect(fixture.console.notes.contains { $0.contains("is scheduled for") && $0.contains("queue reschedule \(scheduled) --at now") })
            #expect(try ConcludeSend(fixture.local()).run(again) == nil)
            #expect(fixture.console.notes.last?.hasPrefix("nothing is due; next: ") == true)
        }
    }

    @Test("a forum that cannot be reached leaves the item waiting, and the run ends as a temporary failure")
    func unreachable() async throws {
        try await ApplicationFixture.with(forum: true) { fixture in
            let draft = try fixture.replyDraft("nowhere to go", profile: "offline")
            let id = try await QueueDrafts(fixture.local(), config: fixture.config).run(drafts: [draft.id], at: "now")[0].id
            let summary = try await SendQueued(fixture.local(), senders: LoopbackSenders(fixture: fixture), progress: fixture.progress)
                .run(.due(ids: [id]))
            #expect(summary.sent.isEmpty)
            #expect(summary.waiting == [id])
            #expect(try fixture.state(id) != "sent")
            #expect(throws: UseCaseError.self) {
                do { _ = try ConcludeSend(fixture.local()).run(summary) } catch let error as UseCaseError {
                    #expect(error.status == .tempFailure)
                    #expect(error.description.hasPrefix("1 item waits: "))
                    throw error
                }
            }
        }
    }

    @Test("a stopped run, a failure and a lost session each end the run their own way")
    func conclusions() async throws {
        try await ApplicationFixture.with { fixture in
            let conclude = ConcludeSend(fixture.local())
            // A run over an empty outbox (no forum is asked) gives a summary to shape each ending from.
            let empty = try await SendQueued(fixture.local(), senders: LoopbackSenders(fixture: fixture), progress: fixture.progress)
                .run(.due(ids: nil))
            var stopped = empty
            stopped.stoppedBy = "SIGTERM"
            stopped.waiting = [7]
            #expect(try conclude.run(stopped) == "SIGTERM")
            #expect(fixture.console.notes == ["stopped by SIGTERM; item 7 waits for the next `missive send`"])
            var failed = empty
            failed.failed = [3, 4]
            #expect(throws: UseCaseError(.failure, "items 3, 4 failed; `missive queue show ID` says why, `missive queue retry ID` tries again")) {
                try conclude.run(failed)
            }
            var lost = empty
            lost.notLoggedIn = ["sandbox"]
            #expect(throws: OutboxError.notLoggedIn(profile: "sandbox")) { try conclude.run(lost) }
        }
    }

    @Test("--send sends the saved draft once its window closes; --queue only queues it; a bad time queues nothing")
    func deliver() async throws {
        try await ApplicationFixture.with(forum: true) { fixture in
            var config = fixture.config
            config.undoWindow = 0
            let deliver = DeliverDraft(fixture.local(), config: config, senders: LoopbackSenders(fixture: fixture), progress: fixture.progress)
            let sent = try fixture.replyDraft("delivered at once")
            let summary = try #require(try await deliver.run(sent, .send))
            #expect(summary.sent.count == 1)
            #expect(try await fixture.forumState().posts.contains { $0.text.contains("delivered at once") })

            let queued = try fixture.replyDraft("delivered later")
            #expect(try await deliver.run(queued, .queue(at: "+1h")) == nil)
            let items = try Outbox(store: fixture.store).listing(states: ["queued"])
            #expect(items.map(\.draftID) == [queued.id])
            await #expect(throws: SendTimeError.self) { _ = try await deliver.run(try fixture.replyDraft("never"), .queue(at: "yesterday-ish")) }
            #expect(try Outbox(store: fixture.store).listing().count == 2)
        }
    }
}
