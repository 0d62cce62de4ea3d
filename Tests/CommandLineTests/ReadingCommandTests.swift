import Foundation
import Testing

/// `status`, `bookmarks`, `read` and `ignore` as a person runs them, against a sandbox process:
/// the other members are played through the sandbox's `/_sandbox/post` and `/_sandbox/pm`.
@Suite(.serialized) struct ReadingCommandTests {
    static let welcome = 3_500_001, closed = 3_500_002, long = 3_500_003

    /// Another member posts or sends a PM; the new id.
    private func play(_ sandbox: SandboxProcess, _ path: String, _ text: String) throws -> Int {
        let answer = try runProgram(["curl", "-s", "-X", "POST", "-H", "Content-Type: text/plain", "--data-binary", text,
                                     sandbox.baseURL + path])
        #expect(answer.status == 0, "\(answer.output)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(answer.output.utf8)) as? [String: Any])
        return try #require(object["id"] as? Int)
    }

    private func json(_ result: CommandResult) throws -> Any {
        #expect(result.status == 0, "\(result.errorOutput)")
        return try JSONSerialization.jsonObject(with: result.stdout)
    }

    @Test func statusShowsMessagesThreadsAndQuotesAndMovesNoReadPosition() throws {
        let sandbox = try SandboxProcess()
        try sandbox.logIn()
        for thread in [Self.welcome, Self.long, Self.closed] {
            let added = try sandbox.run(["bookmarks", "add", String(thread)])
            #expect(added.status == 0 && added.output == "Bookmarked thread \(thread).\n", "\(added.errorOutput)")
        }
        // Read the long thread and the welcome thread to their ends; the closed one never opened.
        #expect(try sandbox.run(["read", String(Self.long)]).status == 0)
        #expect(try sandbox.run(["read", String(Self.welcome)]).status == 0)
        for number in 1...2 { _ = try play(sandbox, "_sandbox/post?threadid=\(Self.long)&as=Zo%C3%AB", "News \(number).") }
        let quoting = try play(sandbox, "_sandbox/post?threadid=\(Self.welcome)&as=Zo%C3%AB",
                               "[quote=\"Missive Tester\" post=\"500000003\"]\nhi\n[/quote]\nAbout that.")
        let message = try play(sandbox, "_sandbox/pm?from=Zo%C3%AB&to=Missive%20Tester&subject=Lunch%3F", "Noon?")

        let marks = try #require(try json(sandbox.run(["bookmarks", "--json"])) as? [[String: Any]])
        let unread = Dictionary(uniqueKeysWithValues: marks.compactMap { mark in (mark["thread"] as? Int).map { ($0, mark["unread"]) } })
        #expect(unread[Self.long] as? Int == 2 && unread[Self.welcome] as? Int == 1)
        #expect(unread[Self.closed] is NSNull, "never opened: null")

        let status = try #require(try json(sandbox.run(["status", "--json"])) as? [String: Any])
        #expect(status["profile"] as? String == "sandbox")
        let messages = try #require(status["messages"] as? [[String: Any]])
        #expect(messages.contains { $0["id"] as? Int == message && $0["from"] as? String == "Zoë" && $0["subject"] as? String == "Lunch?" })
        let threads = try #require(status["threads"] as? [[String: Any]])
        #expect(Set(threads.compactMap { $0["thread"] as? Int }) == [Self.long, Self.welcome])
        let quotes = try #require(status["quotes"] as? [[String: Any]])
        #expect(quotes.count == 1 && quotes.first?["post"] as? Int == quoting && quotes.first?["author"] as? String == "Zoë"
                && quotes.first?["thread"] as? Int == Self.welcome)
        let outbox = try #require(status["outbox"] as? [String: Any])
        #expect((outbox["needs_you"] as? [Any])?.isEmpty == true && outbox["next_due"] is NSNull)

