import Foundation
import Testing
@testable import Forum

/// Each refusal the engine gives, with its outcome and the requests it took (from the engine's own
/// log): a refusal is `rejected` or `retryLater`, never `unknown` and never `sent`.
extension MisagoEngineTests {
    @Suite struct Refusals {
        /// The POSTs (and PUTs) a test made to `path`, with their statuses.
        static func writes(_ requests: [LoggedRequest], to path: String) -> [Int] {
            requests.filter { $0.method != "GET" && $0.path == path }.map(\.status)
        }

        @Test func aClosedThreadIsRejectedAfterOnePost() async throws {
            let fixture = try await MisagoThreadFixture.make()
            let (admin, _) = try await fixture.engine.loggedIn(MisagoEngine.admin, in: fixture.directory)
            let closing = await admin.write(.patch, "api/threads/\(fixture.threadID)/",
                                            json: [["op": "replace", "path": "is-closed", "value": true]], subject: .thread)
            guard case .ok = closing else {
                Issue.record("the admin could not close the thread: \(closing)")
                return
            }
            let before = try await fixture.engine.mark()
            let outcome = await fixture.member.reply(Reply(threadID: fixture.threadID, bbcode: "A reply to a closed thread."))
            #expect(outcome == .rejected(.threadClosed))
            let requests = try await fixture.engine.requests(since: before)
            #expect(Self.writes(requests, to: "/api/threads/\(fixture.threadID)/posts/") == [403])
            // The reconcile marker, then the one POST.
            #expect(requests.count == 2, "\(requests)")
        }

        @Test func aTooShortPostIsRejectedAndAStoredOneStartsTheFloodInterval() async throws {
            let fixture = try await MisagoThreadFixture.make()
            let posts = "/api/threads/\(fixture.threadID)/posts/"
            let before = try await fixture.engine.mark()
            let short = await fixture.member.reply(Reply(threadID: fixture.threadID, bbcode: "Hi"))
            guard case let .rejected(.invalid(message)) = short else {
                Issue.record("expected rejected(invalid), got \(short)")
                return
            }
            #expect(message.contains("at least 5 characters"))
            // docs/misago.md expected the refused post to start the interval too; Misago 0.39.6's
            // API validates first, so the next post at once is stored.
            let first = await fixture.member.reply(Reply(threadID: fixture.threadID, bbcode: "Long enough this time."))
            guard case .sent = first else {
                Issue.record("expected sent, got \(first)")
                return
            }
            let tooFast = await fixture.member.reply(Reply(threadID: fixture.threadID, bbcode: "And another one at once."))
            guard case let .retryLater(after, .floodControl(words, interval)) = tooFast else {
                Issue.record("expected flood control, got \(tooFast)")
                return
            }
            #expect(after == .seconds(3))
            // The interval, so that the outbox paces the next sends instead of being refused again.
            #expect(interval == 3)
            #expect(words.contains("so quickly"))
            #expect(Self.writes(try await fixture.engine.requests(since: before), to: posts) == [400, 200, 403])

            // After the wait the engine's interval names, the same post goes through.
            try await Task.sleep(for: after ?? .zero)
            let sent = await fixture.member.reply(Reply(threadID: fixture.threadID, bbcode: "And another one at once."))
            guard case .sent = sent else {
                Issue.record("after the wait the engine named, expected sent, got \(sent)")
                return
            }
        }

        @Test func anUnknownRecipientIsNoSuchUserAfterOnePost() async throws {
            let engine = try await MisagoEngine.get()
            let (adapter, _) = try await engine.loggedIn(in: try misagoTestDirectory())
            let before = try await engine.mark()
            let outcome = await adapter.send(PrivateMessage(to: "nosuchperson", subject: "Hello there", bbcode: "Nobody will read this."))
            #expect(outcome == .rejected(.noSuchUser("nosuchperson")))
            #expect(Self.writes(try await engine.requests(since: before), to: "/api/private-threads/") == [400])
        }

