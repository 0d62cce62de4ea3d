import Common
import Foundation
import Testing
@testable import Forum
import Sandbox

/// Reading as a member, against the sandbox over loopback: bookmarks with unread counts (nil for
/// a thread never opened), thread pages from the first unread post, marking and not marking read,
/// posts that quote the reader, ignored posts, and the ignore list (staff refused).
@Suite struct ReadingTests {
    let welcome = Int(Seed.Ids.welcomeThread)
    let long = Int(Seed.Ids.longThread)
    let closed = Int(Seed.Ids.closedThread)

    /// Another member posts (or sends a PM) through the sandbox's control; its new id.
    private func play(_ sandbox: SandboxFixture, _ path: String, _ text: String) async throws -> Int {
        let client = try HTTPClient(settings: HTTPSettings(userAgent: "missive/test"))
        let url = try #require(URL(string: path, relativeTo: sandbox.server.baseURL)?.absoluteURL)
        let response = try await client.send(HTTPRequest(method: .post, url: url, body: Array(text.utf8), contentType: "text/plain"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        return try #require((object["id"] as? NSNumber)?.intValue)
    }

    /// The error a read ends with, or nil when it succeeds.
    private func failure<T>(_ body: () async throws(ForumError) -> T) async -> ForumError? {
        do {
            _ = try await body()
            return nil
        } catch {
            return error
        }
    }

    @Test func bookmarksSayHowManyPostsAreUnreadAndNothingForAThreadNeverOpened() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            #expect(try await adapter.bookmarks(limit: 40).isEmpty)
            for thread in [welcome, long, closed] { try await adapter.setBookmark(thread: thread, true) }
            var marks = try await adapter.bookmarks(limit: 40)
            #expect(Set(marks.map(\.thread)) == [welcome, long, closed])
            #expect(marks.allSatisfy { $0.unread == nil }, "never opened: the forum does not say")
            #expect(marks.first { $0.thread == closed }?.closed == true)

            _ = try await adapter.threadPage(long, at: .page(1), marking: .markRead)
            _ = try await adapter.threadPage(closed, at: .page(1), marking: .markRead)
            _ = try await adapter.threadPage(welcome, at: .page(1), marking: .leaveUnread)
            marks = try await adapter.bookmarks(limit: 40)
            #expect(marks.first { $0.thread == long }?.unread == 5)
            #expect(marks.first { $0.thread == closed }?.unread == 0)
            #expect(marks.first { $0.thread == welcome }?.unread == nil, "noseen=1 left it unopened")
            #expect(marks.first { $0.thread == long }?.title == "A long thread (two pages)")

            try await adapter.setBookmark(thread: welcome, false)
            #expect(try await adapter.bookmarks(limit: 40).map(\.thread).contains(welcome) == false)
            #expect(try await adapter.bookmarks(limit: 1).count == 1, "the limit holds")

            let missing = await failure { () async throws(ForumError) in try await adapter.setBookmark(thread: 3_999_999, true) }
            guard case .rejected(.doesNotExist(what: "thread", _))? = missing else {
                Issue.record("expected no such thread, got \(String(describing: missing))")
                return
            }
        }
    }

    @Test func readingFromTheFirstUnreadPostMarksItReadUnlessAskedNotTo() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            let first = try await adapter.threadPage(long, at: .page(1), marking: .markRead)
            #expect(first.posts.count == 40 && first.pages == 2 && first.page == 1)
            #expect(first.posts.allSatisfy { !$0.seen } && first.posts.first?.index == 1)
            #expect(first.reader == "sandbox" && first.title == "A long thread (two pages)")

            let byNumber = try await adapter.threadPage(long, at: .post(number: 41), marking: .leaveUnread)
            #expect(byNumber.page == 2 && byNumber.posts.first?.index == 41)
            #expect(try await adapter.threadPage(long, at: .post(number: 40), marking: .leaveUnread).page == 1)
            let new = try await adapter.threadPage(long, at: .firstUnread, marking: .leaveUnread)
            #expect(new.page == 2 && new.firstUnread?.index == 41 && new.firstUnread?.text == "Post number 41 of the long thread.")
            let again = try await adapter.threadPage(long, at: .firstUnread, marking: .markRead)
            #expect(again.page == 2, "--no-mark left the position at 40")
            let done = try await adapter.threadPage(long, at: .firstUnread, marking: .leaveUnread)
            #expect(done.page == 2 && done.firstUnread == nil, "everything read: the last page, nothing unread")

