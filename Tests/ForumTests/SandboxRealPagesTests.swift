import Foundation
import Sandbox
import Testing
@testable import Forum

/// forum-protocol.md's "Real pages", as the sandbox serves them and the adapter reads them: divs
/// in `<head>` before the page's own body class, both refusal shapes, a refusal's refresh link to
/// a thread (never evidence of a post), and the second tag group of a new thread.
@Suite struct SandboxRealPagesTests {
    /// The sandbox's page at `path`, fetched with the adapter's own session, and its shape.
    private func shape(_ path: String, adapter: SomethingAwfulAdapter, sandbox: SandboxFixture) async throws -> (SAPageShape, HTMLDocument) {
        let answer = try await adapter.get(sandbox.url(path))
        let document = try #require(answer.document)
        // The page carries the real quirk: divs inside <head>, before the body with its class.
        #expect(document.source.contains("<div id=\"platnoads\"></div>"))
        return (SAPageShape(answer.response, document: document), document)
    }

    @Test func aClosedThreadsRedirectPageIsReadAsARefusalAndItsRefreshIsNoEvidence() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            let closed = Int(Seed.Ids.closedThread)
            let (shape, _) = try await shape("newreply.php?action=newreply&threadid=\(closed)", adapter: adapter, sandbox: sandbox)
            guard case let .redirect(message, links) = shape else {
                Issue.record("expected the standardredirect shape, got \(shape)")
                return
            }
            #expect(message.contains("This thread is closed"))
            #expect(links.contains { SAEvidence.parameters($0)["threadid"] == String(closed) }, "the refresh names the thread")
            #expect(SAFailurePage.failure(of: shape, purpose: .submitting) == .rejected(.threadClosed))
        }
    }

    @Test func aNewThreadRefusedWithTheClosedRedirectIsRejectedAndNothingIsStored() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            let before = try await sandbox.state().threads.count
            // A forum whose new threads get the closed-thread redirect to an existing thread...
            let outcome = await adapter.newThread(NewThread(forumID: Int(Seed.Ids.closedDoorForum), subject: "s", bbcode: "b"))
            #expect(outcome == .rejected(.threadClosed), "\(outcome)")
            // ...and the same redirect as a fault on an ordinary forum.
            await sandbox.server.failNextPost(with: .closedRedirect)
            let faulted = await adapter.newThread(NewThread(forumID: Int(Seed.Ids.generalForum), subject: "s2", bbcode: "b2"))
            #expect(faulted == .rejected(.threadClosed), "\(faulted)")
            #expect(try await sandbox.state().threads.count == before)
        }
    }

    @Test func theStandardErrorShapeIsReadForEachRefusalTheSandboxServes() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            let (archived, _) = try await shape("showthread.php?threadid=\(Seed.Ids.archivedThread)", adapter: adapter, sandbox: sandbox)
            guard case .standardError = archived else { Issue.record("expected standarderror, got \(archived)"); return }
            #expect(SAFailurePage.failure(of: archived, purpose: .reading) == .rejected(.archivesRequired))

            let (missing, _) = try await shape("showthread.php?threadid=3999999", adapter: adapter, sandbox: sandbox)
            guard case .rejected(.doesNotExist(what: "thread", _)) = SAFailurePage.failure(of: missing, purpose: .reading) else {
                Issue.record("expected no such thread, got \(missing)")
                return
            }

            try await sandbox.control("_sandbox/standing?user=\(Seed.Account.member.username)&standing=noplatinum")
            let (platinum, _) = try await shape("private.php", adapter: adapter, sandbox: sandbox)
            #expect(SAFailurePage.failure(of: platinum, purpose: .reading) == .rejected(.platinumRequired))
        }
    }

    @Test func theSecondTagGroupsAreOfferedAndChosen() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            for (forum, group) in [(Seed.Ids.askTellForum, "tma_ama"), (Seed.Ids.samartForum, "samart_tag")] {
                let icons = try await adapter.postIcons(forumID: Int(forum))
                #expect(icons.contains { $0.group == group }, "forum \(forum) offers \(group)")
            }
            let receipt = try #require(await adapter.newThread(NewThread(
                forumID: Int(Seed.Ids.samartForum), subject: "For sale: a forum client", bbcode: "cheap", secondaryTag: "2")).receipt)
            #expect(try await sandbox.state().threads.first { Int($0.id) == receipt.id }?.secondaryTagId == 2)
        }
    }
}
