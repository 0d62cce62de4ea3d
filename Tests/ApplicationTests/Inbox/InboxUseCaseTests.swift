import Application
import Common
import Forum
import Sandbox
import Testing

@Suite("Reading the inbox through the sandbox")
struct InboxUseCaseTests {
    @Test("the inbox lists the seeded message, and it reads by id or by URL")
    func listAndRead() async throws {
        try await ApplicationFixture.with(forum: true) { fixture in
            let forum = try fixture.forums.adapter(for: try fixture.config.profile(named: "sandbox"), timeout: 10, access: .mayLogIn)
            let inbox = try await ReadInbox(forum: forum).run(.inbox)
            let seeded = try #require(inbox.first { $0.id == Int(Seed.Ids.inboxMessage) })
            #expect(seeded.correspondent == Seed.Account.other.username)
            let byID = try await ReadPrivateMessage(forum: forum).run(String(Seed.Ids.inboxMessage))
            let byURL = try await ReadPrivateMessage(forum: forum)
                .run("https://forums.somethingawful.com/private.php?action=show&privatemessageid=\(Seed.Ids.inboxMessage)")
            #expect(byID == byURL)
            #expect(byID.author == Seed.Account.other.username)
            #expect(byID.subject == seeded.subject)
        }
    }

    @Test("a reference that is not a message's is refused before the forum is asked")
    func badReference() async throws {
        try await ApplicationFixture.with { fixture in
            // The offline profile: a request would fail differently, so the refusal is the parser's.
            let forum = try fixture.forums.adapter(for: try fixture.config.profile(named: "offline"), timeout: 2, access: .mayLogIn)
            await #expect(throws: ForumReferenceError.self) { try await ReadPrivateMessage(forum: forum).run("showthread.php?threadid=5") }
            await #expect(throws: ForumReferenceError.self) { try await ReadPrivateMessage(forum: forum).run("-3") }
        }
    }
}
