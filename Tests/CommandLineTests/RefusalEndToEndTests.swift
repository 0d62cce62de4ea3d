import Common
import Foundation
import Testing

/// Every way the forum says no, end to end: the built `missive` against a `missive-sandbox`
/// process steered into each refusal (forum-protocol.md, "How failure looks" and "Real pages").
/// Each test checks what a user sees and what the forum got: the item's final state and reason,
/// the exit status of the send, the words on standard error, the POSTs the forum's posting
/// scripts received (one at most per send; none when the refusal comes on the form), and that
/// nothing was stored.
@Suite(.serialized) struct RefusalEndToEndTests {
    /// The account the world's profile is logged in as.
    static let tester = "Missive Tester"

    /// Queues the buffers as drafts and returns their outbox item ids; the forum's request counts
    /// start from zero after it.
    static func queue(_ world: OutboxWorld, _ buffers: [String]) async throws -> [Int] {
        let drafts = try await world.drafts(buffers)
        let queued = try await world.run(["queue"] + drafts.map(String.init))
        #expect(queued.status == 0, "\(queued.errorOutput)")
        try await world.control("reset-requests")
        return queued.output.split(separator: "\n").compactMap { Int($0) }
    }

    /// A world with one item queued from `buffer`, the forum then steered by `controls`
    /// (`OutboxWorld.control` paths), and `missive send` run: the world, the item, the send.
    static func sendOne(_ buffer: String, after controls: [String] = []) async throws -> (OutboxWorld, Int, CommandResult) {
        let world = try await OutboxWorld()
        let id = try #require(try await queue(world, [buffer]).first)
        for control in controls { try await world.control(control) }
        return (world, id, try await world.run(["send"]))
    }

    static func thread(_ text: String, forum: Int, subject: String) -> String {
        "---\nkind: thread\nforum: \(forum)\nsubject: \(subject)\nformat: bbcode\n---\n\(text)\n"
    }

    static func outcomes(_ item: [String: Any]) -> [String?] {
        (item["attempts"] as? [[String: Any]] ?? []).map { $0["outcome"] as? String }
    }

    static func date(_ value: Any?) -> Date? {
        (value as? String).flatMap { ISO8601DateFormatter().date(from: $0) }
    }

    /// Threads on the forum with this title, and posts or messages (anyone's) with this text.
    static func stored(_ world: OutboxWorld, title: String? = nil, text: String) async throws -> Int {
        let state = try await world.forum()
        let threads = (state["threads"] as? [[String: Any]] ?? []).filter { title != nil && $0["title"] as? String == title }
        let posts = (state["posts"] as? [[String: Any]] ?? []).filter { $0["text"] as? String == text }
        let messages = (state["messages"] as? [[String: Any]] ?? []).filter { $0["text"] as? String == text }
        return threads.count + posts.count + messages.count
    }