        @Test func aThreadThatDoesNotExistIsRejectedWithoutAPost() async throws {
            let engine = try await MisagoEngine.get()
            let (adapter, _) = try await engine.loggedIn(in: try misagoTestDirectory())
            let before = try await engine.mark()
            let outcome = await adapter.reply(Reply(threadID: 987_654, bbcode: "A reply to nothing."))
            guard case .rejected(.doesNotExist(what: "thread", _)) = outcome else {
                Issue.record("expected doesNotExist(thread), got \(outcome)")
                return
            }
            // The marker's read already said so: nothing was posted.
            #expect(try await engine.requests(since: before).map(\.description) == ["GET /api/threads/987654/ 404"])
        }

        @Test func aCorruptCSRFTokenIsFetchedAfreshOnceAndTheSendSucceeds() async throws {
            let fixture = try await MisagoThreadFixture.make()
            guard case let .sent(receipt) = await fixture.member.reply(Reply(threadID: fixture.threadID, bbcode: "A post to edit.")),
                let address = receipt.url.flatMap({ MisagoPostAddress(url: $0.absoluteString) }) else {
                Issue.record("the post to edit was not sent")
                return
            }
            let jar = fixture.directory.appendingPathComponent("\(fixture.memberName).cookies")
            // Django refuses a token of the wrong length. Any GET mends it (the engine sets a new
            // cookie), so the write tried is an edit, which reads nothing first.
            try Self.rewrite(jar) { fields in
                if fields[5] == "csrftoken" { fields[6] = "corrupted" }
            }
            let adapter = try fixture.engine.adapter(jar: jar)
            let before = try await fixture.engine.mark()
            let outcome = await adapter.edit(address, markup: "Edited with a fresh token.")
            #expect(outcome.isSent(kind: .edit, id: address.postID))
            let requests = try await fixture.engine.requests(since: before).map(\.description)
            let put = "PUT /api/threads/\(fixture.threadID)/posts/\(address.postID)/"
            #expect(requests == ["\(put) 403", "GET / 200", "\(put) 200"])
        }

        @Test func anExpiredSessionIsNotLoggedInAfterOnePost() async throws {
            let fixture = try await MisagoThreadFixture.make()
            let jar = fixture.directory.appendingPathComponent("\(fixture.memberName).cookies")
            // The session is gone (as when it expires): the jar keeps only its CSRF cookie.
            try Self.rewrite(jar) { fields in
                if fields[5] == "sessionid" { fields[6] = "expiredsession0000000000000000000" }
            }
            let adapter = try fixture.engine.adapter(jar: jar)
            let before = try await fixture.engine.mark()
            let outcome = await adapter.reply(Reply(threadID: fixture.threadID, bbcode: "Sent without a session."))
            #expect(outcome == .rejected(.notLoggedIn))
            #expect(Self.writes(try await fixture.engine.requests(since: before), to: "/api/threads/\(fixture.threadID)/posts/") == [403])

            // With the password at hand, the adapter logs in again once and the send goes through.
            let credentials = FixedPassword(MisagoEngine.password)
            let relogging = try fixture.engine.adapter(jar: jar, username: fixture.memberName, credentials: credentials)
            try await MisagoThreadFixture.waitOutFloodInterval()
            let again = await relogging.reply(Reply(threadID: fixture.threadID, bbcode: "Sent after logging in again."))
            guard case .sent = again else {
                Issue.record("expected sent after logging in again, got \(again)")
                return
            }
            #expect(credentials.timesAsked == 1)
        }

        /// Rewrites the Netscape cookie jar's lines (tab-separated fields) in place.
        static func rewrite(_ jar: URL, _ change: (inout [String]) -> Void) throws {
            let text = try String(contentsOf: jar, encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
                var fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                guard fields.count == 7 else { return String(line) }
                change(&fields)
                return fields.joined(separator: "\t")
            }
            try lines.joined(separator: "\n").write(to: jar, atomically: true, encoding: .utf8)
        }
    }
}
