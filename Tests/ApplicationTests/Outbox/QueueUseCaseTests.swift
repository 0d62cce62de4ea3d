import Application
import Common
import Foundation
import Outbox
import Store
import Testing

@Suite("Queueing and changing the queue over a real store")
struct QueueUseCaseTests {
    @Test("drafts queue together for a later time and say so; the same revision again is refused")
    func queueLater() async throws {
        try await ApplicationFixture.with { fixture in
            let one = try fixture.replyDraft("one"), two = try fixture.replyDraft("two")
            let queue = QueueDrafts(fixture.local(), config: fixture.config)
            let items = try await queue.run(drafts: [one.id, two.id], at: "+2h")
            #expect(items.map(\.draftID) == [one.id, two.id])
            #expect(try items.map { try fixture.state($0.id) } == ["queued", "queued"])
            let due = try #require(items[0].state.due)
            #expect(due > Date().addingTimeInterval(7_000))
            #expect(fixture.console.notes.count == 2)
            #expect(fixture.console.notes[0].hasPrefix("queued item \(items[0].id) (draft d\(one.id)): \(items[0].command.summary), to be sent at "))
            await #expect(throws: OutboxError.self) { try await queue.run(drafts: [one.id], at: "now") }
        }
    }

    @Test("queueing without a saved session says so at once, naming the login to run; with one it says nothing more")
    func queueWhileLoggedOut() async throws {
        // Without a forum: no cookie jar at all, so no session.
        try await ApplicationFixture.with { fixture in
            let draft = try fixture.replyDraft("logged out")
            _ = try await QueueDrafts(fixture.local(), config: fixture.config, forums: fixture.forums).run(drafts: [draft.id], at: "+1h")
            #expect(fixture.console.notes.count == 2, "\(fixture.console.notes)")
            #expect(fixture.console.notes.last?.contains("you are not logged in to") == true)
            #expect(fixture.console.notes.last?.contains("(profile sandbox): run `missive login` before it is due") == true)
        }
        // The fixture's forum logs in first: the jar holds the session.
        try await ApplicationFixture.with(forum: true) { fixture in
            let draft = try fixture.replyDraft("logged in")
            _ = try await QueueDrafts(fixture.local(), config: fixture.config, forums: fixture.forums).run(drafts: [draft.id], at: "+1h")
            #expect(fixture.console.notes.count == 1, "\(fixture.console.notes)")
        }
    }

    @Test("a bad time, an unknown draft or an unknown profile queues nothing at all")
    func queueRefused() async throws {
        try await ApplicationFixture.with { fixture in
            let good = try fixture.replyDraft("good"), stray = try fixture.replyDraft("stray", profile: "nowhere")
            let queue = QueueDrafts(fixture.local(), config: fixture.config)
            await #expect(throws: SendTimeError.self) { try await queue.run(drafts: [good.id], at: "whenever") }
            await #expect(throws: (any Error).self) { try await queue.run(drafts: [good.id, 999], at: "now") }
            await #expect(throws: ConfigError.self) { try await queue.run(drafts: [good.id, stray.id], at: "now") }
            #expect(try Outbox(store: fixture.store).listing().isEmpty)
            #expect(fixture.console.notes.isEmpty)
        }
    }

    @Test("hold, release, reschedule, cancel and retry move an item; a bad time or unknown item changes nothing")
    func actions() async throws {
        try await ApplicationFixture.with { fixture in
            let draft = try fixture.replyDraft("to be moved")
            let id = try await QueueDrafts(fixture.local(), config: fixture.config).run(drafts: [draft.id], at: "+1h")[0].id
            let change = ChangeQueue(fixture.local())
            #expect(try change.run(.hold, items: [.item(id)]).map(\.state.name) == ["held"])
            #expect(throws: SendTimeError.self) { try change.run(.release(at: "soonish"), items: [.item(id)]) }
            #expect(try fixture.state(id) == "held")
            let released = try change.run(.release(at: "now"), items: [.item(id)])[0]
            #expect(released.state.name == "queued")
            #expect(try #require(released.state.due) <= Date())
            let later = try change.run(.reschedule(at: "+3h"), items: [.item(id)])[0]
            #expect(try #require(later.state.due) > Date().addingTimeInterval(10_000))
            #expect(throws: OutboxError.self) { try change.run(.cancel, items: [.item(id), .item(999)]) }
            #expect(try fixture.state(id) == "queued")
            #expect(try change.run(.cancel, items: [.item(id)]).map(\.state.name) == ["cancelled"])
            #expect(throws: OutboxError.self) { try change.run(.hold, items: [.item(id)]) }
            #expect(try change.run(.retry(at: "now"), items: [.item(id)]).map(\.state.name) == ["queued"])
            // The draft names the same item (its newest), and naming it both ways is one item named twice.
            #expect(try change.run(.hold, items: [.draft(draft.id)]).map(\.id) == [id])
            #expect(throws: ItemReferenceError.namedTwice(id)) { try change.run(.cancel, items: [.item(id), .draft(draft.id)]) }
            #expect(throws: ItemReferenceError.draftNotQueued(999)) { try change.run(.cancel, items: [.draft(999)]) }
        }
    }

    @Test("show gives the item, its attempts, and the draft's newer revision; an unknown item is not found")
    func show() async throws {
        try await ApplicationFixture.with { fixture in
            let draft = try fixture.replyDraft("first words")
            let id = try await QueueDrafts(fixture.local(), config: fixture.config).run(drafts: [draft.id], at: "+1h")[0].id
            #expect(try ShowQueueItem(fixture.local()).run(.item(id)).draftRevisionNow == 1)
            var content = draft.content
            content.body = "second words"
            _ = try fixture.store.saveRevision(of: draft.id, DraftWrite(content: content), now: Date())
            let detail = try ShowQueueItem(fixture.local()).run(.item(id))
            #expect(detail.item.draftRevision == 1)
            #expect(detail.draftRevisionNow == 2)
            #expect(detail.attempts.isEmpty)
            #expect(detail.item.command.bbcode.contains("first words"))
            #expect(throws: OutboxError.noSuchItem(id + 1)) { try ShowQueueItem(fixture.local()).run(.item(id + 1)) }
        }
    }

    @Test("undo takes a queueing back and redo does it again; with nothing done, undo refuses")
    func undoRedo() async throws {
        try await ApplicationFixture.with { fixture in
            let senders = LoopbackSenders(fixture: fixture)
            let history = StepHistory(fixture.local(), undoWindow: 0, senders: senders, progress: fixture.progress)
            await #expect(throws: StoreError.self) { _ = try await history.run(.undo) }
            let draft = try fixture.replyDraft("queued, then not")
            let id = try await QueueDrafts(fixture.local(), config: fixture.config).run(drafts: [draft.id], at: "+1h")[0].id
            // Nothing had to reach the forum (none runs here), so neither step sends.
            #expect(try await history.run(.undo) == nil)
            #expect(try fixture.state(id) == "cancelled")
            #expect(try await history.run(.redo) == nil)
            #expect(try fixture.state(id) == "queued")
            #expect(fixture.console.notes.count == 3)
        }
    }
}
