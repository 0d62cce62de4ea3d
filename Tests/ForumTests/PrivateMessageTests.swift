import Foundation
import Testing
@testable import Forum
import Sandbox

/// Private messages and the other reads (smilies) against the sandbox forum.
@Suite struct PrivateMessageTests {
    let inboxMessage = Int(Seed.Ids.inboxMessage)

    @Test func aNewMessageLandsInTheirInboxAndOurSentItems() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            let outcome = await adapter.send(PrivateMessage(to: "Zoë", subject: "Hi 😀", bbcode: "Line one\nline [b]two[/b]"))
            let messages = try await sandbox.state().messages.filter { $0.titleShown == "Hi 😀" }
            // The forum's redirect is only a claim: the receipt is the copy found in Sent Items.
            let copy = try #require(messages.first { $0.folder == "sent" })
            #expect(outcome == .sent(Receipt(kind: .privateMessage, id: Int(copy.id),
                                             url: sandbox.url("private.php?action=show&privatemessageid=\(copy.id)"))))
            #expect(Set(messages.map(\.folder)) == ["inbox", "sent"])
            #expect(messages.allSatisfy { $0.from == "sandbox" && $0.to == "Zoë" && $0.text == "Line one\nline [b]two[/b]" })
        }
    }

    @Test func anUnknownRecipientIsNamed() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            let outcome = await adapter.send(PrivateMessage(to: "NobodyAtAll", subject: "s", bbcode: "b"))
            #expect(outcome == .rejected(.noSuchUser("NobodyAtAll")))
            #expect(Rejection.noSuchUser("NobodyAtAll").status == .noUser)
        }
    }

    @Test func aMessageOverTheLengthLimitIsRefusedWithoutAsking() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            let before = try await sandbox.state().messages.count
            let outcome = await adapter.send(PrivateMessage(to: "Zoë", subject: "long", bbcode: String(repeating: "x", count: 100_001)))
            guard case .rejected(.tooLong(limit: 100_000, _)) = outcome else {
                Issue.record("expected too long, got \(outcome)")
                return
            }
            #expect(try await sandbox.state().messages.count == before)
            // Exactly at the limit is fine.
            let atLimit = await adapter.send(PrivateMessage(to: "Zoë", subject: "long", bbcode: String(repeating: "x", count: 100_000)))
            #expect(atLimit.receipt != nil)
        }
    }

    @Test func theInboxListsTheSeededMessageAndItCanBeRead() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            let inbox = try await adapter.privateMessages(in: .inbox)
            let summary = try #require(inbox.first { $0.id == inboxMessage })
            #expect(summary.subject == "Hello from Zoë")
            #expect(summary.correspondent == "Zoë")
            #expect(summary.unread)
            #expect(!summary.date.isEmpty)

            let message = try await adapter.privateMessage(id: inboxMessage)
            #expect(message.subject == "Hello from Zoë")
            #expect(message.author == "Zoë")
            #expect(message.text.contains("Welcome! Reply to this message to try PMs."))
            #expect(try await adapter.privateMessages(in: .sent).isEmpty)
        }
    }

    @Test func aReplyQuotesTheMessageAndIsLinkedToIt() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            let quoted = try await adapter.quotePrivateMessage(id: inboxMessage)
            #expect(quoted.hasPrefix("[quote]\nZoë wrote on "))
            #expect(quoted.contains("Welcome! Reply to this message to try PMs.\n[/quote]"))
            let reply = PrivateMessage(to: "Zoë", subject: "Re: Hello from Zoë", bbcode: quoted + "\nThanks!", relation: .reply(to: inboxMessage))
            #expect(await adapter.send(reply).receipt != nil)
            let state = try await sandbox.state()
            #expect(state.messages.first { $0.id == Seed.Ids.inboxMessage }?.repliedTo == true)
            #expect(state.messages.contains { $0.folder == "inbox" && $0.owner == "Zoë" && $0.previousMessageId == Seed.Ids.inboxMessage })
            // Now Sent Items has it.
            #expect(try await adapter.privateMessages(in: .sent).contains { $0.subject == "Re: Hello from Zoë" && $0.correspondent == "Zoë" })
        }
    }

    @Test func aForwardIsMarkedAsOne() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            let forward = PrivateMessage(to: "probation", subject: "Fw: Hello", bbcode: "see below", relation: .forward(of: inboxMessage))
            #expect(await adapter.send(forward).receipt != nil)
            #expect(try await sandbox.state().messages.first { $0.id == Seed.Ids.inboxMessage }?.forwarded == true)
        }
    }

    @Test func aMessageThatDoesNotExistIsTheForumsError() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            do {
                _ = try await adapter.privateMessage(id: 1)
                Issue.record("no error")
            } catch {
                #expect("\(error)".contains("Invalid private message specified"))
            }
        }
    }

    @Test func smiliesAreListedWithTheirGroups() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try sandbox.adapter()
            let smilies = try await adapter.smilies()
            let cheers = try #require(smilies.first { $0.code == ":cheers:" })
            #expect(!cheers.group.isEmpty)
            #expect(cheers.imageURL?.host == "127.0.0.1")
            #expect(Set(smilies.map(\.group)).count > 1)
        }
    }
}
