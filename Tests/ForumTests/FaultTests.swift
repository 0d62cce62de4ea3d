import Foundation
import Testing
@testable import Forum
import Sandbox

/// The sandbox's injected faults: each ends in the right typed outcome, and reconcile (given the
/// marker the unknown outcome carries) finds out whether it landed. Only positive evidence is `sent`.
@Suite struct FaultTests {
    let welcome = Int(Seed.Ids.welcomeThread)

    struct Run {
        var outcome: PostOutcome
        var reconciliation: Reconciliation
        /// The posts with the reply's text that the forum holds afterwards.
        var stored: [SandboxState.Post]
        /// The welcome thread's last post before the reply.
        var lastPostBefore: Int
        /// `showthread.php?goto=post&postid=N` on this sandbox.
        var postURL: (Int64) -> URL
    }

    /// Posts a reply that meets `fault`, then reconciles it with the marker its outcome carries.
    /// The login uses a patient adapter; the reply one uses `timeout`. The slow fault's delay
    /// (a minute) is far past any timeout given, so only the timeout can end that answer, and
    /// the timeout is far past what a loopback GET of the form takes even on a busy machine.
    private func reply(_ fault: Fault, text: String, timeout: Duration = .seconds(20)) async throws -> Run {
        var run: Run?
        try await SandboxFixture.with(faults: FaultPlan(slowDelay: .seconds(60))) { sandbox in
            _ = try await sandbox.loggedIn()
            let adapter = try sandbox.adapter(jar: "sandbox", timeout: timeout)
            let before = try #require(try await sandbox.state().threads.first { $0.id == Seed.Ids.welcomeThread }?.postIds.max())
            await sandbox.server.failNextPost(with: fault)
            let outcome = await adapter.reply(Reply(threadID: welcome, bbcode: text))
            let reconciliation = await adapter.reconcile(.reply(threadID: welcome, bbcode: text, after: outcome.evidence?.reconcileAfter))
            run = Run(outcome: outcome, reconciliation: reconciliation, stored: try await sandbox.state().posts.filter { $0.textShown == text },
                      lastPostBefore: Int(before), postURL: { sandbox.url("showthread.php?goto=post&postid=\($0)") })
        }
        return try #require(run)
    }