            for position in [ThreadPosition.firstUnread, .page(1)] {
                let missing = await failure { () async throws(ForumError) in
                    try await adapter.threadPage(3_999_999, at: position, marking: .markRead)
                }
                #expect(missing?.status == .noInput, "\(String(describing: missing))")
            }
        }
    }

    @Test func aPostQuotingTheReaderIsMarkedAndIgnoredMembersArePostsWithoutText() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            let quoting = try await play(sandbox, "_sandbox/post?threadid=\(welcome)&as=Zo%C3%AB",
                                         "[quote=\"sandbox\" post=\"\(Seed.Ids.ownPost)\"]\nThanks!\n[/quote]\nYou're welcome :cheers:")
            let plain = try await play(sandbox, "_sandbox/post?threadid=\(welcome)&as=Zo%C3%AB", "sandbox posted:\nnot a quote")
            var page = try await adapter.threadPage(welcome, at: .page(1), marking: .leaveUnread)
            let post = try #require(page.posts.first { $0.id == quoting })
            #expect(post.quotesYou && post.author == "Zoë" && !post.ignored)
            #expect(post.text?.contains("> Thanks!") == true && post.text?.contains(":cheers:") == true, "\(post.text ?? "")")
            #expect(page.posts.first { $0.id == plain }?.quotesYou == false, "words that look like a quote's line are not one")
            #expect(page.posts.first { $0.id == Int(Seed.Ids.ownPost) }?.quotesYou == false)

            #expect(try await adapter.ignoreList().isEmpty)
            #expect(try await adapter.setIgnoreList(["Zoë"]) == ["Zoë"])
            page = try await adapter.threadPage(welcome, at: .page(1), marking: .leaveUnread)
            let hidden = try #require(page.posts.first { $0.id == quoting })
            #expect(hidden.ignored && hidden.text == nil && hidden.author == "Zoë" && !hidden.quotesYou)
            #expect(page.posts.first { $0.id == Int(Seed.Ids.ownPost) }?.ignored == false)

            let staff = await failure { () async throws(ForumError) in
                try await adapter.setIgnoreList(["Zoë", Seed.Account.staff.username])
            }
            guard case let .rejected(.invalid(message))? = staff else {
                Issue.record("staff were ignored: \(String(describing: staff))")
                return
            }
            #expect(message.contains("\(Seed.Account.staff.username) is a moderator/admin"))
            let unknown = await failure { () async throws(ForumError) in try await adapter.setIgnoreList(["Nobody Here"]) }
            #expect(unknown == .rejected(.noSuchUser("Nobody Here")), "\(String(describing: unknown))")
            #expect(try await adapter.ignoreList() == ["Zoë"], "refusals changed nothing")
            #expect(try await adapter.setIgnoreList([]).isEmpty)
        }
    }

    @Test func readingNeedsALogin() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try sandbox.adapter(jar: "nobody")
            let refused = await failure { () async throws(ForumError) in try await adapter.bookmarks(limit: 40) }
            #expect(refused?.status == .noPermission, "\(String(describing: refused))")
        }
    }

    @Test func theReplyContextHidesIgnoredMembersToo() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            _ = try await adapter.setIgnoreList(["Zoë"])
            let context = await adapter.composeContext(.reply(threadID: welcome))
            #expect(context.posts.map(\.author) == ["Zoë", "sandbox", "Zoë"])
            #expect(context.posts.map(\.ignored) == [true, false, true])
            #expect(context.posts.first?.text == "" && context.posts.last?.text == "", "the forum hides their text")
            #expect(context.posts[1].text == "Thanks! I can edit this post, but not the one above.")
        }
    }
}
