import Foundation
import Testing
@testable import Forum

/// The compose question asked of the real Misago engine: its posts API answers it.
extension MisagoEngineTests {
    @Suite struct ComposeContexts {
        @Test func aReplyIsOpenWithTheThreadsPostsNewestLastInOneRequest() async throws {
            let fixture = try await MisagoThreadFixture.make()
            let reply = "[quote=\"Bob\"]\nsomething said before\n[/quote]\nAnd my answer."
            #expect(await fixture.member.reply(Reply(threadID: fixture.threadID, bbcode: reply)).receipt != nil)

            let before = try await fixture.engine.mark()
            let context = await fixture.starter.composeContext(.reply(threadID: fixture.threadID))
            #expect(context.standing == .open)
            #expect(context.title == "A thread for a test", "the thread's title, for the buffer's heading")
            #expect(context.posts.map(\.text) == ["The first post of the thread.", "> Bob has written:\n> something said before\n\nAnd my answer."])
            #expect(context.posts.last?.author == fixture.memberName)
            let ids = context.posts.compactMap(\.id)
            #expect(ids.count == 2 && ids == ids.sorted())
            #expect(context.posts.allSatisfy { !$0.date.isEmpty })
            // One page of posts: one request.
            #expect(try await fixture.engine.requests(since: before).map(\.description)
                == ["GET /api/threads/\(fixture.threadID)/posts/ 200"])
        }

        @Test func aMissingThreadIsRefusedAndAClosedOneIsRefusedAsClosed() async throws {
            let fixture = try await MisagoThreadFixture.make()
            let missing = await fixture.member.composeContext(.reply(threadID: 987_654)).standing
            guard case .refused(.doesNotExist(what: "thread", _)) = missing else {
                Issue.record("expected doesNotExist(thread), got \(missing)")
                return
            }
            let (admin, _) = try await fixture.engine.loggedIn(MisagoEngine.admin, in: fixture.directory)
            let closing = await admin.write(.patch, "api/threads/\(fixture.threadID)/",
                                            json: [["op": "replace", "path": "is-closed", "value": true]], subject: .thread)
            guard case .ok = closing else {
                Issue.record("the admin could not close the thread: \(closing)")
                return
            }
            #expect(await fixture.member.composeContext(.reply(threadID: fixture.threadID)) == ComposeContext(standing: .refused(.threadClosed)))
            // The forum team may still reply there: the engine's own permission decides, not the flag.
            #expect(await admin.composeContext(.reply(threadID: fixture.threadID)).standing == .open)
        }

        @Test func aPrivateReplyCarriesTheLastMessageOnly() async throws {
            let engine = try await MisagoEngine.get()
            let directory = try misagoTestDirectory()
            let (sender, senderName) = try await engine.loggedIn(in: directory)
            let (recipient, recipientName) = try await engine.loggedIn(in: directory)
            let outcome = await sender.send(PrivateMessage(to: recipientName, subject: "Context", bbcode: "The first word :)"))
            let threadID = try #require(outcome.receipt?.id)
            let answer = PrivateMessage(to: senderName, subject: "Re: Context", bbcode: "The last word.", relation: .reply(to: threadID))
            #expect(await recipient.send(answer).receipt != nil)

            let context = await sender.composeContext(.privateMessage(replyingTo: threadID))
            #expect(context.standing == .open)
            #expect(context.posts.map(\.author) == [recipientName])
            #expect(context.posts.map(\.text) == ["The last word."])
            #expect(await sender.composeContext(.privateMessage(replyingTo: nil)) == ComposeContext(standing: .open))
        }

        @Test func aMissingCategoryIsRefusedAndAnExistingOneIsOpen() async throws {
            let fixture = try await MisagoThreadFixture.make()
            #expect(await fixture.member.composeContext(.newThread(forumID: MisagoEngine.firstCategory)) == ComposeContext(standing: .open))
            let missing = await fixture.member.composeContext(.newThread(forumID: 9_876)).standing
            guard case .refused(.doesNotExist(what: "category", _)) = missing else {
                Issue.record("expected doesNotExist(category), got \(missing)")
                return
            }
        }
    }
}
