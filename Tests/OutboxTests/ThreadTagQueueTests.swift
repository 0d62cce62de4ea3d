import Foundation
import Store
import Testing
@testable import Outbox

/// A new thread's second tag on its way through the outbox: queued with the draft's `tag:`, and
/// items stored before the tag existed still read.
@Suite struct ThreadTagQueueTests {
    @Test func aThreadDraftsTagIsQueuedWithItAndSurvivesTheStore() throws {
        try QueueTests.withStore { store in
            let outbox = Outbox(store: store)
            let now = Date()
            let tagged = try QueueTests.draft(store, kind: .thread, target: DraftTarget(forum: 3, tag: " AMA "), subject: "Ask me")
            let item = try outbox.queue(draft: tagged.id, dialect: .somethingawful, due: now, now: now)
            #expect(item.command == .newThread(forumID: 3, subject: "Ask me", bbcode: "text", tag: "AMA"))
            #expect(try outbox.item(item.id).command == item.command)

            let untagged = try QueueTests.draft(store, kind: .thread, target: DraftTarget(forum: 4), subject: "Plain")
            let plain = try outbox.queue(draft: untagged.id, dialect: .somethingawful, due: now, now: now)
            #expect(plain.command == .newThread(forumID: 4, subject: "Plain", bbcode: "text"))
        }
    }

    @Test func aNewThreadStoredBeforeTagsExistedStillDecodes() throws {
        // The JSON an item held before `tag` was added: no such key.
        let old = #"{"newThread":{"forumID":3,"subject":"Old","bbcode":"b","iconID":"60"}}"#
        #expect(try ForumCommand.decode(old, item: 1) == .newThread(forumID: 3, subject: "Old", bbcode: "b", iconID: "60"))
        let new = ForumCommand.newThread(forumID: 3, subject: "New", bbcode: "b", tag: "selling")
        #expect(try ForumCommand.decode(try new.encoded(), item: 2) == new)
    }
}
