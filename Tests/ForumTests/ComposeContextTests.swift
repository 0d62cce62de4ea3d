import Foundation
import Testing
@testable import Forum
import Sandbox

/// What the sandbox forum tells a compose command before its editor opens: may it write there,
/// and what was said (the reply form's thread review, the PM answered).
@Suite struct ComposeContextTests {
    let welcome = Int(Seed.Ids.welcomeThread)

    @Test func aReplyIsOpenWithTheThreadsPostsNewestLast() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            let context = await adapter.composeContext(.reply(threadID: welcome))
            #expect(context.standing == .open)
            #expect(context.posts.map(\.id) == [Int(Seed.Ids.othersPost), Int(Seed.Ids.ownPost), Int(Seed.Ids.ownPost) + 1])
            #expect(context.posts.map(\.author) == ["Zoë", "sandbox", "Zoë"])
            let first = try #require(context.posts.first)
            #expect(first.text == """
                This is a practice forum. Nothing here leaves your computer.
                Bold, italic, links (https://example.com) and :cheers: all work.
                """)
            // The forum's own clock, as the page writes it: "Nov 27, 2026 14:02".
            #expect(first.date.range(of: #"^[A-Z][a-z]{2} \d{1,2}, \d{4} \d{2}:\d{2}$"#, options: .regularExpression) != nil, "\(first.date)")
            #expect(context.posts.last?.text == "> sandbox posted:\n> Thanks!\n\nYou're welcome.")
        }
    }

    @Test func aLongThreadGivesItsFortyNewestPosts() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            let context = await adapter.composeContext(.reply(threadID: Int(Seed.Ids.longThread)))
            #expect(context.standing == .open)
            // The seeded thread has 45 posts: the review holds the newest 40, numbers 6 to 45.
            #expect(context.posts.map(\.text) == (6...45).map { "Post number \($0) of the long thread." })
            let ids = context.posts.compactMap(\.id)
            #expect(ids.count == 40 && ids == ids.sorted())
        }
    }

    @Test func aPostReadsBackWithNestedQuotesSmilieCodesAndPictures() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            let bbcode = """
                [quote="Ann" post="1"]
                [quote="Bob" post="2"]
                deepest :)
                [/quote]
                middle
                [/quote]
                Cheers :cheers: [img]https://i.example.com/cat.png[/img]
                [timg]https://i.example.com/big.jpg[/timg]
                """
            #expect(await adapter.reply(Reply(threadID: welcome, bbcode: bbcode)).receipt != nil)
            let newest = try #require(await adapter.composeContext(.reply(threadID: welcome)).posts.last)
            #expect(newest.author == "sandbox")
            #expect(newest.text == """
                > Ann posted:
                > > Bob posted:
                > > deepest :)
                >
                > middle

                Cheers :cheers: [img]https://i.example.com/cat.png[/img]
                [timg]https://i.example.com/big.jpg[/timg]
                """)
        }
    }

    @Test func anEditOfOnesOwnPostIsOpenAndANewThreadToo() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            // The edit page carries the post (its textarea), not a thread review.
            #expect(await adapter.composeContext(.edit(postID: Int(Seed.Ids.ownPost))) == ComposeContext(standing: .open))
            #expect(await adapter.composeContext(.newThread(forumID: Int(Seed.Ids.generalForum))) == ComposeContext(standing: .open))
            #expect(await adapter.composeContext(.privateMessage(replyingTo: nil)) == ComposeContext(standing: .open))
        }
    }

    @Test func aPrivateMessageReplyCarriesTheMessageAnswered() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            let context = await adapter.composeContext(.privateMessage(replyingTo: Int(Seed.Ids.inboxMessage)))
            #expect(context.standing == .open)
            #expect(context.posts.count == 1)
            let message = try #require(context.posts.first)
            #expect(message.id == Int(Seed.Ids.inboxMessage) && message.author == "Zoë")
            #expect(message.text == "Welcome! Reply to this message to try PMs.")
            #expect(!message.date.isEmpty)
        }
    }
}