        // The cost: the bookmarks page, the inbox page and one page per thread with news.
        _ = try runProgram(["curl", "-s", "-X", "POST", sandbox.baseURL + "_sandbox/reset-requests"])
        #expect(try sandbox.run(["status", "--json"]).status == 0)
        let counted = try runProgram(["curl", "-s", sandbox.baseURL + "_sandbox/requests.json"])
        let counts = try #require(try JSONSerialization.jsonObject(with: Data(counted.output.utf8)) as? [String: Any])
        let gets = try #require(counts["gets"] as? [String: Int])
        #expect(gets == ["bookmarkthreads.php": 1, "private.php": 1, "showthread.php": 2], "\(counts)")
        #expect(counts["requests"] as? Int == 4, "\(counts)")

        let text = try sandbox.run(["status"])
        #expect(text.status == 0, "\(text.errorOutput)")
        #expect(text.output.contains("Zoë: Lunch?   missive pm show \(message)\n"), "\(text.output)")
        #expect(text.output.contains("A long thread (two pages): 2 new posts   missive read \(Self.long) --new\n"))
        #expect(text.output.contains("Zoë in Welcome to the sandbox (post \(quoting))   missive reply \(Self.welcome) --quote \(quoting)\n"))
        #expect(text.output.contains("Outbox\n  Nothing waiting.\n"))

