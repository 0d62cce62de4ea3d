import Foundation
import Testing
@testable import Forum
import Sandbox

/// Replies, quotes, edits, new threads and previews against the sandbox forum.
@Suite struct PostingTests {
    let welcome = Int(Seed.Ids.welcomeThread)
    /// A whole minute (the forum prints minutes), for a sandbox whose clock stands still.
    static let stoppedAt = Date(timeIntervalSince1970: 1_956_000_000)

    @Test func aReplyLandsExactlyAsWrittenAndTheReceiptNamesItsPost() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            let text = "Curly “quotes”, café, an emoji 😀 and CJK 日本\nsecond line [b]bold[/b]"
            let receipt = try #require(await adapter.reply(Reply(threadID: welcome, bbcode: text)).receipt)
            // The forum stores what was sent (the emoji and CJK as references) and shows the text.
            let post = try #require(try await sandbox.state().posts.first { $0.textShown == text })
            #expect(post.text.contains("&#128512;"))
            #expect(receipt == Receipt(kind: .post, id: Int(post.id), url: sandbox.url("showthread.php?goto=post&postid=\(post.id)")))
            #expect(post.threadId == Seed.Ids.welcomeThread)
            #expect(post.author == "sandbox")
        }
    }

    @Test func aClosedThreadIsRejected() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            #expect(await adapter.reply(Reply(threadID: Int(Seed.Ids.closedThread), bbcode: "let me in")) == .rejected(.threadClosed))
        }
    }

    @Test func floodControlSaysHowLongToWait() async throws {
        // The forum's clock stands still, so no time passes between the two posts.
        try await SandboxFixture.with(flood: 30, clock: StoppedClock(date: Self.stoppedAt)) { sandbox in
            let adapter = try await sandbox.loggedIn()
            #expect(await adapter.reply(Reply(threadID: welcome, bbcode: "first")).receipt != nil)
            let second = await adapter.reply(Reply(threadID: welcome, bbcode: "second"))
            guard case let .retryLater(after, .floodControl(message, interval)) = second else {
                Issue.record("expected flood control, got \(second)")
                return
            }
            #expect(after == .seconds(30))
            #expect(message.contains("between posts") && interval == 30)
            #expect(try await sandbox.state().posts.allSatisfy { $0.text != "second" })
        }
    }

    @Test func aTwoMegabytePostIsRefusedAsTooLong() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            let huge = String(repeating: "All work and no play. ", count: 2 * 1024 * 1024 / 22)
            let outcome = await adapter.reply(Reply(threadID: welcome, bbcode: huge))
            guard case let .rejected(.tooLong(limit, _)) = outcome else {
                Issue.record("expected too long, got \(outcome)")
                return
            }
            #expect(limit == 50_000)
        }
    }

    @Test func aThreadThatDoesNotExistIsRejectedInTheForumsWords() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            let outcome = await adapter.reply(Reply(threadID: 1, bbcode: "hello?"))
            guard case let .rejected(.doesNotExist(what, message)) = outcome else {
                Issue.record("expected no such thread, got \(outcome)")
                return
            }
            #expect(what == "thread" && message.contains("Invalid thread specified"))
            #expect(Rejection.doesNotExist(what: what, message: message).description.hasPrefix("that thread does not exist on the forum"))
        }
    }

    @Test func probationStopsPostingAndSaysUntilWhen() async throws {
        try await SandboxFixture.with(clock: StoppedClock(date: Self.stoppedAt)) { sandbox in
            let adapter = try await sandbox.loggedIn(as: "probation")
            let outcome = await adapter.reply(Reply(threadID: welcome, bbcode: "may I?"))
            guard case let .rejected(.probation(until, _)) = outcome else {
                Issue.record("expected probation, got \(outcome)")
                return
            }
            // The seeded probation lasts three days from when the sandbox was made.
            #expect(until == Self.stoppedAt.addingTimeInterval(3 * 24 * 3600))
        }
    }

    @Test func aQuoteComesBackAsTheForumsBBCode() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            let quoted = try await adapter.quote(postID: Int(Seed.Ids.othersPost))
            let original = try #require(try await sandbox.state().posts.first { $0.id == Seed.Ids.othersPost })
            #expect(quoted.hasPrefix("[quote=\"Zoë\" post=\"\(Seed.Ids.othersPost)\"]\n\(original.text)\n[/quote]"))
        }
    }

    @Test func textFullOfMarkdownAndMarkupSurvivesAQuoteAndAnEdit() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            let tricky = "*stars* _under_ # not a heading `tick` [b]x[/b] <b>raw</b> &amp; &lt; \\ [/quote] \u{00A0}nbsp"
            let posted = try #require(await adapter.reply(Reply(threadID: welcome, bbcode: tricky)).receipt?.id)
            #expect(try await adapter.postSource(postID: posted) == tricky)
            #expect(try await adapter.quote(postID: posted).contains("\n\(tricky)\n[/quote]"))
        }
    }

    @Test func anOwnPostCanBeEditedAndSomeoneElsesCannot() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            let own = Int(Seed.Ids.ownPost)
            #expect(try await adapter.postSource(postID: own).hasPrefix("Thanks!"))
            let receipt = try #require(await adapter.edit(postID: own, bbcode: "Edited 😀").receipt)
            #expect(receipt == Receipt(kind: .edit, id: own, url: sandbox.url("showthread.php?goto=post&postid=\(own)")))
            #expect(try await sandbox.state().posts.first { $0.id == Seed.Ids.ownPost }?.textShown == "Edited 😀")

            let outcome = await adapter.edit(postID: Int(Seed.Ids.othersPost), bbcode: "vandalism")
            guard case .rejected(.noPermission) = outcome else {
                Issue.record("expected no permission, got \(outcome)")
                return
            }
            await #expect(throws: ForumError.self) { try await adapter.postSource(postID: Int(Seed.Ids.othersPost)) }
        }
    }

    @Test func aNewThreadLandsWithItsIconAndTag() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            let forum = Int(Seed.Ids.askTellForum)
            let icons = try await adapter.postIcons(forumID: forum)
            #expect(icons.contains { $0.group == "iconid" && $0.id == "62" && $0.title == "News" && $0.imageURL != nil })
            // Ask/Tell's tags as the real form has them: 0 TMA (checked), 1 AMA.
            #expect(icons.contains { $0.group == "tma_ama" && $0.id == "1" && $0.title.uppercased() == "AMA" })
            let thread = NewThread(forumID: forum, subject: "Missive: ask me 😀", bbcode: "Opening post", iconID: "62",
                                   secondaryTag: "AMA")
            let receipt = try #require(await adapter.newThread(thread).receipt)
            let stored = try #require(try await sandbox.state().threads.first { $0.titleShown == "Missive: ask me 😀" })
            #expect(receipt == Receipt(kind: .thread, id: Int(stored.id), url: sandbox.url("showthread.php?threadid=\(stored.id)")))
            #expect(stored.iconId == 62)
            #expect(stored.secondaryTagId == 1)
            #expect(stored.forumId == Seed.Ids.askTellForum)
        }
    }

    @Test func aPreviewFirstForumGetsItsPreviewThenTheThread() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            // SA-Mart offers only Preview and has a tag group; the tag must survive the preview's form too.
            let forum = Int(Seed.Ids.samartForum)
            let tag = try #require(TagGroup.groups(in: try await adapter.postIcons(forumID: forum)).first?.tags.last)
            let thread = NewThread(forumID: forum, subject: "Previewed", bbcode: "[i]art[/i]", secondaryTag: tag.id)
            let receipt = try #require(await adapter.newThread(thread).receipt)
            let state = try await sandbox.state()
            let stored = try #require(state.threads.first { $0.title == "Previewed" })
            #expect(receipt == Receipt(kind: .thread, id: Int(stored.id), url: sandbox.url("showthread.php?threadid=\(stored.id)")))
            #expect(stored.forumId == Seed.Ids.samartForum)
            #expect(state.posts.first { $0.id == stored.postIds.first }?.text == "[i]art[/i]")
            #expect(stored.secondaryTagId.map(String.init) == tag.id)
        }
    }

    @Test func anIconTheForumDoesNotOfferIsRefusedBeforeSending() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            let before = try await sandbox.state().threads.count
            let outcome = await adapter.newThread(NewThread(forumID: Int(Seed.Ids.generalForum), subject: "s", bbcode: "b", iconID: "9999"))
            guard case let .rejected(.invalid(message)) = outcome else {
                Issue.record("expected invalid, got \(outcome)")
                return
            }
            #expect(message.contains("9999"))
            #expect(try await sandbox.state().threads.count == before)
        }
    }

    @Test func aForumNotAcceptingThreadsSaysSo() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            let outcome = await adapter.newThread(NewThread(forumID: Int(Seed.Ids.archiveForum), subject: "s", bbcode: "b"))
            guard case .rejected(.noPermission) = outcome else {
                Issue.record("expected no permission, got \(outcome)")
                return
            }
        }
    }

    @Test func aPreviewIsTheForumsOwnRenderingAndPostsNothing() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            let text = "[b]strong[/b] words\nand a second line"
            let before = try await sandbox.state().posts.count
            let preview = try await adapter.preview(.reply(threadID: welcome), bbcode: text)
            let edit = try await adapter.preview(.edit(postID: Int(Seed.Ids.ownPost)), bbcode: text)
            #expect(try await sandbox.state().posts.count == before)
            #expect(edit == preview)

            // The same text, posted, reads the same on the thread page.
            let postID = try #require(await adapter.reply(Reply(threadID: welcome, bbcode: text)).receipt?.id)
            let page = try await adapter.page(adapter.postURL(postID))
            let body = try #require(page.first("//table[@id='post\(postID)']//td[contains(@class, 'postbody')]"))
            #expect(body.readableText == preview.text)
            #expect(preview.text.hasPrefix("strong words"))
            #expect(preview.html.hasPrefix("<b>strong</b> words"))
        }
    }
}
