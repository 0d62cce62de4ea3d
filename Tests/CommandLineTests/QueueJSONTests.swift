import Foundation
import Testing

/// `--json` of the queue for scripts: every key is there in every item, null when it has no value,
/// so that a script can read `item["due"]` of a held item without a KeyError.
@Suite struct QueueJSONTests {
    @Test func listAndShowGiveEveryKeyEvenWhenItHasNoValue() throws {
        let (home, item) = try QueueBadInputTests.queuedItem()
        defer { home.remove() }
        #expect(try home.run(["queue", "hold", item]).status == 0)

        let list = try #require(try QueueCommandTests.json(try home.run(["queue", "list", "--json"])) as? [[String: Any]])
        #expect(Set(try #require(list.first).keys) == [
            "id", "state", "due", "draft", "profile", "kind", "target", "attempts", "detail", "post_id", "url", "updated_at",
        ])
        #expect(list.first?["due"] is NSNull)

        let show = try #require(try QueueCommandTests.json(try home.run(["queue", "show", item, "--json"])) as? [String: Any])
        #expect(Set(show.keys) == [
            "id", "state", "due", "draft", "revision", "profile", "kind", "target", "post_id", "url", "reason", "evidence",
            "failures", "last_error", "bbcode", "attempts",
        ])
        #expect(show["state"] as? String == "held")
        #expect(show["due"] is NSNull && show["post_id"] is NSNull)
    }
}
