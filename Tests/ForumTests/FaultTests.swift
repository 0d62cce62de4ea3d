import Foundation
import Testing
@testable import Forum
import Sandbox

/// The sandbox's injected faults: each ends in the right typed outcome, and reconcile finds out
/// whether an unknown one landed. Only positive evidence is `sent`.
@Suite struct FaultTests {
    let welcome = Int(Seed.Ids.welcomeThread)

    /// Posts a reply that meets `fault`. The login uses a patient adapter; the reply one with
    /// `timeout`, which the slow fault's delay (6 s here) outlasts by a wide margin even on a busy machine.
    private func reply(_ fault: Fault, text: String, timeout: Duration = .seconds(20)) async throws
        -> (outcome: PostOutcome, reconciliation: Reconciliation, stored: [SandboxState.Post])
    {
        var result: (PostOutcome, Reconciliation, [SandboxState.Post])?
        try await SandboxFixture.with(faults: FaultPlan(slowDelay: .seconds(6))) { sandbox in
            _ = try await sandbox.loggedIn()
            let adapter = try sandbox.adapter(jar: "sandbox", timeout: timeout)
            await sandbox.server.failNextPost(with: fault)
            let outcome = await adapter.reply(Reply(threadID: welcome, bbcode: text))
            let reconciliation = await adapter.reconcile(.reply(threadID: welcome, bbcode: text))
            result = (outcome, reconciliation, try await sandbox.state().posts.filter { $0.text == text })
        }
        return try #require(result)
    }

