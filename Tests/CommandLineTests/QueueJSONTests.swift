import Foundation
import Testing

/// `--json` of the queue for scripts: every key is there in every item, null when it has no value,
/// so that a script can read `item["due"]` of a held item without a KeyError.
@Suite struct QueueJSONTests {
    /// A sent item's post id is a number, as every other id in --json is.
    @Test func aSentItemsPostIDIsANumber() async throws {
        let world = try await OutboxWorld()
        let ids = try await world.drafts([OutboxWorld.reply("post id as a number")])
        #expect(try await world.run(["queue", String(ids[0])]).status == 0)
        let send = try await world.run(["send"])
        #expect(send.status == 0, "\(send.errorOutput)")
        let listed = try await world.items()
        let post = try #require(listed[1]?["post_id"] as? Int, "\(listed)")
        let shown = try #require(try JSONSerialization.jsonObject(with: try await world.run(["queue", "show", "1", "--json"]).stdout) as? [String: Any])
        #expect(shown["post_id"] as? Int == post && post > 0, "\(shown)")
        #expect((shown["url"] as? String)?.hasSuffix("postid=\(post)") == true, "\(shown)")
    }

    @Test func listAndShowGiveEveryKeyEvenWhenItHasNoValue() throws {
        let (home, item) = try QueueBadInputTests.queuedItem()
        defer { home.remove() }
        #expect(try home.run(["queue", "hold", item]).status == 0)

        let list = try #require(try QueueCommandTests.json(try home.run(["queue", "list", "--json"])) as? [[String: Any]])
        #expect(Set(try #require(list.first).keys) == Self.rowKeys)
        #expect(list.first?["due"] is NSNull)

        let show = try #require(try QueueCommandTests.json(try home.run(["queue", "show", item, "--json"])) as? [String: Any])
        #expect(Set(show.keys) == Self.itemKeys)
        #expect(show["state"] as? String == "held")
        #expect(show["due"] is NSNull && show["post_id"] is NSNull)
        // One name, one meaning: the list's count is the number of attempts that show lists.
        #expect(show["attempt_count"] as? Int == list.first?["attempt_count"] as? Int)
        #expect((show["attempts"] as? [Any])?.count == show["attempt_count"] as? Int)
        #expect(show["updated_at"] as? String == list.first?["updated_at"] as? String)
    }

    /// `queue add --json`, `queue show --json` and `send --json` give an item the same shape, so a
    /// script reads what `add` printed the way it reads what `show` prints later.
    @Test func addShowAndSendGiveOneItemShape() throws {
        let home = try MissiveHome()
        defer { home.remove() }
        let id = try QueueCommandTests.buffers(home).reply
        let added = try #require(try QueueCommandTests.json(try home.run(["queue", String(id), "--at", "+2h", "--json"])) as? [[String: Any]])
        let first = try #require(added.first)
        #expect(added.count == 1)
        #expect(Set(first.keys) == Self.itemKeys)
        #expect(added.first?["attempt_count"] as? Int == 0 && added.first?["bbcode"] is String)
        let item = try #require(added.first?["id"] as? Int)

        // A send with nothing due: every list and the stop reason are there, empty or null.
        let sent = try #require(try QueueCommandTests.json(try home.run(["send", "--json", "--max-wait", "0"])) as? [String: Any])
        #expect(Set(sent.keys) == ["sent", "failed", "waiting", "not_logged_in", "bot_check", "stopped_by"])
        #expect(sent["stopped_by"] is NSNull)

        let show = try #require(try QueueCommandTests.json(try home.run(["queue", "show", String(item), "--json"])) as? [String: Any])
        #expect(Set(show.keys) == Self.itemKeys)
    }

    static let rowKeys: Set<String> = [
        "id", "state", "due", "draft", "profile", "kind", "target", "attempt_count", "flood_waits", "detail", "post_id", "url",
        "updated_at", "via", "remote_state",
    ]

    static let itemKeys: Set<String> = [
        "id", "state", "due", "draft", "revision", "profile", "kind", "target", "post_id", "url", "reason", "reason_code", "evidence",
        "failures", "last_error", "bbcode", "attempt_count", "flood_waits", "attempts", "updated_at", "via", "remote_state", "remote_item",
    ]
}