        // status only looked: the counts and the PM's unread mark are as they were.
        let again = try #require(try json(sandbox.run(["bookmarks", "--json"])) as? [[String: Any]])
        #expect(again.first { $0["thread"] as? Int == Self.long }?["unread"] as? Int == 2)
        let inbox = try #require(try json(sandbox.run(["inbox", "--json"])) as? [[String: Any]])
        #expect(inbox.first { $0["id"] as? Int == message }?["unread"] as? Bool == true)
    }

    @Test func readNewStartsAtTheFirstUnreadPostAndMarksItReadUnlessNoMark() throws {
        let sandbox = try SandboxProcess()
        try sandbox.logIn()
        let whole = try sandbox.run(["read", String(Self.long)])
        #expect(whole.status == 0, "\(whole.errorOutput)")
        #expect(whole.output.hasPrefix("A long thread (two pages) (thread \(Self.long), pages 1 to 2 of 2)\n"), "\(whole.output)")
        #expect(whole.output.contains("Post number 1 of the long thread.") && whole.output.contains("Post number 45 of the long thread."))
        #expect(!whole.output.contains("More: missive read"), "two pages fit in five")
        let news = try (1...3).map { try play(sandbox, "_sandbox/post?threadid=\(Self.long)&as=Zo%C3%AB", "News \($0).") }

        let unmarked = try sandbox.run(["read", String(Self.long), "--new", "--no-mark"])
        #expect(unmarked.status == 0, "\(unmarked.errorOutput)")
        #expect(unmarked.output.hasPrefix("A long thread (two pages) (thread \(Self.long), page 2 of 2)\n\nZoë · "), "\(unmarked.output)")
        #expect(unmarked.output.contains("· post \(news[0])\n") && !unmarked.output.contains("Post number 45"))
        #expect(unmarked.output.hasSuffix("Answer: missive reply \(Self.long)\nQuote:  missive reply \(Self.long) --quote \(news[2])\n"),
                "\(unmarked.output)")

        let posts = try #require(try json(sandbox.run(["read", String(Self.long), "--new", "--json"])) as? [[String: Any]])
        #expect(posts.compactMap { $0["post"] as? Int } == news, "--no-mark left them unread: \(posts)")
        #expect(posts.first?["text"] as? String == "News 1." && posts.first?["author"] as? String == "Zoë")
        #expect(Set(posts.first?.keys.map { $0 } ?? []) == ["post", "author", "date", "date_text", "text", "quotes_you", "ignored"])
        let after = try #require(try json(sandbox.run(["read", String(Self.long), "--new", "--json"])) as? [[String: Any]])
        #expect(after.compactMap { $0["post"] as? Int } == [news[2]], "all read: the last post alone")
        let nothing = try sandbox.run(["read", String(Self.long), "--new"])
        #expect(nothing.output.contains("No new posts; the last post:\n"), "\(nothing.output)")
    }

    @Test func ignoredMembersAreOneLineAndStaffCannotBeIgnored() throws {
        let sandbox = try SandboxProcess()
        try sandbox.logIn()
        #expect(try sandbox.run(["ignore"]).output == "You ignore nobody.\n")
        let added = try sandbox.run(["ignore", "add", "Zoë"])
        #expect(added.status == 0 && added.output == "Zoë\n", "\(added.errorOutput)")
        let read = try sandbox.run(["read", String(Self.welcome)])
        #expect(read.output.contains("\nignored: Zoë (post 500000001)\n"), "\(read.output)")
        #expect(!read.output.contains("This is a practice forum"))
        let posts = try #require(try json(sandbox.run(["read", String(Self.welcome), "--json"])) as? [[String: Any]])
        #expect(posts.first?["ignored"] as? Bool == true && posts.first?["text"] is NSNull)

        let staff = try sandbox.run(["ignore", "add", "Moderator Mia"])
        #expect(staff.status == 65 && staff.errorOutput.hasPrefix("missive: "), "\(staff.status) \(staff.errorOutput)")
        #expect(staff.errorOutput.contains("Moderator Mia is a moderator/admin"))
        let unknown = try sandbox.run(["ignore", "add", "Nobody Here"])
        #expect(unknown.status == 67, "\(unknown.errorOutput)")
        let notListed = try sandbox.run(["ignore", "remove", "sandbox"])
        #expect(notListed.status == 67 && notListed.errorOutput.contains("not on the ignore list"))
        let json = try sandbox.run(["ignore", "remove", "zoë", "--json"])
        #expect(json.status == 0 && json.output == "[\n\n]\n", "\(json.output)")
    }

    @Test func aMisagoProfileHasNoIgnoreListAndReadsFromItsOwnForum() throws {
        let sandbox = try SandboxProcess()
        let added = try sandbox.run(["profiles", "add", "mg", "--engine", "misago", "--base-url", "http://127.0.0.1:9/"])
        #expect(added.status == 0, "\(added.errorOutput)")
        for arguments in [["ignore"], ["ignore", "add", "Zoë"]] {
            let ignore = try sandbox.run(arguments + ["--profile", "mg"])
            #expect(ignore.status == 69 && ignore.errorOutput == "missive: profile mg is a misago forum, and Misago has no ignore list "
                    + "(its API has no way to block a member)\n", "\(ignore.errorOutput)")
        }
        // Bookmarks (its watched threads) are asked of the Misago forum itself, which is not there.
        let bookmarks = try sandbox.run(["bookmarks", "--profile", "mg", "--timeout", "3"])
        #expect(bookmarks.status == 69 && bookmarks.errorOutput.contains("127.0.0.1:9"), "\(bookmarks.errorOutput)")
    }

    @Test func badInputHasItsOwnStatusAndADownForumIsNamed() throws {
        let sandbox = try SandboxProcess()
        let loggedOut = try sandbox.run(["bookmarks"])
        #expect(loggedOut.status == 77 && loggedOut.errorOutput.contains("missive login"), "\(loggedOut.errorOutput)")
        try sandbox.logIn()
        let bad = try sandbox.run(["read", "soon"])
        #expect(bad.status == 64 && bad.errorOutput.hasPrefix("missive: "), "\(bad.errorOutput)")
        #expect(try sandbox.run(["read", "1", "--page", "0"]).status == 64)
        #expect(try sandbox.run(["read", "1", "--page", "2", "--new"]).status == 64)
        let missing = try sandbox.run(["read", "3999999"])
        #expect(missing.status == 66 && missing.errorOutput.hasPrefix("missive: ") && missing.errorOutput.contains("thread"),
                "\(missing.status) \(missing.errorOutput)")
        #expect(try sandbox.run(["bookmarks", "add", "3999999"]).status == 66)
        let tooFar = try sandbox.run(["read", String(Self.welcome), "--page", "9"])
        #expect(tooFar.status == 66 && tooFar.errorOutput.contains("has 1 page"), "\(tooFar.errorOutput)")

        sandbox.stop()
        let down = try sandbox.run(["status", "--timeout", "5"])
        #expect(down.status == 69, "\(down.status) \(down.errorOutput)")
        #expect(down.output.contains("Could not get the inbox:") && down.output.contains("Could not get the bookmarks:"))
        #expect(down.output.contains("Outbox\n  Nothing waiting.\n"), "the outbox still shows")
        #expect(down.errorOutput.isEmpty, "the text says it once: \(down.errorOutput)")
        let json = try sandbox.run(["status", "--timeout", "5", "--json"])
        #expect(json.status == 69 && json.errorOutput.contains("missive: could not get messages:"), "\(json.errorOutput)")
        let object = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        #expect(object["messages"] is NSNull && object["threads"] is NSNull && object["outbox"] is [String: Any])
        #expect((object["unavailable"] as? [String: String])?.keys.sorted() == ["messages", "quotes", "threads"])
        #expect(!json.errorOutput.contains("Fatal error"))
    }

    @Test func statusNamesTheOutboxItemsThatNeedYouAndTheNextDue() async throws {
        let world = try await OutboxWorld()
        let ids = try await world.drafts([OutboxWorld.reply("To a closed thread.", thread: Self.closed),
                                          OutboxWorld.reply("Later.", thread: Self.welcome)])
        #expect(ids.count == 2)
        #expect(try await world.run(["queue", String(ids[0])]).status == 0)
        _ = try await world.run(["send"])
        #expect(try await world.run(["queue", String(ids[1]), "--at", "+2h"]).status == 0)
        let items = try await world.items()
        let failed = try #require(items.first { $0.value["state"] as? String == "failed" }?.key)
        let later = try #require(items.first { $0.value["state"] as? String == "queued" }?.key)

        let text = try await world.run(["status"])
        #expect(text.status == 0, "\(text.errorOutput)")
        #expect(text.output.contains("  item \(failed) reply to thread \(Self.closed): failed, the thread is closed   missive queue show \(failed)\n"),
                "\(text.output)")
        #expect(text.output.contains("  Next due: item \(later) reply to thread \(Self.welcome), "), "\(text.output)")
        // On a narrow terminal a command goes on a line of its own, under what it is for.
        let narrow = try await world.run(["status"], more: ["MISSIVE_COLUMNS": "60"])
        // (Its 61 columns used to go to the terminal whole, which broke "closed" after the "c".)
        #expect(narrow.output.contains("failed, the thread is\n    closed\n      missive queue show \(failed)\n"), "\(narrow.output)")
        // Narrower still, what a command is for is broken between words, never inside one.
        let narrower = try await world.run(["status"], more: ["MISSIVE_COLUMNS": "34"])
        let lines = narrower.output.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 34 }, "\(narrower.output)")
        #expect(narrower.output.contains("  item \(failed) reply to thread \(Self.closed):\n    failed, the thread is closed\n      missive queue show \(failed)\n"),
                "\(narrower.output)")
        #expect(text.output.contains("(in 2 h)   missive send\n") || text.output.contains("(in 1 h)   missive send\n"), "\(text.output)")
        let shown = try await world.run(["status", "--json"])
        let json = try #require(try JSONSerialization.jsonObject(with: shown.stdout) as? [String: Any])
        let outbox = try #require(json["outbox"] as? [String: Any])
        #expect((outbox["needs_you"] as? [[String: Any]])?.compactMap { $0["id"] as? Int } == [failed])
        #expect((outbox["next_due"] as? [String: Any])?["id"] as? Int == later)

        // Its time gone by with no sender running: overdue, not "next due" an hour ago.
        let moved = try runProgram(["sqlite3", world.store, "UPDATE outbox_item SET due = datetime('now', '-1 hour') WHERE id = \(later)"])
        #expect(moved.status == 0, "\(moved.output)")
        let late = try await world.run(["status"])
        #expect(late.output.contains("  Overdue: item \(later) reply to thread \(Self.welcome), due "), "\(late.output)")
        #expect(late.output.contains(" ago)   missive send\n") && !late.output.contains("Next due"), "\(late.output)")
    }
}
