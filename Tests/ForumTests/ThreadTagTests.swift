import Foundation
import Testing
@testable import Forum
import Sandbox

/// A new thread's second tag (Ask/Tell's TMA/AMA, SA-Mart's selling...) against the sandbox:
/// named by title or value, and refused before anything is posted when the form does not offer it.
@Suite struct ThreadTagTests {
    /// The sandbox's first forum with a tag group, and that group as its form offers it.
    private func taggedForum(_ adapter: SomethingAwfulAdapter) async throws -> (forum: Int, group: TagGroup) {
        for forum in [Seed.Ids.askTellForum, Seed.Ids.previewFirstForum].map({ Int($0) }) {
            if let group = TagGroup.groups(in: try await adapter.postIcons(forumID: forum)).first { return (forum, group) }
        }
        throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "no sandbox forum has a tag group"])
    }

    @Test func aTagNamedByItsTitleInAnyCaseLandsWithItsValue() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            let (forum, group) = try await taggedForum(adapter)
            let tag = try #require(group.tags.last)
            #expect(!tag.title.isEmpty)
            let thread = NewThread(forumID: forum, subject: "By title", bbcode: "b", secondaryTag: tag.title.uppercased())
            #expect(await adapter.newThread(thread).receipt != nil)
            let stored = try #require(try await sandbox.state().threads.first { $0.title == "By title" })
            #expect(stored.secondaryTagId.map(String.init) == tag.id)
        }
    }

    @Test func anUnknownTagIsRefusedBeforeSendingAndTheValidOnesAreNamed() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            let (forum, group) = try await taggedForum(adapter)
            let before = try await sandbox.state().threads.count
            let outcome = await adapter.newThread(NewThread(forumID: forum, subject: "s", bbcode: "b", secondaryTag: "sold"))
            guard case let .rejected(.invalid(message)) = outcome else {
                Issue.record("expected invalid, got \(outcome)")
                return
            }
            #expect(message.hasPrefix("forum \(forum) has no tag 'sold'; its tags: "))
            for tag in group.tags { #expect(message.contains(tag.title)) }
            #expect(message.contains("`missive icons \(forum)`"))
            #expect(try await sandbox.state().threads.count == before)
        }
    }

    @Test func aTagOnAForumWithoutATagGroupIsRefused() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            let forum = Int(Seed.Ids.generalForum)
            #expect(TagGroup.groups(in: try await adapter.postIcons(forumID: forum)).isEmpty)
            let outcome = await adapter.newThread(NewThread(forumID: forum, subject: "s", bbcode: "b", secondaryTag: "1"))
            guard case let .rejected(.invalid(message)) = outcome else {
                Issue.record("expected invalid, got \(outcome)")
                return
            }
            #expect(message.contains("forum \(forum) has no thread tags"))
        }
    }

    @Test func aFormThatChoosesNoTagNeedsOne() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            let (forum, group) = try await taggedForum(adapter)
            let before = try await sandbox.state().threads.count
            let outcome = await adapter.newThread(NewThread(forumID: forum, subject: "s", bbcode: "b"))
            if group.defaultTag != nil {
                // A form with a default sends it, as a browser would.
                #expect(outcome.receipt != nil)
                return
            }
            guard case let .rejected(.invalid(message)) = outcome else {
                Issue.record("expected invalid, got \(outcome)")
                return
            }
            #expect(message.contains("wants a thread tag (\(group.name))"))
            #expect(try await sandbox.state().threads.count == before)
        }
    }
}
