import Foundation
import Testing
@testable import Forum
import Sandbox

/// Issue 22, "a receipt is the post itself", in process against the sandbox: a reply's or an
/// edit's success link is opened, and only our post with our text on that page makes it sent.
@Suite struct ReceiptCheckTests {
    let welcome = Int(Seed.Ids.welcomeThread)

    /// The sandbox's `phantom` fault: the success page names the post id the next post would get,
    /// and nothing is stored. Unknown, with the thread's last post as the marker; reconcile finds
    /// nothing, so the reply may be sent again, and then it is sent once.
    @Test func aSuccessPageNamingAPostThatDoesNotExistIsUnknownAndReconcileFindsNothing() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            let before = try #require(try await sandbox.state().threads.first { $0.id == Seed.Ids.welcomeThread }?.postIds.max())
            let text = "thanked for and lost"
            let next = try #require(try await sandbox.state().posts.map(\.id).max()) + 1
            await sandbox.server.failNextPost(with: .phantom)
            let outcome = await adapter.reply(Reply(threadID: welcome, bbcode: text))
            let evidence = try #require(outcome.evidence, "\(outcome)")
            #expect(evidence.summary.contains("the forum's answer names post \(next)"), "\(evidence)")
            #expect(evidence.summary.contains("Invalid post specified"), "\(evidence)")
            #expect(evidence.reconcileAfter == Int(before))
            #expect(try await sandbox.state().posts.filter { $0.textShown == text }.isEmpty)
            #expect(await adapter.reconcile(.reply(threadID: welcome, bbcode: text, after: evidence.reconcileAfter)) == .absent)
            guard case .sent = await adapter.reply(Reply(threadID: welcome, bbcode: text)) else {
                Issue.record("the second send was not sent")
                return
            }
            #expect(try await sandbox.state().posts.filter { $0.textShown == text }.count == 1)
        }
    }

    /// A link to a post that exists but is someone else's, or ours with other words, proves
    /// nothing about this send; ours with our words, named by id or by `goto=lastpost`, does.
    @Test func onlyOurPostWithOurTextOnTheLinkedPageIsProof() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            let marker = try #require(try await sandbox.state().threads.first { $0.id == Seed.Ids.welcomeThread }?.postIds.max())
            let text = "a reply with [b]bold[/b], :cheers: and &#91;b] as text 😀"
            guard case let .sent(receipt) = await adapter.reply(Reply(threadID: welcome, bbcode: text)), let ours = receipt.id else {
                Issue.record("the reply was not sent")
                return
            }
            let others = try #require(try await sandbox.state().posts.first { $0.threadId == Seed.Ids.welcomeThread && $0.author != Seed.Account.member.username })
            let link = { (id: Int) in Receipt(kind: .post, id: id, url: adapter.postURL(id)) }

            let someoneElses = await adapter.confirmPost(link(Int(others.id)), bbcode: text, after: Int(marker))
            #expect(someoneElses.evidence?.summary.contains("does not show that post of ours") == true, "\(someoneElses)")
            let otherWords = await adapter.confirmPost(link(ours), bbcode: "words never sent", after: Int(marker))
            #expect(otherWords.evidence?.summary.contains("does not hold the text sent") == true, "\(otherWords)")
            #expect(otherWords.evidence?.reconcileAfter == Int(marker))

            #expect(await adapter.confirmPost(link(ours), bbcode: text, after: Int(marker)) == .sent(link(ours)))
            let lastPost = Receipt(kind: .post, url: adapter.url("showthread.php", [("threadid", String(welcome)), ("goto", "lastpost")]))
            #expect(await adapter.confirmPost(lastPost, bbcode: text, after: Int(marker)) == .sent(link(ours)))
            // Newer than the post itself, it cannot be this send.
            #expect(await adapter.confirmPost(lastPost, bbcode: text, after: ours).evidence != nil)
        }
    }

    /// What the page shows of a post and what our BBCode draws agree, so a normal send never
    /// needs the post's source: references, smilies, quotes, lists and pictures alike.
    @Test(arguments: ["plain words", "[b]bold[/b] and [i]italic[/i]\nsecond line", "&#91;b] is not a tag, &#128512; is an emoji",
                      ":cheers: a smilie", "[quote=\"Zoë\" post=\"1\"]\nquoted\n[/quote]\nmy answer",
                      "[list]\n[*]one\n[*]two\n[/list]", "[url=https://example.com/]a link[/url] and https://example.com/bare",
                      "[img]https://example.com/a.png[/img]", "[code]\n  indented   code\n[/code]"])
    func whatThePageShowsMatchesWhatTheBBCodeDraws(text: String) async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            guard case let .sent(receipt) = await adapter.reply(Reply(threadID: welcome, bbcode: text)), let id = receipt.id else {
                Issue.record("the reply was not sent")
                return
            }
            let page = try await adapter.page(try #require(receipt.url))
            #expect(SomethingAwfulAdapter.shownKey(onPage: page, post: id) == SomethingAwfulAdapter.shownKey(text))
        }
    }
}
