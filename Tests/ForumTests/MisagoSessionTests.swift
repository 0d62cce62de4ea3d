import Foundation
import Testing
@testable import Forum

/// Every test against the real Misago engine, one at a time: the engine's request log counts the
/// requests a test made, which only works when no other test talks to it meanwhile.
@Suite(.serialized) struct MisagoEngineTests {}

extension MisagoEngineTests {
    @Suite struct Session {
        @Test func logsInAndOutWithTheEnginesCSRF() async throws {
            let engine = try await MisagoEngine.get()
            let directory = try misagoTestDirectory()
            let name = engine.account()
            let adapter = try engine.adapter(jar: directory.appendingPathComponent("jar.txt"))
            #expect(try await adapter.currentSession() == nil)
            #expect(await adapter.hasSavedSession() == false)

            let before = try await engine.mark()
            let session = try await adapter.login(username: name, password: MisagoEngine.password)
            #expect(session.username == name)
            #expect(session.userID > 0)
            // The index for the CSRF cookie, then the login itself.
            #expect(try await engine.requests(since: before).map(\.description) == ["GET / 200", "POST /api/auth/ 200"])
            #expect(await adapter.hasSavedSession())
            #expect(try await adapter.currentSession() == session)

            // A second adapter on the same jar is the same session.
            let again = try engine.adapter(jar: directory.appendingPathComponent("jar.txt"))
            #expect(try await again.currentSession()?.userID == session.userID)

            #expect(await adapter.logout() == .ended)
            #expect(await adapter.hasSavedSession() == false)
            #expect(try await adapter.currentSession() == nil)
        }

        @Test func aWrongPasswordIsRefusedAsSuch() async throws {
            let engine = try await MisagoEngine.get()
            let adapter = try engine.adapter(jar: try misagoTestDirectory().appendingPathComponent("jar.txt"))
            await #expect(throws: ForumError.rejected(.wrongPassword)) {
                try await adapter.login(username: engine.account(), password: "not-the-password")
            }
            #expect(try await adapter.currentSession() == nil)
        }

        @Test func aReadWithAnExpiredSessionLogsInAgainOnlyWhenItMay() async throws {
            let engine = try await MisagoEngine.get()
            let directory = try misagoTestDirectory()
            let (_, name) = try await engine.loggedIn(in: directory)
            let jar = directory.appendingPathComponent("\(name).cookies")
            try MisagoEngineTests.Refusals.rewrite(jar) { fields in
                if fields[5] == "sessionid" { fields[6] = "expiredsession0000000000000000000" }
            }
            await #expect(throws: ForumError.rejected(.notLoggedIn)) {
                try await engine.adapter(jar: jar).privateMessages(in: .inbox)
            }
            let credentials = FixedPassword(MisagoEngine.password)
            let adapter = try engine.adapter(jar: jar, username: name, credentials: credentials)
            #expect(try await adapter.privateMessages(in: .inbox).isEmpty)
            #expect(credentials.timesAsked == 1)
            #expect(try await adapter.currentSession()?.username == name)
        }

        @Test func anUnreachableEngineIsRetryLater() async throws {
            // A port nothing listens on: the engine's own port after it is free is not needed,
            // port 9 (discard) is closed on loopback here.
            let adapter = try MisagoAdapter(baseURL: URL(string: "http://127.0.0.1:9/")!,
                                            settings: HTTPSettings(userAgent: "missive/test", connectTimeout: .seconds(2)))
            let outcome = await adapter.reply(Reply(threadID: 1, bbcode: "hello there"))
            guard case .retryLater(nil, .unreachable) = outcome else {
                Issue.record("expected retryLater(unreachable), got \(outcome)")
                return
            }
        }
    }
}
