import Foundation
import Testing

/// `missive thread --tag` and front matter `tag:` against the sandbox: a forum's second tag group
/// (Ask/Tell's, SA-Mart's), named by title or value, reaching the forum; and refusals before
/// anything is posted. Tags are read from `missive icons --json`, so the test follows the sandbox.
@Suite(.serialized) struct ThreadTagCommandTests {
    /// The seeded sandbox's forums with a tag group (Sources/Sandbox/Seed.swift).
    static let askTellForum = 3
    // SA-Mart: preview first, with its sale-type tags.
    static let previewFirstForum = 5

    /// A forum's tag groups as `icons --json` gives them.
    static func tagGroups(_ world: OutboxWorld, forum: Int) async throws -> [[String: Any]] {
        let result = try await world.run(["icons", String(forum), "--json"])
        #expect(result.status == 0, "\(result.errorOutput)")
        let listing = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        return try #require(listing["tag_groups"] as? [[String: Any]])
    }

    static func tags(of group: [String: Any]) throws -> [(id: String, title: String)] {
        try #require(group["tags"] as? [[String: Any]]).compactMap { tag in
            guard let id = tag["id"] as? String, let title = tag["title"] as? String else { return nil }
            return (id, title)
        }
    }

    /// The thread with this title on the forum, as state.json holds it.
    static func thread(_ world: OutboxWorld, titled title: String) async throws -> [String: Any]? {
        (try await world.forum()["threads"] as? [[String: Any]])?.first { $0["title"] as? String == title }
    }

    static func body(_ world: OutboxWorld, _ text: String) throws -> String {
        let url = world.home.appendingPathComponent("body-\(UUID().uuidString).md")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test func aTagNamedByTitleOrByValueReachesTheForum() async throws {
        let world = try await OutboxWorld()
        let group = try #require(try await Self.tagGroups(world, forum: Self.askTellForum).first)
        let tags = try Self.tags(of: group)
        let byTitle = try #require(tags.last)
        let byValue = try #require(tags.first)
        let file = try Self.body(world, "Ask me anything")

        let title = try await world.run(["thread", String(Self.askTellForum), "--subject", "Tagged by title",
                                         "--tag", byTitle.title.uppercased(), "--body-file", file, "--no-edit", "--send"])
        #expect(title.status == 0, "\(title.errorOutput)")
        let first = try #require(try await Self.thread(world, titled: "Tagged by title"))
        #expect((first["secondaryTagId"] as? Int).map(String.init) == byTitle.id)
        #expect(try await world.run(["drafts", "show", title.output.trimmingCharacters(in: .whitespacesAndNewlines), "--json"])
            .output.contains("\"tag\" : \"\(byTitle.title.uppercased())\""))

        let value = try await world.run(["thread", String(Self.askTellForum), "--subject", "Tagged by value",
                                         "--tag", byValue.id, "--body-file", file, "--no-edit", "--send"])
        #expect(value.status == 0, "\(value.errorOutput)")
        let second = try #require(try await Self.thread(world, titled: "Tagged by value"))
        #expect((second["secondaryTagId"] as? Int).map(String.init) == byValue.id)
    }

    @Test func aTagInTheFrontMatterReachesAPreviewFirstForum() async throws {
        let world = try await OutboxWorld()
        let group = try #require(try await Self.tagGroups(world, forum: Self.previewFirstForum).first)
        let tag = try #require(try Self.tags(of: group).last)
        let ids = try await world.drafts([
            "---\nkind: thread\nforum: \(Self.previewFirstForum)\nsubject: From front matter\ntag: \(tag.title.lowercased())\n"
                + "format: bbcode\n---\nfor sale\n",
        ])
        let draft = try #require(ids.first)
        #expect(try await world.run(["queue", String(draft)]).status == 0)
        let send = try await world.run(["send"])
        #expect(send.status == 0, "\(send.errorOutput)")
        let thread = try #require(try await Self.thread(world, titled: "From front matter"))
        #expect((thread["secondaryTagId"] as? Int).map(String.init) == tag.id)
    }

    @Test func anUnknownTagIsRefusedWithTheValidOnesAndNothingIsPosted() async throws {
        let world = try await OutboxWorld()
        let tags = try Self.tags(of: try #require(try await Self.tagGroups(world, forum: Self.askTellForum).first))
        let before = try await world.httpGet("_sandbox/state.json")
        let file = try Self.body(world, "never posted")

        let result = try await world.run(["thread", String(Self.askTellForum), "--subject", "Wrong tag", "--tag", "sold",
                                          "--body-file", file, "--no-edit", "--send"])
        #expect(result.status == 65)
        let expected = "missive: forum \(Self.askTellForum) has no tag 'sold'; its tags: "
            + tags.map(\.title).joined(separator: ", ") + " (`missive icons \(Self.askTellForum)`)\n"
        #expect(result.errorOutput == expected)
        #expect(result.output.isEmpty, "no draft was made")
        #expect(try await world.httpGet("_sandbox/state.json") == before)

        // The same tag from the front matter gets past the command line; the send refuses it before posting.
        let ids = try await world.drafts([
            "---\nkind: thread\nforum: \(Self.askTellForum)\nsubject: Wrong tag\ntag: sold\nformat: bbcode\n---\nnever posted\n",
        ])
        #expect(try await world.run(["queue", String(try #require(ids.first))]).status == 0)
        let send = try await world.run(["send"])
        #expect(send.status == 1)
        #expect(send.output.contains("has no tag 'sold'") || send.errorOutput.contains("has no tag 'sold'"))
        #expect(try await Self.thread(world, titled: "Wrong tag") == nil)
    }

    @Test(arguments: [
        (["--tag", ""], 64, "--tag is empty"),
        (["--tag", "   "], 64, "--tag is empty"),
    ])
    func anEmptyTagIsAUsageError(arguments: [String], status: Int32, words: String) async throws {
        let world = try await OutboxWorld()
        let result = try await world.run(["thread", String(Self.askTellForum), "--subject", "s", "--no-edit",
                                          "--body-file", try Self.body(world, "b")] + arguments)
        #expect(result.status == status)
        #expect(result.errorOutput.contains(words), "\(result.errorOutput)")
    }

    @Test func aTagOnAForumWithoutTagsIsRefused() async throws {
        let world = try await OutboxWorld()
        #expect(try await Self.tagGroups(world, forum: ComposeIDs.generalForum).isEmpty)
        let result = try await world.run(["thread", String(ComposeIDs.generalForum), "--subject", "s", "--tag", "AMA",
                                          "--no-edit", "--body-file", try Self.body(world, "b")])
        #expect(result.status == 65)
        #expect(result.errorOutput.contains("forum \(ComposeIDs.generalForum) has no thread tags"), "\(result.errorOutput)")
        #expect(result.errorOutput.contains("`missive icons \(ComposeIDs.generalForum)`"))
    }

    @Test func offlineTheTagIsKeptAndCheckedAtSendTime() async throws {
        let world = try await OutboxWorld()
        await world.stopSandbox()
        let result = try await world.run(["thread", String(Self.askTellForum), "--subject", "Offline", "--tag", "sold",
                                          "--no-edit", "--body-file", try Self.body(world, "b")])
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.errorOutput.contains("warning: could not check tag 'sold'"))
        #expect(result.errorOutput.contains("it is checked when the thread is sent"))
    }
}
