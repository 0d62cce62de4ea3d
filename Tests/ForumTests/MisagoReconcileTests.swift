import Foundation
import Testing
@testable import Forum

/// Did it land? Each kind of send, looked for on the real engine: found when it landed, absent when
/// it did not (what was looked for was never sent), undetermined without a marker.
extension MisagoEngineTests {
    @Suite struct Reconcile {
        @Test func findsAReplyThatLandedAndNotOneThatDidNot() async throws {
            let fixture = try await MisagoThreadFixture.make()
            let marker = try await fixture.lastPost()
            let markup = "A reply to look for later."
            let outcome = await fixture.member.reply(Reply(threadID: fixture.threadID, bbcode: markup))
            guard case let .sent(receipt) = outcome else {
                Issue.record("expected sent, got \(outcome)")
                return
            }
            #expect(await fixture.member.reconcile(.reply(threadID: fixture.threadID, bbcode: markup, after: marker)) == .landed(receipt))
            // Not newer than the marker: the same text is not this send.
            #expect(await fixture.member.reconcile(.reply(threadID: fixture.threadID, bbcode: markup, after: receipt.id)) == .absent)
            #expect(await fixture.member.reconcile(.reply(threadID: fixture.threadID, bbcode: "Never sent.", after: marker)) == .absent)
            // Someone else's identical text is not ours.
            #expect(await fixture.starter.reconcile(.reply(threadID: fixture.threadID, bbcode: markup, after: marker)) == .absent)
            guard case .undetermined = await fixture.member.reconcile(.reply(threadID: fixture.threadID, bbcode: markup, after: nil)) else {
                Issue.record("without a marker, reconcile must not decide")
                return
            }
        }

        @Test func findsANewThreadThatLanded() async throws {
            let engine = try await MisagoEngine.get()
            let (adapter, _) = try await engine.loggedIn(in: try misagoTestDirectory())
            let marker = try await adapter.newestPost(in: "api/threads/", ["category": String(MisagoEngine.firstCategory)], subject: .category)
            let subject = "Reconcile me \(UUID().uuidString.prefix(8))"
            let outcome = await adapter.newThread(NewThread(forumID: MisagoEngine.firstCategory, subject: subject, bbcode: "The thread's body."))
            guard case let .sent(receipt) = outcome, let threadID = receipt.id else {
                Issue.record("expected sent, got \(outcome)")
                return
            }
            let found = await adapter.reconcile(.newThread(forumID: MisagoEngine.firstCategory, subject: subject, bbcode: "The thread's body.", after: marker))
            guard case let .landed(landed) = found else {
                Issue.record("expected landed, got \(found)")
                return
            }
            #expect(landed.kind == .thread && landed.id == threadID)
            #expect(await adapter.reconcile(.newThread(forumID: MisagoEngine.firstCategory, subject: subject, bbcode: "Another body.", after: marker)) == .absent)
            #expect(await adapter.reconcile(.newThread(forumID: MisagoEngine.firstCategory, subject: "Never started", bbcode: "The thread's body.", after: marker)) == .absent)
        }

        @Test func findsAPrivateThreadAndAnEdit() async throws {
            let engine = try await MisagoEngine.get()
            let directory = try misagoTestDirectory()
            let (sender, _) = try await engine.loggedIn(in: directory)
            let (_, recipientName) = try await engine.loggedIn(in: directory)
            let marker = try await sender.newestPost(in: "api/private-threads/", subject: .privateThread)
            let outcome = await sender.send(PrivateMessage(to: recipientName, subject: "Did it arrive?", bbcode: "A message to look for."))
            guard case let .sent(receipt) = outcome, let threadID = receipt.id else {
                Issue.record("expected sent, got \(outcome)")
                return
            }
            let found = await sender.reconcile(.privateMessage(to: recipientName, subject: "Did it arrive?", bbcode: "A message to look for.", after: marker))
            guard case let .landed(landed) = found else {
                Issue.record("expected landed, got \(found)")
                return
            }
            #expect(landed.kind == .privateMessage && landed.id == threadID)
            #expect(await sender.reconcile(.privateMessage(to: recipientName, subject: "Did it arrive?", bbcode: "Never sent.", after: marker)) == .absent)

            // An edit has landed when the post holds the new text.
            let fixture = try await MisagoThreadFixture.make()
            guard case let .sent(reply) = await fixture.member.reply(Reply(threadID: fixture.threadID, bbcode: "Before the edit.")), let postID = reply.id else {
                Issue.record("the reply to edit was not sent")
                return
            }
            #expect(await fixture.member.reconcile(.edit(postID: postID, bbcode: "After the edit.")) == .absent)
            #expect(await fixture.member.edit(postID: postID, bbcode: "After the edit.").isSent(kind: .edit, id: postID))
            #expect(await fixture.member.reconcile(.edit(postID: postID, bbcode: "After the edit.")) == .landed(Receipt(kind: .edit, id: postID)))
        }
    }
}