    @Test func aDroppedConnectionAfterStoringIsUnknownAndReconcileFindsThePost() async throws {
        let (outcome, reconciliation, stored) = try await reply(.drop, text: "dropped 😀")
        guard case .unknown = outcome else { Issue.record("expected unknown, got \(outcome)"); return }
        #expect(stored.count == 1)
        #expect(reconciliation == .landed(Receipt(kind: .post, id: Int(stored[0].id),
                                                   url: reconciliation.receiptURL)))
    }

    @Test func anAnswerPastTheTimeoutIsUnknownAndReconcileFindsThePost() async throws {
        let (outcome, reconciliation, stored) = try await reply(.slow, text: "slow one", timeout: .seconds(3))
        guard case let .unknown(evidence) = outcome else { Issue.record("expected unknown, got \(outcome)"); return }
        #expect(evidence.summary.contains("did not answer in time"))
        #expect(stored.count == 1)
        guard case .landed = reconciliation else { Issue.record("expected landed, got \(reconciliation)"); return }
    }

    @Test func aTruncatedAnswerIsUnknownAndReconcileFindsThePost() async throws {
        let (outcome, reconciliation, stored) = try await reply(.truncate, text: "cut short")
        guard case .unknown = outcome else { Issue.record("expected unknown, got \(outcome)"); return }
        #expect(stored.count == 1)
        guard case .landed = reconciliation else { Issue.record("expected landed, got \(reconciliation)"); return }
    }

    @Test func anEmpty200IsUnknownAndReconcileFindsThePost() async throws {
        let (outcome, reconciliation, stored) = try await reply(.empty, text: "empty answer")
        guard case let .unknown(evidence) = outcome else { Issue.record("expected unknown, got \(outcome)"); return }
        #expect(evidence.summary.contains("empty page"))
        #expect(stored.count == 1)
        guard case .landed = reconciliation else { Issue.record("expected landed, got \(reconciliation)"); return }
    }

    @Test func aPlainPageWithoutTheSuccessLinkIsUnknownAndReconcileFindsThePost() async throws {
        let (outcome, reconciliation, stored) = try await reply(.noForm, text: "no success link")
        guard case let .unknown(evidence) = outcome else { Issue.record("expected unknown, got \(outcome)"); return }
        #expect(evidence.summary.contains("no link to what was posted"))
        #expect(stored.count == 1)
        guard case .landed = reconciliation else { Issue.record("expected landed, got \(reconciliation)"); return }
    }

    @Test func aServerErrorIsRetryLaterAndNothingLanded() async throws {
        let (outcome, reconciliation, stored) = try await reply(.serverError, text: "five hundred")
        #expect(outcome == .retryLater(after: nil, reason: .serverError(status: 500)))
        #expect(stored.isEmpty)
        #expect(reconciliation == .absent)
    }

    @Test func theDatabaseErrorPageIsRetryLater() async throws {
        let (outcome, _, stored) = try await reply(.databaseError, text: "db down")
        guard case .retryLater(nil, .databaseError) = outcome else { Issue.record("expected database error, got \(outcome)"); return }
        #expect(stored.isEmpty)
    }

    @Test func anAnswerThatIsNotHTMLIsUnknownAndReconcileFindsNothing() async throws {
        let (outcome, reconciliation, stored) = try await reply(.notHTML, text: "not html")
        guard case let .unknown(evidence) = outcome else { Issue.record("expected unknown, got \(outcome)"); return }
        #expect(evidence.summary.contains("instead of a web page"))
        #expect(stored.isEmpty)
        #expect(reconciliation == .absent)
    }

    @Test func aRedirectLoopAfterPostingIsUnknownAndReconcileFindsNothing() async throws {
        let (outcome, reconciliation, stored) = try await reply(.redirectLoop, text: "loop")
        guard case let .unknown(evidence) = outcome else { Issue.record("expected unknown, got \(outcome)"); return }
        #expect(evidence.summary.contains("loop"))
        #expect(stored.isEmpty)
        #expect(reconciliation == .absent)
    }

    @Test func reconcileFindsADroppedThreadAndADroppedMessage() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            let forum = Int(Seed.Ids.generalForum)
            await sandbox.server.failNextPost(with: .drop)
            guard case .unknown = await adapter.newThread(NewThread(forumID: forum, subject: "Lost thread", bbcode: "body text")) else {
                Issue.record("expected unknown"); return
            }
            let thread = try #require(try await sandbox.state().threads.first { $0.title == "Lost thread" })
            let found = await adapter.reconcile(.newThread(forumID: forum, subject: "Lost thread", bbcode: "body text"))
            #expect(found == .landed(Receipt(kind: .thread, id: Int(thread.id), url: found.receiptURL)))
            #expect(await adapter.reconcile(.newThread(forumID: forum, subject: "Lost thread", bbcode: "other text")) == .absent)

            await sandbox.server.failNextPost(with: .drop)
            guard case .unknown = await adapter.send(PrivateMessage(to: "Zoë", subject: "Lost PM", bbcode: "pm body")) else {
                Issue.record("expected unknown"); return
            }
            let sent = try #require(try await sandbox.state().messages.first { $0.title == "Lost PM" && $0.folder == "sent" })
            let message = await adapter.reconcile(.privateMessage(to: "Zoë", subject: "Lost PM", bbcode: "pm body"))
            #expect(message == .landed(Receipt(kind: .privateMessage, id: Int(sent.id), url: message.receiptURL)))
            #expect(await adapter.reconcile(.privateMessage(to: "Zoë", subject: "Never sent", bbcode: "pm body")) == .absent)
        }
    }

    @Test func reconcilingAnEditComparesThePostsText() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            let own = Int(Seed.Ids.ownPost)
            await sandbox.server.failNextPost(with: .drop)
            guard case .unknown = await adapter.edit(postID: own, bbcode: "edited, answer lost") else { Issue.record("expected unknown"); return }
            guard case .landed = await adapter.reconcile(.edit(postID: own, bbcode: "edited, answer lost")) else { Issue.record("expected landed"); return }
            #expect(await adapter.reconcile(.edit(postID: own, bbcode: "something else")) == .absent)
        }
    }

    @Test func reconcileCannotLookWhenTheForumIsDown() async throws {
        var adapter: SomethingAwfulAdapter?
        try await SandboxFixture.with { sandbox in adapter = try await sandbox.loggedIn() }
        let stopped = try #require(adapter)
        guard case let .undetermined(error) = await stopped.reconcile(.reply(threadID: welcome, bbcode: "x")) else {
            Issue.record("expected undetermined"); return
        }
        #expect(error.status == .unavailable)
    }
}

extension Reconciliation {
    var receiptURL: URL? {
        if case let .landed(receipt) = self { return receipt.url }
        return nil
    }
}
