import Foundation
import Testing
@testable import Forum
import Sandbox

/// The ways the compose question ends short of `.open` on the sandbox forum: refusals the page
/// proves, a session in doubt, and a forum that could not be asked.
@Suite struct ComposeContextRefusalTests {
    let welcome = Int(Seed.Ids.welcomeThread)

    func standing(_ target: ComposeTarget, as account: String = Seed.Account.member.username,
                  in sandbox: SandboxFixture) async throws -> ComposeStanding {
        let context = try await sandbox.loggedIn(as: account).composeContext(target)
        #expect(context.posts.isEmpty, "a refusal carries no posts")
        return context.standing
    }

    @Test func aClosedThreadIsRefusedAsClosed() async throws {
        try await SandboxFixture.with { sandbox in
            let found = try await standing(.reply(threadID: Int(Seed.Ids.closedThread)), in: sandbox)
            #expect(found == .refused(.threadClosed))
        }
    }

    @Test func aMissingThreadPostOrMessageIsRefusedAsNotThere() async throws {
        try await SandboxFixture.with { sandbox in
            let targets: [(ComposeTarget, String)] = [
                (.reply(threadID: 9_999_999), "thread"), (.edit(postID: 9_999_999), "post"),
                (.newThread(forumID: 9_999), "forum"), (.privateMessage(replyingTo: 9_999_999), "private message"),
            ]
            for (target, what) in targets {
                let found = try await standing(target, in: sandbox)
                guard case let .refused(.doesNotExist(named, message)) = found else {
                    Issue.record("\(target): expected does not exist, got \(found)")
                    continue
                }
                #expect(named == what && message.contains("Invalid \(what) specified"), "\(target)")
            }
        }
    }

    @Test func anotherUsersPostMayNotBeEdited() async throws {
        try await SandboxFixture.with { sandbox in
            let found = try await standing(.edit(postID: Int(Seed.Ids.othersPost)), in: sandbox)
            guard case let .refused(.noPermission(message)) = found else {
                Issue.record("expected no permission, got \(found)")
                return
            }
            #expect(message.contains("permission"))
        }
    }

    @Test func forumsThatTakeNoThreadsOrNeedTheArchivesAreRefused() async throws {
        try await SandboxFixture.with { sandbox in
            let closedForum = try await standing(.newThread(forumID: Int(Seed.Ids.archiveForum)), in: sandbox)
            guard case let .refused(.noPermission(message)) = closedForum else {
                Issue.record("expected no permission, got \(closedForum)")
                return
            }
            #expect(message.contains("not accepting new threads"))
            let archived = try await standing(.reply(threadID: Int(Seed.Ids.archivedThread)), in: sandbox)
            #expect(archived == .refused(.archivesRequired))
        }
    }

    @Test func aBannedAccountIsRefused() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            try await sandbox.control("_sandbox/standing?user=sandbox&standing=banned")
            let found = await adapter.composeContext(.reply(threadID: welcome)).standing
            guard case .refused(.banned) = found else {
                Issue.record("expected banned, got \(found)")
                return
            }
        }
    }

    @Test func anAccountOnProbationIsRefusedUntilItsEnd() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            try await sandbox.control("_sandbox/standing?user=sandbox&standing=probation&days=2")
            let found = await adapter.composeContext(.reply(threadID: welcome)).standing
            guard case let .refused(.probation(until, _)) = found else {
                Issue.record("expected probation, got \(found)")
                return
            }
            let end = try #require(until)
            #expect(end > Date().addingTimeInterval(24 * 3600) && end < Date().addingTimeInterval(3 * 24 * 3600))
        }
    }

    @Test func privateMessagesWithoutPlatinumAreRefusedButRepliesAreNot() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            try await sandbox.control("_sandbox/standing?user=sandbox&standing=noplatinum")
            #expect(await adapter.composeContext(.privateMessage(replyingTo: nil)).standing == .refused(.platinumRequired))
            #expect(await adapter.composeContext(.privateMessage(replyingTo: Int(Seed.Ids.inboxMessage))).standing
                == .refused(.platinumRequired))
            #expect(await adapter.composeContext(.reply(threadID: welcome)).standing == .open)
        }
    }

    @Test func anExpiredOrMissingSessionIsInDoubtNotARefusal() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            try await sandbox.control("_sandbox/expire-sessions")
            #expect(await adapter.composeContext(.reply(threadID: welcome)) == ComposeContext(standing: .sessionInDoubt(.notLoggedIn)))
            let stranger = try sandbox.adapter(jar: "never-logged-in")
            #expect(await stranger.composeContext(.newThread(forumID: 1)).standing == .sessionInDoubt(.notLoggedIn))
        }
    }

    @Test func aBotCheckIsASessionInDoubt() async throws {
        try await SandboxFixture.with { sandbox in
            let adapter = try await sandbox.loggedIn()
            try await sandbox.control("_sandbox/cloudflare?challenge=on")
            #expect(await adapter.composeContext(.reply(threadID: welcome)).standing == .sessionInDoubt(.botCheck))
        }
    }

    @Test func aForumThatIsNotRunningIsUncheckedAndSaysWhy() async throws {
        try await SandboxFixture.with { sandbox in
            _ = try await sandbox.loggedIn()
            // The same session (cookies do not name a port), at a port where nothing listens.
            let closed = try MisbehavingPeer.closedPort()
            defer { withExtendedLifetime(closed) {} }
            let stopped = try SomethingAwfulAdapter(
                baseURL: try #require(URL(string: "http://127.0.0.1:\(closed.port)/")),
                settings: HTTPSettings(userAgent: "missive/test", connectTimeout: .seconds(2), cookieJar: sandbox.jar("sandbox")))
            #expect(await stopped.hasSavedSession())
            let context = await stopped.composeContext(.reply(threadID: welcome))
            guard case let .unchecked(reason) = context.standing else {
                Issue.record("expected unchecked, got \(context.standing)")
                return
            }
            #expect(reason.contains("127.0.0.1"), "\(reason)")
            #expect(context.posts.isEmpty)
        }
    }

    @Test func onlyTheTargetsOwnRefusalsAreRefusals() {
        // What a page cannot prove about the target is never a refusal.
        #expect(ComposeStanding(.rejected(.forumError(title: "Sorry!", message: "Something odd."))) == .unchecked("Sorry!: Something odd."))
        #expect(ComposeStanding(.rejected(.noSuchUser("Nobody"))) == .unchecked("no such user: Nobody"))
        #expect(ComposeStanding(.retryLater(after: nil, reason: .databaseError("Database error"))) ==
            .unchecked("the forum's database is unavailable: Database error"))
        #expect(ComposeStanding(.retryLater(after: nil, reason: .serverError(status: 502))) == .unchecked("the forum answered with HTTP 502"))
        #expect(ComposeStanding(.rejected(.threadClosed)) == .refused(.threadClosed))
    }
}
