import Foundation
import Testing
@testable import Forum

/// The classification table, row by row, with the bodies the engine gives (read off Misago 0.39.6:
/// docs/misago.md). The hourly and daily limits, a 5xx and an HTML answer are hard to make the
/// real engine give on demand, so their rows are checked here on the answers themselves.
struct MisagoAnswerTableTests {
    static let url = URL(string: "http://127.0.0.1:8000/api/threads/1/posts/")!

    static func answer(_ status: Int, _ body: String, type: String = "application/json") -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", type)], body: Array(body.utf8), url: url, redirect: nil)
    }

    static func classify(_ status: Int, _ body: String, type: String = "application/json", write: Bool = true) -> MisagoAnswer {
        MisagoAnswer.classify(answer(status, body, type: type), write: write, subject: .thread)
    }

    @Test func successIsOnlyJSON() {
        #expect(Self.classify(200, #"{"id": 7}"#) == .ok(Array(#"{"id": 7}"#.utf8)))
        // A 200 page where JSON was expected proves nothing about a write, and is unreadable for a read.
        guard case .mayHaveLanded = Self.classify(200, "<html>hello</html>", type: "text/html") else {
            Issue.record("a write answered with HTML must be unknown")
            return
        }
        guard case .failed(.unexpected) = Self.classify(200, "<html>hello</html>", type: "text/html", write: false) else {
            Issue.record("a read answered with HTML is unexpected")
            return
        }
    }

    @Test(arguments: [
        (403, #"{"detail":"You can't post message so quickly after previous one."}"#, Duration.seconds(3)),
        (403, #"{"detail":"Your account has exceed an hourly post limit."}"#, Duration.seconds(3600)),
        (403, #"{"detail":"Your account has exceed a daily post limit."}"#, Duration.seconds(86400)),
    ])
    func floodAndLimitsAreRetryLaterAfterTheirWait(status: Int, body: String, wait: Duration) {
        guard case let .failed(.retryLater(after, .floodControl)) = Self.classify(status, body) else {
            Issue.record("expected flood control for \(body)")
            return
        }
        #expect(after == wait)
    }

    @Test func refusalsAreRejectedInTheEnginesWords() {
        #expect(Self.classify(403, #"{"detail":"You can't reply to closed threads in this category."}"#) == .failed(.rejected(.threadClosed)))
        #expect(Self.classify(403, #"{"detail":"This thread is closed. You can't edit it."}"#) == .failed(.rejected(.threadClosed)))
        #expect(Self.classify(403, #"{"detail":"You can't edit other users posts in this category."}"#)
            == .failed(.rejected(.noPermission("You can't edit other users posts in this category."))))
        #expect(Self.classify(403, #"{"detail":"This action is not available to guests."}"#) == .failed(.rejected(.notLoggedIn)))
        #expect(Self.classify(400, #"{"to":["One or more users could not be found: nosuchperson"]}"#)
            == .failed(.rejected(.noSuchUser("nosuchperson"))))
        #expect(Self.classify(400, #"{"post":["Posted message should be at least 5 characters long (it has 2)."]}"#)
            == .failed(.rejected(.invalid("post: Posted message should be at least 5 characters long (it has 2)."))))
        let tooLong = "Posted message cannot be longer than 50000 characters (it has 50001)."
        #expect(Self.classify(400, #"{"post":["\#(tooLong)"]}"#) == .failed(.rejected(.tooLong(limit: 50000, message: tooLong))))
        #expect(Self.classify(400, #"{"detail":"Login or password is incorrect.","code":"invalid_login"}"#) == .failed(.rejected(.wrongPassword)))
        #expect(Self.classify(404, #"{"detail":"Not found."}"#) == .failed(.rejected(.doesNotExist(what: "thread", message: "Not found."))))
        // An HTML 404 (a wrong base URL) is no less a refusal.
        #expect(Self.classify(404, "<h1>Not Found</h1>", type: "text/html") == .failed(.rejected(.doesNotExist(what: "thread", message: "Not found."))))
    }

    @Test func aRefusedCSRFTokenIsItsOwnAnswer() {
        #expect(Self.classify(403, #"{"detail":"CSRF Failed: CSRF cookie has incorrect length."}"#)
            == .csrfFailed("CSRF Failed: CSRF cookie has incorrect length."))
    }

    @Test func serverErrorsAreUnknownForWritesAndRetryLaterForReads() {
        guard case let .mayHaveLanded(evidence) = Self.classify(500, "<h1>Server Error (500)</h1>", type: "text/html") else {
            Issue.record("a 500 after a write may have stored it")
            return
        }
        #expect(evidence.status == 500)
        #expect(Self.classify(502, "", type: "text/html", write: false) == .failed(.retryLater(after: nil, reason: .serverError(status: 502))))
        let limited = HTTPResponse(status: 429, headers: [("Retry-After", "30")], body: [], url: Self.url, redirect: nil)
        #expect(MisagoAnswer.classify(limited, write: true, subject: .thread) == .failed(.retryLater(after: .seconds(30), reason: .serverError(status: 429))))
    }

    @Test func noAnswerIsRetryLaterUnlessAWriteWentOut() {
        let refused = TransportError(kind: .cannotConnect, requestSent: false, url: Self.url, detail: "")
        guard case .failed(.retryLater(nil, .unreachable)) = MisagoAnswer.classify(refused, write: true) else {
            Issue.record("a connection refused before sending is retryLater")
            return
        }
        let dropped = TransportError(kind: .connectionDropped, requestSent: true, url: Self.url, detail: "")
        guard case .mayHaveLanded = MisagoAnswer.classify(dropped, write: true) else {
            Issue.record("a write that went out and got no answer may have landed")
            return
        }
        guard case .failed(.retryLater) = MisagoAnswer.classify(dropped, write: false) else {
            Issue.record("a read that got no answer is retryLater")
            return
        }
    }

    @Test func postAddressesAreReadFromTheEnginesURLs() {
        #expect(MisagoPostAddress(url: "http://127.0.0.1:8000/t/a-thread/12/post/34/") == MisagoPostAddress(threadID: 12, postID: 34))
        #expect(MisagoPostAddress(url: "/t/a-thread/12/post/34/") == MisagoPostAddress(threadID: 12, postID: 34))
        #expect(MisagoPostAddress(url: "https://forum.example/t/a-thread/12/#post-34") == MisagoPostAddress(threadID: 12, postID: 34))
        #expect(MisagoPostAddress(url: "/p/secret/5/post/6/") == MisagoPostAddress(threadID: 5, postID: 6, isPrivate: true))
        // Bad versions: a thread without a post, not a number, zero, nothing.
        #expect(MisagoPostAddress(url: "/t/a-thread/12/") == nil)
        #expect(MisagoPostAddress(url: "/t/a-thread/x/post/34/") == nil)
        #expect(MisagoPostAddress(url: "/t/a-thread/12/post/0/") == nil)
        #expect(MisagoPostAddress(url: "") == nil)
    }
}
