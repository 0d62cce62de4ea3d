import Foundation
import Testing
@testable import Forum
import Sandbox

/// What reconcile may and may not take for the lost send: only posts and messages newer than the
/// marker, by the right person, with exactly the text; absent only having looked back to the marker.
@Suite struct ReconcileTests {
    let welcome = Int(Seed.Ids.welcomeThread)

    @Test func anOlderIdenticalReplyIsNotTakenForTheLostOne() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            #expect(await adapter.reply(Reply(threadID: welcome, bbcode: "+1")).receipt != nil)
            // The same words again, and this time the forum fails before storing them.
            await sandbox.server.failNextPost(with: .serverError)
            let lost = await adapter.reply(Reply(threadID: welcome, bbcode: "+1"))
            let after = try #require(lost.evidence?.reconcileAfter, "\(lost)")
            #expect(await adapter.reconcile(.reply(threadID: welcome, bbcode: "+1", after: after)) == .absent)
            #expect(try await sandbox.state().posts.filter { $0.text == "+1" }.count == 1)
        }
    }

    /// Issue 31: our edit stored, its answer lost, then a moderator's edit on top of it. Compared
    /// with the text the post had before our edit, the post holds our change (merged with theirs):
    /// landed, not "had not arrived". A moderator's edit that took our change out settles
    /// nothing; a post still as it was before is absent.
    @Test func anEditUnderAModeratorsLaterEditIsFoundByMergingWithTheTextBefore() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            let post = Int(Seed.Ids.ownPost)
            let before = "first line\nsecond line\nthird line\nfourth line\nfifth line"
            #expect(await adapter.edit(postID: post, bbcode: before).receipt != nil)
            let ours = "first line\nsecond line, edited by us\nthird line\nfourth line\nfifth line"
            #expect(await adapter.edit(postID: post, bbcode: ours).receipt != nil)
            #expect(await adapter.reconcile(.edit(postID: post, bbcode: ours, before: before)).landed)

            // The moderator fixes line 4, two lines from ours, on top of our edit.
            try await moderatorEdit(sandbox, post, "first line\nsecond line, edited by us\nthird line\nfourth line, fixed\nfifth line")
            #expect(await adapter.reconcile(.edit(postID: post, bbcode: ours, before: before)).landed)
            // Without the text before, as reconcile compared until now: taken for absent.
            #expect(await adapter.reconcile(.edit(postID: post, bbcode: ours)) == .absent)

            try await moderatorEdit(sandbox, post, "first line\nsecond line, as the moderator wants it\nthird line\nfourth line\nfifth line")
            guard case .undetermined = await adapter.reconcile(.edit(postID: post, bbcode: ours, before: before)) else {
                Issue.record("a post that holds neither side settles nothing")
                return
            }
            try await moderatorEdit(sandbox, post, before)
            #expect(await adapter.reconcile(.edit(postID: post, bbcode: ours, before: before)) == .absent)
        }
    }

    /// Issue 31: an edit expecting the text it was merged with is not sent over a change made
    /// on the forum in between: the edit form read right before the POST tells, nothing is posted.
    @Test func anEditIsNotSentOverAChangeMadeBetweenItsReadAndItsPost() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            let post = Int(Seed.Ids.ownPost)
            #expect(await adapter.edit(postID: post, bbcode: "as we read it").receipt != nil)
            try await moderatorEdit(sandbox, post, "changed in between")
            let outcome = await adapter.edit(postID: post, bbcode: "ours", expecting: "as we read it")
            #expect(outcome == .retryLater(after: .zero, reason: .changedOnTheForum(postID: post)), "\(outcome)")
            #expect(try await adapter.postSource(postID: post).contains("changed in between"))
            #expect(await adapter.edit(postID: post, bbcode: "ours", expecting: "changed in between").receipt != nil)
            #expect(try await adapter.postSource(postID: post).contains("ours"))
        }
    }

    private func moderatorEdit(_ sandbox: SandboxFixture, _ post: Int, _ text: String) async throws {
        let client = try HTTPClient(settings: HTTPSettings(userAgent: "missive/test"))
        let url = try #require(URL(string: "_sandbox/edit?postid=\(post)", relativeTo: sandbox.server.baseURL)?.absoluteURL)
        let answer = try await client.send(HTTPRequest(method: .post, url: url, body: Array(text.utf8), contentType: "text/plain"))
        #expect(answer.status == 200, "\(String(decoding: answer.body, as: UTF8.self))")
    }

    @Test func aReplyPushedOffTheLastPageByOthersIsStillFound() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            await sandbox.server.failNextPost(with: .drop)
            let lost = await adapter.reply(Reply(threadID: welcome, bbcode: "buried reply"))
            let after = try #require(lost.evidence?.reconcileAfter, "\(lost)")
            // Others fill more than a page (40 posts) before the sender looks.
            let other = try await sandbox.loggedIn(as: Seed.Account.other.username)
            for number in 1...41 {
                #expect(await other.reply(Reply(threadID: welcome, bbcode: "chatter \(number)")).receipt != nil)
            }
            let stored = try #require(try await sandbox.state().posts.first { $0.text == "buried reply" })
            #expect(await adapter.reconcile(.reply(threadID: welcome, bbcode: "buried reply", after: after))
                == .landed(Receipt(kind: .post, id: Int(stored.id), url: sandbox.url("showthread.php?goto=post&postid=\(stored.id)"))))
            // A reply that never landed is absent only after the walk back reaches the marker.
            #expect(await adapter.reconcile(.reply(threadID: welcome, bbcode: "never sent", after: after)) == .absent)
        }
    }

    @Test func aThreadThatNoLongerReachesBackToTheMarkerProvesNothing() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            // Every post of the long thread is newer than the marker, and none is the reply:
            // without the marker's post in sight, absent would be a guess.
            guard case .undetermined = await adapter.reconcile(.reply(threadID: Int(Seed.Ids.longThread), bbcode: "x", after: 1)) else {
                Issue.record("expected undetermined"); return
            }
        }
    }

    @Test func withoutAMarkerReconcileProvesNeitherWay() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            #expect(await adapter.reply(Reply(threadID: welcome, bbcode: "here already")).receipt != nil)
            guard case .undetermined = await adapter.reconcile(.reply(threadID: welcome, bbcode: "here already")) else {
                Issue.record("expected undetermined for a reply"); return
            }
            guard case .undetermined = await adapter.reconcile(.privateMessage(to: "Zoë", subject: "s", bbcode: "b")) else {
                Issue.record("expected undetermined for a PM"); return
            }
        }
    }

    /// An earlier message with the same subject and text, to someone else or to the same person,
    /// is in Sent Items when the lost one (a 500 before storing) is reconciled.
    @Test(arguments: ["probation", "Zoë"])
    func anEarlierMessageWithTheSameSubjectAndTextIsNotTheLostOne(earlierTo: String) async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            #expect(await adapter.send(PrivateMessage(to: earlierTo, subject: "Meetup", bbcode: "Saturday?")).receipt != nil)
            await sandbox.server.failNextPost(with: .serverError)
            let lost = await adapter.send(PrivateMessage(to: "Zoë", subject: "Meetup", bbcode: "Saturday?"))
            let after = try #require(lost.evidence?.reconcileAfter, "\(lost)")
            #expect(await adapter.reconcile(.privateMessage(to: "Zoë", subject: "Meetup", bbcode: "Saturday?", after: after)) == .absent)
        }
    }

    @Test func aMessageThatOnlyContainsTheTextIsNotIt() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            await sandbox.server.failNextPost(with: .drop)
            let lost = await adapter.send(PrivateMessage(to: "Zoë", subject: "Notes", bbcode: "first line\nsecond line"))
            let after = try #require(lost.evidence?.reconcileAfter, "\(lost)")
            #expect(await adapter.reconcile(.privateMessage(to: "Zoë", subject: "Notes", bbcode: "first line", after: after)) == .absent)
            #expect(await adapter.reconcile(.privateMessage(to: "Zoë", subject: "Notes", bbcode: "", after: after)) == .absent)
            guard case .landed = await adapter.reconcile(.privateMessage(to: "zoë", subject: "Notes", bbcode: "first line\r\nsecond line", after: after)) else {
                Issue.record("the same text (line ends aside) to the same person (case aside) is the message"); return
            }
        }
    }
}

extension Reconciliation {
    var landed: Bool { if case .landed = self { true } else { false } }
}
