import Foundation
import Testing
@testable import Forum

/// A thread made for one test by an account of its own, and a second account to reply in it.
struct MisagoThreadFixture {
    let engine: MisagoEngine
    let directory: URL
    let starter: MisagoAdapter
    let member: MisagoAdapter
    let memberName: String
    let threadID: Int

    static func make(title: String = "A thread for a test") async throws -> MisagoThreadFixture {
        let engine = try await MisagoEngine.get()
        let directory = try misagoTestDirectory()
        let starter = try await engine.loggedIn(in: directory).adapter
        let (member, memberName) = try await engine.loggedIn(in: directory)
        let outcome = await starter.newThread(NewThread(forumID: MisagoEngine.firstCategory, subject: title, bbcode: "The first post of the thread."))
        guard case let .sent(receipt) = outcome, let threadID = receipt.id else {
            throw MisagoEngine.EngineError(description: "the fixture's thread was not made: \(outcome)")
        }
        return MisagoThreadFixture(engine: engine, directory: directory, starter: starter, member: member, memberName: memberName, threadID: threadID)
    }

    /// The thread's newest post id, read the way a send reads its reconcile marker.
    func lastPost(_ adapter: MisagoAdapter? = nil) async throws -> Int {
        try await (adapter ?? member).read(MisagoJSON.Thread.self, "api/threads/\(threadID)/", subject: .thread).lastPost ?? 0
    }

    /// The engine's flood interval has to pass between two posts of one account.
    static func waitOutFloodInterval() async throws {
        try await Task.sleep(for: MisagoAnswer.floodInterval + .milliseconds(300))
    }
}

extension MisagoEngineTests {
    @Suite struct Posting {
        @Test func repliesQuotesAndEditsEndToEnd() async throws {
            let fixture = try await MisagoThreadFixture.make()
            let markup = "A reply with **bold** text.\nAnd a second line."
            let outcome = await fixture.member.reply(Reply(threadID: fixture.threadID, bbcode: markup))
            guard case let .sent(receipt) = outcome, receipt.kind == .post, let postID = receipt.id else {
                Issue.record("expected a sent post, got \(outcome)")
                return
            }
            #expect(receipt.url?.absoluteString.hasSuffix("/\(fixture.threadID)/post/\(postID)/") == true)

            // Its own post by its bare id (found among the account's posts) and by its URL.
            #expect(try await fixture.member.postSource(postID: postID) == markup)
            let address = try #require(MisagoPostAddress(url: receipt.url?.absoluteString ?? ""))
            #expect(address == MisagoPostAddress(threadID: fixture.threadID, postID: postID))
            // Another's source is for those who may edit it.
            await #expect(throws: ForumError.rejected(.noPermission("You can't edit other users posts in this category."))) {
                try await fixture.starter.postSource(address)
            }
            // Another's post by its URL: as Misago's quote button quotes it.
            #expect(try await fixture.starter.quote(address) == "[quote=\"@\(fixture.memberName)\"]\n\(markup)\n[/quote]\n")
            #expect(try await fixture.member.quote(postID: postID) == "[quote=\"@\(fixture.memberName)\"]\n\(markup)\n[/quote]\n")

            let edited = await fixture.member.edit(postID: postID, bbcode: "The reply, edited.")
            #expect(edited == .sent(Receipt(kind: .edit, id: postID, url: receipt.url)))
            #expect(try await fixture.member.postSource(address) == "The reply, edited.")
        }

        @Test func anotherAccountsPostNeedsItsURL() async throws {
            let fixture = try await MisagoThreadFixture.make()
            let first = try await fixture.lastPost()
            await #expect(throws: ForumError.self) { try await fixture.member.postSource(postID: first) }
            // Editing it by its URL is the engine's refusal: no permission, never unknown.
            let outcome = await fixture.member.edit(MisagoPostAddress(threadID: fixture.threadID, postID: first), markup: "Not mine to edit.")
            guard case .rejected(.noPermission) = outcome else {
                Issue.record("expected no permission, got \(outcome)")
                return
            }
        }

        @Test func startsAThreadInACategory() async throws {
            let engine = try await MisagoEngine.get()
            let (adapter, name) = try await engine.loggedIn(in: try misagoTestDirectory())
            let outcome = await adapter.newThread(NewThread(forumID: MisagoEngine.firstCategory, subject: "Missive's new thread", bbcode: "Its first post."))
            guard case let .sent(receipt) = outcome, receipt.kind == .thread, let threadID = receipt.id else {
                Issue.record("expected a sent thread, got \(outcome)")
                return
            }
            #expect(receipt.url?.absoluteString.hasSuffix("/\(threadID)/") == true)
            let posts = try await adapter.read(MisagoJSON.PostPage.self, "api/threads/\(threadID)/posts/", subject: .thread)
            #expect(posts.title == "Missive's new thread")
            #expect(posts.postSet.results.first?.posterName == name)
            #expect(try await adapter.postIcons(forumID: MisagoEngine.firstCategory).isEmpty)
            // No smilie codes on Misago: a refusal that says so, not an empty list.
            await #expect(throws: ForumError.rejected(.invalid("Misago has no smilie codes; type emoji as they are (they are sent as text)"))) {
                try await adapter.smilies()
            }
        }

        @Test func previewsWithTheEnginesRenderer() async throws {
            let engine = try await MisagoEngine.get()
            let (adapter, _) = try await engine.loggedIn(in: try misagoTestDirectory())
            let before = try await engine.mark()
            let preview = try await adapter.preview(.reply(threadID: 1), bbcode: "Some **bold** and [spoiler]hidden[/spoiler]")
            #expect(preview.html.contains("<strong>bold</strong>"))
            #expect(preview.text.contains("Some bold and"))
            // Nothing was posted: one request, to the renderer.
            #expect(try await engine.requests(since: before).map(\.description) == ["POST /api/parse-markup/ 200"])
        }
    }
}
