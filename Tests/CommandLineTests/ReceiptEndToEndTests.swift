import Foundation
import Testing

/// Issue 22, "a receipt is the post itself", through the binary against a `missive-sandbox`
/// process. The sandbox's `phantom` fault answers a post with the forum's ordinary success page
/// ("Thank you for posting!", a link naming `goto=post&postid=P`) while storing nothing, as the
/// forum did to Awful.app's users whose posts "looked like success" and vanished (#625). Missive
/// opens the link before it calls anything sent: finding no post of ours with our text there, the
/// item is unknown, and the next `send` reconciles it (not there) and posts it exactly once.
@Suite(.serialized) struct ReceiptEndToEndTests {
    /// A world whose unknown items may be reconciled a second after the send.
    private static func world() async throws -> OutboxWorld {
        try await OutboxWorld(config: ["undo_window = 0", "retry_base = 1", "reconcile_grace = 1"])
    }

    private static func bodyFile(_ world: OutboxWorld, _ text: String) throws -> String {
        let file = world.home.appendingPathComponent("body-\(UUID().uuidString).md")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    /// `missive reply 3500001 --send` with `text` as the body, which must end well.
    @discardableResult
    private static func replyAtOnce(_ world: OutboxWorld, _ text: String) async throws -> CommandResult {
        let reply = try await world.run(["reply", "3500001", "--no-edit", "--format", "bbcode", "--body-file", try bodyFile(world, text), "--send"])
        #expect(reply.status == 0, "\(reply.output)\n\(reply.errorOutput)")
        return reply
    }

    /// The newest item's id and `queue show --json`.
    private static func newestItem(_ world: OutboxWorld) async throws -> (Int, [String: Any]) {
        let id = try #require(try await world.items().keys.max())
        return (id, try await world.show(id))
    }

    /// What `queue show` says of the item, as a person reads it.
    private static func shown(_ world: OutboxWorld, _ id: Int) async throws -> String {
        let result = try await world.run(["queue", "show", String(id)])
        #expect(result.status == 0, "\(result.errorOutput)")
        return result.output
    }

    /// The item is unknown, `queue show` says so with the evidence, and the text is not on the forum.
    private static func expectUnknown(_ world: OutboxWorld, _ id: Int, text: String, evidence: String) async throws {
        let item = try await world.show(id)
        #expect(item["state"] as? String == "unknown", "\(item)")
        let shown = try await shown(world, id)
        #expect(shown.contains("unknown"), "\(shown)")
        #expect(shown.contains(evidence), "\(shown)")
        #expect(try await world.copies()[text] == nil)
    }

    /// `missive send` after the grace: reconcile finds nothing and the item goes out once.
    private static func expectReconciledOnce(_ world: OutboxWorld, _ id: Int, text: String, script: String) async throws {
        try await Task.sleep(for: .seconds(1.2))
        let send = try await world.run(["send"])
        #expect(send.status == 0, "\(send.output)\n\(send.errorOutput)")
        let item = try await world.show(id)
        #expect(item["state"] as? String == "sent", "\(item)")
        #expect(try await world.copies()[text] == 1)
        // Two submits in all: the one answered with a phantom, and the one reconcile allowed.
        #expect(try await world.requests().submits[script] == 2)
    }

    /// As a user sends it: `reply --send` meets the phantom, the item is unknown with the
    /// evidence, the same run checks with the forum (not there) and posts it once.
    @Test func aReplySentAtOnceWhoseSuccessPageNamesAMissingPostIsCheckedAndPostedOnce() async throws {
        let world = try await Self.world()
        let text = "a reply the forum thanked me for and lost"
        try await world.failNextPost("phantom")
        let reply = try await Self.replyAtOnce(world, text)
        // The link names a post the forum does not have: its page is "Invalid post specified".
        let said = reply.output + reply.errorOutput
        #expect(said.contains("no clear answer (the forum's answer names post"), "\(said)")
        #expect(said.contains("it had not arrived"), "\(said)")
        let (_, item) = try await Self.newestItem(world)
        #expect(item["state"] as? String == "sent", "\(item)")
        let attempts = (item["attempts"] as? [[String: Any]] ?? []).map { $0["outcome"] as? String ?? "" }
        #expect(attempts == ["unknown", "absent", "sent"], "\(item)")
        #expect(try await world.copies()[text] == 1)
        #expect(try await world.requests().submits["newreply.php"] == 2)
    }

    /// Queued, then `send --max-wait 0` meets the phantom and leaves the item unknown; `queue
    /// show` says so with the evidence; the next `send` reconciles it and posts it once.
    private static func phantomThenReconcile(_ world: OutboxWorld, draft: [String], text: String, script: String, evidence: String) async throws {
        let made = try await world.run(draft)
        #expect(made.status == 0, "\(made.output)\n\(made.errorOutput)")
        let said = made.output + made.errorOutput
        let number = said.range(of: #"created draft \d+"#, options: .regularExpression).map { said[$0].split(separator: " ").last ?? "" }
        let draftID = try #require(number.flatMap { Int($0) }, "\(said)")
        #expect(try await world.run(["queue", String(draftID)]).status == 0)
        try await world.failNextPost("phantom")
        let first = try await world.run(["send", "--max-wait", "0"])
        #expect(first.status == 75, "\(first.output)\n\(first.errorOutput)")
        let (id, _) = try await Self.newestItem(world)
        try await Self.expectUnknown(world, id, text: text, evidence: evidence)
        try await Self.expectReconciledOnce(world, id, text: text, script: script)
    }

    @Test func aReplyWhoseSuccessPageNamesAMissingPostIsUnknownAndReconcilePostsItOnce() async throws {
        let world = try await Self.world()
        let text = "a queued reply the forum thanked me for and lost"
        try await Self.phantomThenReconcile(world, draft: ["reply", "3500001", "--no-edit", "--format", "bbcode", "--body-file", try Self.bodyFile(world, text)],
                                            text: text, script: "newreply.php", evidence: "Invalid post specified")
    }

    @Test func anEditWhoseSuccessPageShowsTheOldTextIsUnknownAndReconcileEditsOnce() async throws {
        let world = try await Self.world()
        let before = "the post as it stood"
        try await Self.replyAtOnce(world, before)
        let posts = (try await world.forum()["posts"] as? [[String: Any]]) ?? []
        let postID = try #require(posts.first { $0["text"] as? String == before }?["id"] as? Int)

        let after = "the post as I edited it"
        // The success page names the post, which still holds the old text.
        try await Self.phantomThenReconcile(world, draft: ["edit-post", String(postID), "--no-edit", "--format", "bbcode",
                                                           "--body-file", try Self.bodyFile(world, after)],
                                            text: after, script: "editpost.php", evidence: "does not hold the text sent")
        #expect(try await world.copies()[before] == nil)
    }

    @Test func aPrivateMessageWhoseSuccessPageLeadsToAFolderWithoutItIsUnknownAndReconcileSendsItOnce() async throws {
        let world = try await Self.world()
        let text = "a message the forum said it sent"
        try await Self.phantomThenReconcile(world, draft: ["pm", "sandbox", "--subject", "phantom", "--no-edit", "--format", "bbcode",
                                                           "--body-file", try Self.bodyFile(world, text)],
                                            text: text, script: "private.php", evidence: "Sent Items does not show the message")
    }

    /// A normal reply is still sent, at the cost of opening its link once: the forum's
    /// `goto=post` jump (a redirect, as the forum's is) and the thread page it leads to, where
    /// the post shows our text, so its source (the edit form) is never read. The outbox's own
    /// reconcile marker, read before the POST, is the `goto=lastpost` jump and its page.
    @Test func aNormalReplyIsConfirmedByOpeningItsLinkOnce() async throws {
        let world = try await Self.world()
        let text = "a reply with [b]bold[/b] words, a :cheers: smilie, &#91;b] as text and an emoji 😀"
        try await world.control("reset-requests")
        let reply = try await Self.replyAtOnce(world, text)
        let (_, item) = try await Self.newestItem(world)
        #expect(item["state"] as? String == "sent", "\(item)")
        let posts = (try await world.forum()["posts"] as? [[String: Any]]) ?? []
        #expect(posts.filter { ($0["text"] as? String ?? "").hasPrefix("a reply with [b]bold[/b] words") }.count == 1)
        let requests = try await world.requests()
        #expect(requests.submits["newreply.php"] == 1)
        #expect(requests.gets == ["newreply.php": 1, "showthread.php?goto=lastpost": 1, "showthread.php?goto=post": 1, "showthread.php": 2],
                "\(requests.gets)")
    }
}