    /// The run's outcome was unknown with the thread's last post as its marker, the reply is
    /// stored once, and reconcile names it exactly.
    private func expectLandedOnce(_ run: Run, summary: String? = nil, status: Int? = nil) {
        guard let evidence = run.outcome.evidence else { Issue.record("expected unknown, got \(run.outcome)"); return }
        if let summary { #expect(evidence.summary.contains(summary), "\(evidence)") }
        #expect(evidence.status == status)
        #expect(evidence.reconcileAfter == run.lastPostBefore)
        #expect(run.stored.count == 1)
        guard let post = run.stored.first else { return }
        #expect(run.reconciliation == .landed(Receipt(kind: .post, id: Int(post.id), url: run.postURL(post.id))))
    }

    @Test func aDroppedConnectionAfterStoringIsUnknownAndReconcileFindsThePost() async throws {
        expectLandedOnce(try await reply(.drop, text: "dropped 😀"), summary: "closed the connection")
    }

    @Test func anAnswerPastTheTimeoutIsUnknownAndReconcileFindsThePost() async throws {
        expectLandedOnce(try await reply(.slow, text: "slow one", timeout: .seconds(6)), summary: "did not answer in time")
    }

    @Test func aTruncatedAnswerIsUnknownAndReconcileFindsThePost() async throws {
        expectLandedOnce(try await reply(.truncate, text: "cut short"), summary: "cut short")
    }

    @Test func anEmpty200IsUnknownAndReconcileFindsThePost() async throws {
        expectLandedOnce(try await reply(.empty, text: "empty answer"), summary: "empty page", status: 200)
    }

    @Test func aPlainPageWithoutTheSuccessLinkIsUnknownAndReconcileFindsThePost() async throws {
        expectLandedOnce(try await reply(.noForm, text: "no success link"), summary: "no link to what was posted", status: 200)
    }

    @Test func a500AfterStoringIsUnknownAndReconcileFindsThePost() async throws {
        expectLandedOnce(try await reply(.serverErrorAfterStoring, text: "stored, then 500"), summary: "may have stored it", status: 500)
    }

    @Test func a500BeforeStoringIsUnknownTooAndReconcileFindsNothing() async throws {
        // The client cannot tell a 500 before storing from one after: reconcile decides.
        let run = try await reply(.serverError, text: "five hundred")
        #expect(run.outcome.evidence?.status == 500)
        #expect(run.outcome.evidence?.reconcileAfter == run.lastPostBefore)
        #expect(run.stored.isEmpty)
        #expect(run.reconciliation == .absent)
    }

    @Test func theDatabaseErrorPageIsRetryLater() async throws {
        let run = try await reply(.databaseError, text: "db down")
        guard case .retryLater(nil, .databaseError) = run.outcome else { Issue.record("expected database error, got \(run.outcome)"); return }
        #expect(run.stored.isEmpty)
    }

    @Test func anAnswerThatIsNotHTMLIsUnknownAndReconcileFindsNothing() async throws {
        let run = try await reply(.notHTML, text: "not html")
        #expect(run.outcome.evidence?.summary.contains("instead of a web page") == true, "\(run.outcome)")
        #expect(run.stored.isEmpty)
        #expect(run.reconciliation == .absent)
    }

    @Test func aRedirectLoopAfterPostingIsUnknownAndReconcileFindsNothing() async throws {
        let run = try await reply(.redirectLoop, text: "loop")
        #expect(run.outcome.evidence?.summary.contains("loop") == true, "\(run.outcome)")
        #expect(run.stored.isEmpty)
        #expect(run.reconciliation == .absent)
    }

    @Test func reconcileFindsADroppedThreadAndADroppedMessage() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            let forum = Int(Seed.Ids.generalForum)
            await sandbox.server.failNextPost(with: .drop)
            guard case let .unknown(evidence) = await adapter.newThread(NewThread(forumID: forum, subject: "Lost thread", bbcode: "body text")) else {
                Issue.record("expected unknown"); return
            }
            // The forum's newest thread before the send: only a newer one can be this send.
            let marker = try #require(evidence.reconcileAfter)
            let thread = try #require(try await sandbox.state().threads.first { $0.title == "Lost thread" })
            #expect(Int(thread.id) > marker)
            #expect(await adapter.reconcile(.newThread(forumID: forum, subject: "Lost thread", bbcode: "body text", after: marker))
                == .landed(Receipt(kind: .thread, id: Int(thread.id), url: sandbox.url("showthread.php?threadid=\(thread.id)"))))
            #expect(await adapter.reconcile(.newThread(forumID: forum, subject: "Lost thread", bbcode: "other text", after: marker)) == .absent)
            // The same thread is no answer for a later attempt (issue 12: a thread never posted was marked sent).
            #expect(await adapter.reconcile(.newThread(forumID: forum, subject: "Lost thread", bbcode: "body text", after: Int(thread.id)))
                == .absent)

            await sandbox.server.failNextPost(with: .drop)
            let lost = await adapter.send(PrivateMessage(to: "Zoë", subject: "Lost PM", bbcode: "pm body"))
            // Sent Items was empty before the send.
            #expect(lost.evidence?.reconcileAfter == 0, "\(lost)")
            let after = lost.evidence?.reconcileAfter
            let sent = try #require(try await sandbox.state().messages.first { $0.title == "Lost PM" && $0.folder == "sent" })
            #expect(await adapter.reconcile(.privateMessage(to: "Zoë", subject: "Lost PM", bbcode: "pm body", after: after))
                == .landed(Receipt(kind: .privateMessage, id: Int(sent.id), url: sandbox.url("private.php?action=show&privatemessageid=\(sent.id)"))))
            #expect(await adapter.reconcile(.privateMessage(to: "Zoë", subject: "Never sent", bbcode: "pm body", after: after)) == .absent)
        }
    }

    @Test func reconcilingAnEditComparesThePostsText() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            let own = Int(Seed.Ids.ownPost)
            await sandbox.server.failNextPost(with: .drop)
            guard case .unknown = await adapter.edit(postID: own, bbcode: "edited, answer lost") else { Issue.record("expected unknown"); return }
            #expect(await adapter.reconcile(.edit(postID: own, bbcode: "edited, answer lost"))
                == .landed(Receipt(kind: .edit, id: own, url: sandbox.url("showthread.php?goto=post&postid=\(own)"))))
            #expect(await adapter.reconcile(.edit(postID: own, bbcode: "something else")) == .absent)
        }
    }

    @Test func reconcileCannotLookWhenTheForumIsDown() async throws {
        var adapter: SomethingAwfulAdapter?
        try await SandboxFixture.with { sandbox in adapter = try await sandbox.loggedIn() }
        let stopped = try #require(adapter)
        guard case let .undetermined(error) = await stopped.reconcile(.reply(threadID: welcome, bbcode: "x", after: 1)) else {
            Issue.record("expected undetermined"); return
        }
        #expect(error.status == .unavailable)
    }
}