    /// What a final refusal leaves: the send exits 1 naming the item and its reason on standard
    /// error, the item is failed (reason containing `reason`) after one rejected attempt and
    /// without a receipt, `script` got `posts` POSTs, and the forum stored nothing. Returns the item.
    @discardableResult
    static func expectFailed(
        _ world: OutboxWorld, item id: Int, send: CommandResult, reason: String, script: String, posts: Int, text: String,
        title: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> [String: Any] {
        #expect(send.status == 1, "\(send.errorOutput)", sourceLocation: sourceLocation)
        let item = try await world.show(id)
        let stored = item["reason"] as? String ?? ""
        #expect(item["state"] as? String == "failed" && stored.contains(reason), "\(item)", sourceLocation: sourceLocation)
        #expect(send.errorOutput.contains("item \(id) (\(item["target"] as? String ?? "")): failed: \(stored)\n"),
                "\(send.errorOutput)", sourceLocation: sourceLocation)
        #expect(!send.errorOutput.contains(": sent"), "\(send.errorOutput)", sourceLocation: sourceLocation)
        #expect(outcomes(item) == ["rejected"] && item["post_id"] is NSNull && item["url"] is NSNull, "\(item)",
                sourceLocation: sourceLocation)
        let requests = try await world.requests()
        #expect(requests.posts[script] == posts && requests.allPosts == posts, "\(requests.posts)", sourceLocation: sourceLocation)
        #expect(try await Self.stored(world, title: title, text: text) == 0, sourceLocation: sourceLocation)
        return item
    }

    // MARK: 1. A closed thread

    @Test func aReplyToAClosedThreadFailsAndIsNeverRetried() async throws {
        let text = "into the closed thread"
        let (world, id, send) = try await Self.sendOne(OutboxWorld.reply(text, thread: 3_500_002))
        // The closed thread's reply form refuses: nothing is posted.
        let item = try await Self.expectFailed(world, item: id, send: send, reason: "the thread is closed", script: "newreply.php",
                                               posts: 0, text: text)
        #expect(item["reason"] as? String == "the thread is closed")

        // Never retried: a second run finds nothing due and sends nothing.
        let again = try await world.run(["send"])
        #expect(again.status == 0 && again.errorOutput.contains("nothing is due"), "\(again.errorOutput)")
        let named = try await world.run(["send", String(id)])
        #expect(named.errorOutput.contains("is failed; nothing to send"), "\(named.errorOutput)")
        #expect(try await world.requests().allPosts == 0)
        #expect(Self.outcomes(try await world.show(id)) == ["rejected"])
    }

    // MARK: 2. A new thread answered by the closed-thread redirect

    /// The refusal page's refresh points at a thread (the closed one): no evidence of a post. It
    /// once was taken for one and the item marked sent.
    @Test(arguments: [(forum: 7, fault: false), (forum: 1, fault: true)])
    func aNewThreadAnsweredByTheClosedThreadRedirectFails(forum: Int, fault: Bool) async throws {
        let world = try await OutboxWorld()
        let subject = "Knocking on forum \(forum)"
        let text = "a thread the forum turns away"
        let send: CommandResult
        let id: Int
        if fault {
            id = try #require(try await Self.queue(world, [Self.thread(text, forum: forum, subject: subject)]).first)
            try await world.failNextPost("closedredirect")
            send = try await world.run(["send"])
        } else {
            // As a user would: the compose command, sent at once.
            let body = world.home.appendingPathComponent("body.md")
            try text.write(to: body, atomically: true, encoding: .utf8)
            try await world.control("reset-requests")
            send = try await world.run(["thread", String(forum), "--subject", subject, "--no-edit", "--body-file", body.path, "--send"])
            id = try #require(try await world.items().keys.max())
        }
        // One POST, the submit the forum turned away.
        let item = try await Self.expectFailed(world, item: id, send: send, reason: "the thread is closed", script: "newthread.php",
                                               posts: 1, text: text, title: subject)
        #expect(item["reason"] as? String == "the thread is closed")
        #expect(try await world.requests().submits["newthread.php"] == 1)
        // The draft is not marked sent: it can be queued again once changed or the forum opens.
        let drafts = try await world.run(["drafts", "list"])
        #expect(drafts.output.contains(subject), "\(drafts.output)")
    }

    // MARK: 3. The session expired

    @Test func anExpiredSessionExits77AndTheItemWaitsForTheLogin() async throws {
        let text = "after the session expired"
        let (world, id, send) = try await Self.sendOne(OutboxWorld.reply(text), after: ["expire-sessions"])
        #expect(send.status == 77, "\(send.errorOutput)")
        #expect(send.errorOutput.contains("not logged in to profile sandbox: run `missive login --profile sandbox`; its items stay queued"),
                "\(send.errorOutput)")
        // Waiting for the login (`retrying`, due now), not failed.
        let item = try await world.show(id)
        #expect(item["state"] as? String == "retrying" && item["reason"] is NSNull, "\(item)")
        #expect(Self.outcomes(item) == ["not logged in"], "\(item)")
        #expect(try await world.requests().posts["newreply.php"] == 0, "the reply form was refused: nothing was posted")
        #expect(try await Self.stored(world, text: text) == 0)

        let login = try await world.run(["login", "--password-stdin"], stdin: "sandbox\n")
        #expect(login.status == 0, "\(login.errorOutput)")
        let again = try await world.run(["send"])
        #expect(again.status == 0, "\(again.errorOutput)")
        #expect(try await world.copies()[text] == 1)
        #expect(try await world.show(id)["state"] as? String == "sent")
        #expect(try await world.requests().submits["newreply.php"] == 1)
    }

    // MARK: 4. A PM without Platinum

    /// The tester's account loses Platinum, or the profile logs in as the seeded `noplatinum`.
    @Test(arguments: [false, true])
    func aPrivateMessageWithoutPlatinumFails(asNoPlatinum: Bool) async throws {
        let world = try await OutboxWorld()
        if asNoPlatinum {
            try await world.login(as: "noplatinum")
        } else {
            try await world.control("standing?user=\(Self.tester)&standing=noplatinum")
        }
        try await world.control("reset-requests")
        let text = "a message that needs Platinum"
        let body = world.home.appendingPathComponent("body.md")
        try text.write(to: body, atomically: true, encoding: .utf8)

        let send = try await world.run(["pm", "Zoë", "--subject", "hello", "--no-edit", "--body-file", body.path, "--send"])
        let id = try #require(try await world.items().keys.max())
        // Every private.php page is refused, the form too: nothing is posted.
        let item = try await Self.expectFailed(world, item: id, send: send, reason: "Platinum", script: "private.php", posts: 0, text: text)
        #expect(item["reason"] as? String == "private messages need the forum's Platinum upgrade on this account")
    }

    // MARK: 5. An archived thread

    @Test(arguments: [3_400_001, 3_400_002])
    func aReplyIntoAnArchivedThreadFailsNamingTheArchivesUpgrade(thread: Int) async throws {
        let text = "a reply into the archives"
        let (world, id, send) = try await Self.sendOne(OutboxWorld.reply(text, thread: thread))
        let item = try await Self.expectFailed(world, item: id, send: send, reason: "archives upgrade", script: "newreply.php",
                                               posts: 0, text: text)
        #expect(item["reason"] as? String == "that is in the forum's archives, which need the archives upgrade on this account")
    }

    // MARK: 6. Banned

    @Test func aBannedAccountFailsWithTheLinkToTheReason() async throws {
        let text = "from a banned account"
        let (world, id, send) = try await Self.sendOne(OutboxWorld.reply(text), after: ["standing?user=\(Self.tester)&standing=banned"])
        let item = try await Self.expectFailed(world, item: id, send: send, reason: "the account is banned", script: "newreply.php",
                                               posts: 0, text: text)
        #expect((item["reason"] as? String)?.hasPrefix("the account is banned; the reason: \(world.baseURL)banlist.php?userid=") == true,
                "\(item)")
    }

    // MARK: 7. Probation

    @Test func probationHoldsTheItemUntilItsEndNamedInLocalTime() async throws {
        let text = "written while on probation"
        let (world, id, send) = try await Self.sendOne(OutboxWorld.reply(text),
                                                       after: ["standing?user=\(Self.tester)&standing=probation&days=2"])
        #expect(send.status == 75, "\(send.errorOutput)")
        let item = try await world.show(id)
        #expect(item["state"] as? String == "retrying", "\(item)")
        let due = try #require(Self.date(item["due"]), "\(item)")
        // The forum writes the end to the minute, and the sender adds a small margin.
        #expect(abs(due.timeIntervalSinceNow - 2 * 24 * 3600) < 180, "due \(due)")
        // The end as the reader's clock shows it, with its date.
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        // The zone missive shows times in, as the C library reads the TZ the tests hand on.
        formatter.timeZone = LocalClock.zone
        formatter.dateFormat = "MMMM d, yyyy h:mm a"
        let end = formatter.string(from: due.addingTimeInterval(-2))
        #expect(send.errorOutput.contains("on probation until \(end)"), "\(end) in: \(send.errorOutput)")
        // Days ahead, the retry's time comes with its date (a bare clock time reads as one that passed).
        // Missive's one clock format: the date, its year only when another, and the minute.
        let sameYear = Calendar.current.component(.year, from: due) == Calendar.current.component(.year, from: Date())
        formatter.dateFormat = sameYear ? "MMM d HH:mm" : "MMM d yyyy HH:mm"
        let retry = formatter.string(from: due)
        #expect(send.errorOutput.contains("item \(id) (reply to thread 3500001): retrying at \(retry) (the account is on probation until"),
                "\(send.errorOutput)")
        #expect(send.errorOutput.contains("1 item waits: item \(id) (reply to thread 3500001) is retrying until \(retry);"),
                "\(send.errorOutput)")
        #expect(try await world.requests().posts["newreply.php"] == 0)
        #expect(try await Self.stored(world, text: text) == 0)

        // Sending again before the end asks the forum nothing.
        try await world.control("reset-requests")
        let again = try await world.run(["send"])
        #expect(again.status == 75, "\(again.errorOutput)")
        #expect(try await world.requests().allPosts == 0)
    }

    // MARK: 8. A database error

    @Test func aDatabaseErrorIsAWaitThenTheItemIsSentOnce() async throws {
        let text = "through the database error"
        let (world, id, send) = try await Self.sendOne(OutboxWorld.reply(text), after: ["fault?next=dberror"])
        #expect(send.status == 0, "\(send.errorOutput)")
        #expect(send.errorOutput.contains("retrying at") && send.errorOutput.contains("the forum's database is unavailable"),
                "\(send.errorOutput)")
        let item = try await world.show(id)
        #expect(item["state"] as? String == "sent", "\(item)")
        #expect(Self.outcomes(item) == ["retry", "sent"], "\(item)")
        #expect(try await world.copies()[text] == 1)
        // The refused POST stored nothing; the second one stored the post.
        #expect(try await world.requests().submits["newreply.php"] == 2)
    }

    // MARK: 9. Flood control

    @Test func floodControlIsWaitedOutAndBothRepliesGoOnce() async throws {
        let world = try await OutboxWorld(flood: 3)
        let texts = ["first under flood control", "second under flood control"]
        let ids = try await Self.queue(world, texts.map { OutboxWorld.reply($0) })
        #expect(ids.count == 2)

        let started = Date()
        let send = try await world.run(["send"])
        #expect(send.status == 0, "\(send.errorOutput)")
        #expect(Date().timeIntervalSince(started) >= 2, "the second waited for the interval")
        let items = try await world.items()
        #expect(ids.allSatisfy { items[$0]?["state"] as? String == "sent" }, "\(items)")
        let copies = try await world.copies()
        #expect(copies[texts[0]] == 1 && copies[texts[1]] == 1, "\(copies)")
        // Stored the interval apart (the forum's times are whole seconds).
        let posts = (try await world.forum()["posts"] as? [[String: Any]] ?? []).filter { texts.contains($0["text"] as? String ?? "") }
        let times = posts.compactMap { Self.date($0["postedAt"]) }.sorted()
        #expect(times.count == 2 && times[1].timeIntervalSince(times[0]) >= 2, "\(times)")
        // One submit each, and at most one more refused by the flood control.
        let submits = try await world.requests().submits["newreply.php"] ?? -1
        #expect((2...3).contains(submits), "\(submits)")
    }

    // MARK: 10. Cloudflare's challenge

    @Test func cloudflaresChallengeExits77AndNothingReachesThePostingScripts() async throws {
        let text = "past the bot check"
        let (world, id, send) = try await Self.sendOne(OutboxWorld.reply(text), after: ["cloudflare?challenge=on"])
        #expect(send.status == 77, "\(send.errorOutput)")
        #expect(send.errorOutput.contains("the forum's bot check (Cloudflare) answered instead of the forum"), "\(send.errorOutput)")
        #expect(send.errorOutput.contains("missive login --profile sandbox --cookies FILE"), "\(send.errorOutput)")
        let item = try await world.show(id)
        #expect(item["state"] as? String == "retrying" && item["reason"] is NSNull, "waiting, not failed: \(item)")
        #expect(Self.outcomes(item) == ["bot check"], "\(item)")
        let requests = try await world.requests()
        #expect(requests.allPosts == 0, "\(requests.posts)")
        #expect(try await Self.stored(world, text: text) == 0)

        try await world.control("cloudflare?challenge=off")
        let again = try await world.run(["send"])
        #expect(again.status == 0, "\(again.errorOutput)")
        #expect(try await world.copies()[text] == 1)
        #expect(try await world.requests().submits["newreply.php"] == 1)
    }

    // MARK: Bad inputs

    @Test func aReplyToAThreadThatDoesNotExistFailsInTheForumsWords() async throws {
        let text = "to nowhere"
        let (world, id, send) = try await Self.sendOne(OutboxWorld.reply(text, thread: 3_999_999))
        // Refused in the forum's words when the thread was read, before any POST.
        try await Self.expectFailed(world, item: id, send: send, reason: "Invalid thread specified.", script: "newreply.php",
                                    posts: 0, text: text)
    }
}
