import Foundation
import Testing
@testable import Forum

extension MisagoEngineTests {
    @Suite struct PrivateThreads {
        @Test func sendsListsReadsAndRepliesEndToEnd() async throws {
            let engine = try await MisagoEngine.get()
            let directory = try misagoTestDirectory()
            let (sender, senderName) = try await engine.loggedIn(in: directory)
            let (recipient, recipientName) = try await engine.loggedIn(in: directory)

            let outcome = await sender.send(PrivateMessage(to: recipientName, subject: "A private word", bbcode: "Just between us."))
            guard case let .sent(receipt) = outcome, receipt.kind == .privateMessage, let threadID = receipt.id else {
                Issue.record("expected a sent private thread, got \(outcome)")
                return
            }
            #expect(receipt.url?.path.hasPrefix("/p/") == true)

            let inbox = try await recipient.privateMessages(in: .inbox)
            let received = try #require(inbox.first { $0.id == threadID })
            #expect(received.subject == "A private word")
            #expect(received.correspondent == senderName)
            #expect(received.unread)
            #expect(try await recipient.privateMessages(in: .sent).contains { $0.id == threadID } == false)
            let sent = try #require(try await sender.privateMessages(in: .sent).first { $0.id == threadID })
            #expect(sent.correspondent == recipientName)

            let message = try await recipient.privateMessage(id: threadID)
            #expect(message.subject == "A private word")
            #expect(message.author == senderName)
            #expect(message.text.contains("Just between us."))
            #expect(try await recipient.quotePrivateMessage(id: threadID) == "[quote=\"@\(senderName)\"]\nJust between us.\n[/quote]\n")

            let reply = await recipient.send(PrivateMessage(to: senderName, subject: "Re: A private word", bbcode: "Agreed, between us.", relation: .reply(to: threadID)))
            #expect(reply.isSent(kind: .privateMessage, id: threadID))
            // Now the last word is the recipient's: the thread moves to the sender's inbox.
            #expect(try await sender.privateMessages(in: .inbox).contains { $0.id == threadID })
            #expect(try await sender.privateMessage(id: threadID).text.contains("Agreed, between us."))
        }

        @Test func forwardingIsRefusedBeforeAnythingIsSent() async throws {
            let engine = try await MisagoEngine.get()
            let (adapter, _) = try await engine.loggedIn(in: try misagoTestDirectory())
            let before = try await engine.mark()
            let outcome = await adapter.send(PrivateMessage(to: MisagoEngine.admin, subject: "Fwd", bbcode: "Forwarded text.", relation: .forward(of: 1)))
            guard case .rejected(.invalid) = outcome else {
                Issue.record("expected rejected(invalid), got \(outcome)")
                return
            }
            #expect(try await engine.requests(since: before).isEmpty)
        }

        @Test func aPrivateThreadOfOthersDoesNotExistForAnOutsider() async throws {
            let engine = try await MisagoEngine.get()
            let directory = try misagoTestDirectory()
            let (sender, _) = try await engine.loggedIn(in: directory)
            let (_, recipientName) = try await engine.loggedIn(in: directory)
            let (outsider, _) = try await engine.loggedIn(in: directory)
            let outcome = await sender.send(PrivateMessage(to: recipientName, subject: "Not for you", bbcode: "Private words."))
            guard case let .sent(receipt) = outcome, let threadID = receipt.id else {
                Issue.record("expected sent, got \(outcome)")
                return
            }
            await #expect(throws: ForumError.self) { try await outsider.privateMessage(id: threadID) }
            let reply = await outsider.send(PrivateMessage(to: recipientName, subject: "Re", bbcode: "Butting in here.", relation: .reply(to: threadID)))
            guard case .rejected(.doesNotExist(what: "private thread", _)) = reply else {
                Issue.record("expected doesNotExist(private thread), got \(reply)")
                return
            }
        }
    }
}

extension PostOutcome {
    func isSent(kind: Receipt.Kind, id: Int) -> Bool {
        if case let .sent(receipt) = self { return receipt.kind == kind && receipt.id == id }
        return false
    }
}
