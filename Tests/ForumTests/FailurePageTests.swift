import Foundation
import Testing
@testable import Forum

/// The forum's failure pages (forum-protocol.md, "How failure looks"), written by hand in the
/// shapes the protocol describes, and the evidence a post's answer may carry.
@Suite struct FailurePageTests {
    private func page(bodyClass: String, _ content: String) -> HTMLDocument? {
        HTMLDocument("""
            <html><head><title>x</title></head><body id="something_awful" class="\(bodyClass)">
            <ul id="navigation"><li><a href="showthread.php?threadid=1&goto=lastpost">latest</a></li></ul>
            <div id="content">\(content)</div></body></html>
            """, url: URL(string: "https://forums.example/newreply.php"))
    }

    private func standardError(_ message: String, title: String = "Sorry!") -> ForumError? {
        page(bodyClass: "standarderror", "<div class=\"standard\"><h2>\(title)</h2><div class=\"inner\">\(message)</div></div>")
            .flatMap { SAFailurePage.failure(in: $0, purpose: .posting) }
    }

    @Test func floodControlGivesTheSecondsLeft() {
        let message = "This forum requires that you wait 30 seconds between posts. Please try again in 12 seconds."
        #expect(standardError(message) == .retryLater(after: .seconds(12), reason: .floodControl(message, interval: 30)))
        // Without the seconds left, the interval is the wait.
        let bare = "You must wait 60 seconds between sending private messages."
        #expect(standardError(bare) == .retryLater(after: .seconds(60), reason: .floodControl(bare, interval: 60)))
    }

    /// The interval is read where the page is classified, so nothing after it reads the words.
    @Test(arguments: [
        ("this forum requires that you wait 30 seconds between posts. please try again in 12 seconds.", 30),
        ("this forum requires that you wait 60 seconds between sending private messages.", 60),
        ("you must wait 5 seconds between posts", 5),
    ])
    func theFloodIntervalIsReadFromTheForumsWords(message: String, interval: Int) {
        #expect(SAFailurePage.floodInterval(message) == interval)
    }

    @Test(arguments: ["please try again in 12 seconds.", "wait a moment", "wait 30 minutes between posts", ""])
    func wordsWithoutAFloodIntervalGiveNone(message: String) {
        #expect(SAFailurePage.floodInterval(message) == nil)
    }

    /// vBulletin's stale-form answer is a typed refusal, which the compose step retries with a fresh form.
    @Test func anExpiredSecurityTokenIsItsOwnRefusal() {
        let message = "Your submission could not be processed because a security token was missing or has expired."
        #expect(standardError(message) == .rejected(.securityTokenExpired(message: message)))
        #expect(standardError("Sorry, you do not have permission; your security token is fine") != .rejected(.securityTokenExpired(
            message: "Sorry, you do not have permission; your security token is fine")))
    }

    @Test func theForumsOtherRefusalsAreNamed() {
        #expect(standardError("Sorry, you must be a registered forums member to view this page.") == .rejected(.notLoggedIn))
        #expect(standardError("Sorry! This thread is closed!") == .rejected(.threadClosed))
        #expect(standardError("The following users were not found: Ghost, Phantom") == .rejected(.noSuchUser("Ghost, Phantom")))
        #expect(standardError("The message you have entered is too long (60000 characters). Please shorten it to 50000 characters long.")
            == .rejected(.tooLong(limit: 50000, message: "The message you have entered is too long (60000 characters). Please shorten it to 50000 characters long.")))
        guard case .rejected(.noPermission) = standardError("Sorry, you do not have permission to edit this post.") else {
            Issue.record("expected no permission")
            return
        }
        #expect(standardError("Something new went wrong.", title: "Oops") == .rejected(.forumError(title: "Oops", message: "Something new went wrong.")))
    }

    @Test func theDatabasePageIsTransient() throws {
        let document = try #require(HTMLDocument("""
            <html><body class="database_error"><div id="msg"><h1>Database Unavailable!</h1>Try again later.</div></body></html>
            """))
        #expect(SAFailurePage.failure(in: document, purpose: .reading) == .retryLater(after: nil, reason: .databaseError("Database Unavailable!")))
    }

    @Test func theBannedPageIsPermanent() throws {
        let document = try #require(HTMLDocument("""
            <html><body class="banned"><h1>CONGRATULATIONS</h1>
            <p><a href="/banlist.php?userid=7&amp;actfilt=-1">To see why, click here.</a></p></body></html>
            """, url: URL(string: "https://forums.example/newreply.php")))
        #expect(SAFailurePage.failure(in: document, purpose: .reading)
            == .rejected(.banned(reason: URL(string: "https://forums.example/banlist.php?userid=7&actfilt=-1"))))
    }

    @Test func probationStopsPostingButNotReading() throws {
        let document = try #require(page(bodyClass: "showthread", """
            <div id="probation_warn"><h4>YOU ARE ON PROBATION!</h4>You have been put on probation until
            September 21, 2014 8:45 PM UTC. You cannot post while on probation.</div>
            """))
        #expect(SAFailurePage.failure(in: document, purpose: .reading) == nil)
        guard case let .rejected(.probation(until, message)) = SAFailurePage.failure(in: document, purpose: .posting) else {
            Issue.record("expected probation")
            return
        }
        #expect(until == Date(timeIntervalSince1970: 1_411_332_300))
        #expect(message.contains("You cannot post while on probation"))
    }

    @Test func aClosedThreadOnARedirectPageIsRejectedNotSent() throws {
        let document = try #require(page(bodyClass: "standardredirect", """
            <div class="standard"><h2>Redirecting...</h2><div class="inner">Sorry! This thread is closed!
            <a href="showthread.php?threadid=7">back</a></div></div>
            """))
        #expect(SAFailurePage.failure(in: document, purpose: .posting) == .rejected(.threadClosed))
    }

    @Test func retryAfterIsReadAsSecondsOrADate() {
        func response(_ value: String) -> HTTPResponse {
            HTTPResponse(status: 503, headers: [("Retry-After", value)], body: [], url: URL(string: "https://f.example/")!, redirect: nil)
        }
        #expect(SAFailurePage.retryAfter(response("90")) == .seconds(90))
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let now = Date(timeIntervalSince1970: 1_900_000_000)
        let inTwoMinutes = formatter.string(from: now.addingTimeInterval(120))
        #expect(SAFailurePage.retryAfter(response(inTwoMinutes), now: now) == .seconds(120))
        let past = formatter.string(from: now.addingTimeInterval(-120))
        #expect(SAFailurePage.retryAfter(response(past), now: now) == .seconds(0))
        #expect(SAFailurePage.retryAfter(response("soon")) == nil)
    }

    @Test func onlyARedirectPagesOwnLinksAreEvidence() throws {
        // Navigation links to a thread's last post are on every page; they prove nothing.
        let plain = try #require(page(bodyClass: "showthread", "<p>Thread</p>"))
        #expect(SAEvidence.redirectLinks(in: plain).isEmpty)

        let redirect = try #require(page(bodyClass: "standardredirect", """
            <div class="standard"><div class="inner">Thank you for posting!
            <a href="showthread.php?goto=post&amp;postid=42">go</a></div></div>
            """))
        let links = SAEvidence.redirectLinks(in: redirect)
        #expect(links.compactMap { SAEvidence.reply(threadID: 1)($0, nil) } == [Receipt(kind: .post, id: 42, url: URL(string: "https://forums.example/showthread.php?goto=post&postid=42"))])

        let refresh = try #require(HTMLDocument("""
            <html><head><meta http-equiv="Refresh" content="2; URL=/showthread.php?threadid=9"></head><body></body></html>
            """, url: URL(string: "https://forums.example/newthread.php")))
        #expect(SAEvidence.redirectLinks(in: refresh).compactMap { SAEvidence.thread($0, after: nil) }.map(\.id) == [9])
        // A thread no newer than the forum's newest before the send is not the new one.
        #expect(SAEvidence.redirectLinks(in: refresh).compactMap { SAEvidence.thread($0, after: 9) }.isEmpty)
    }

    private func link(_ text: String) -> URL {
        URL(string: "https://f.example/" + text) ?? URL(fileURLWithPath: "/")
    }

    @Test func evidenceIsReadFromTheURLsTheForumUses() throws {
        let reply = { SAEvidence.reply(threadID: 1)($0, 50) }
        // A post no newer than the thread's last post before the send is not the reply.
        #expect(reply(link("showthread.php?goto=post&postid=50")) == nil)
        #expect(reply(link("showthread.php?threadid=1&pagenumber=2#post77")) == Receipt(kind: .post, id: 77, url: link("showthread.php?threadid=1&pagenumber=2#post77")))
        #expect(reply(link("showthread.php?threadid=1&goto=lastpost")) == Receipt(kind: .post, url: link("showthread.php?threadid=1&goto=lastpost")))
        #expect(reply(link("forumdisplay.php?forumid=1")) == nil)
        #expect(SAEvidence.privateMessageFolder(link("private.php"), nil) == Receipt(kind: .privateMessage, url: link("private.php")))
        #expect(SAEvidence.privateMessageFolder(link("private.php?action=newmessage"), nil) == nil)
    }

    @Test func aLinkThatNamesNothingIsNoEvidence() {
        // A thread needs a thread id or a post id that is a number, not just the key.
        #expect(SAEvidence.thread(link("showthread.php?postid="), after: nil) == nil)
        #expect(SAEvidence.thread(link("showthread.php?postid=abc"), after: nil) == nil)
        #expect(SAEvidence.thread(link("showthread.php?threadid=-3"), after: nil) == nil)
        #expect(SAEvidence.thread(link("showthread.php?goto=lastpost"), after: nil) == nil)
        #expect(SAEvidence.thread(link("showthread.php?threadid=12"), after: nil) == Receipt(kind: .thread, id: 12, url: link("showthread.php?threadid=12")))
        // The last post of another thread is not this reply.
        #expect(SAEvidence.reply(threadID: 1)(link("showthread.php?threadid=2&goto=lastpost"), nil) == nil)
        #expect(SAEvidence.reply(threadID: 1)(link("showthread.php?goto=post&postid="), nil) == nil)
    }

    @Test func anEditIsProvenOnlyByALinkToTheEditedPost() {
        let edit = { SAEvidence.edit(postID: 500)($0, nil) }
        #expect(edit(link("showthread.php?goto=post&postid=500")) == Receipt(kind: .edit, id: 500, url: link("showthread.php?goto=post&postid=500")))
        #expect(edit(link("showthread.php?threadid=1&pagenumber=3#post500")) == Receipt(kind: .edit, id: 500, url: link("showthread.php?threadid=1&pagenumber=3#post500")))
        #expect(edit(link("showthread.php?threadid=1&goto=lastpost")) == nil)
        #expect(edit(link("showthread.php?goto=post&postid=501")) == nil)
    }

    private func answer(_ status: Int, _ html: String = "") -> (HTTPResponse, HTMLDocument?) {
        let url = link("newreply.php")
        let response = HTTPResponse(status: status, headers: [("Content-Type", "text/html")], body: Array(html.utf8), url: url, redirect: nil)
        return (response, html.isEmpty ? nil : HTMLDocument(html, url: url))
    }

    @Test(arguments: [500, 502, 503, 504])
    func aServerErrorAfterAPostMayHaveStoredIt(status: Int) {
        let (response, document) = answer(status, "<html><body><h1>Internal Server Error</h1></body></html>")
        guard case let .unexpected(evidence)? = SAFailurePage.failure(in: response, document: document, purpose: .submitting) else {
            Issue.record("expected unknown for HTTP \(status)")
            return
        }
        #expect(evidence.status == status)
        // Before anything was posted (a page, a form, a preview), the same answer is only a wait.
        #expect(SAFailurePage.failure(in: response, document: document, purpose: .posting) == .retryLater(after: nil, reason: .serverError(status: status)))
        #expect(SAFailurePage.failure(in: response, document: document, purpose: .reading) == .retryLater(after: nil, reason: .serverError(status: status)))
    }

    @Test func theDatabasePageAfterAPostIsStillAWait() {
        let (response, document) = answer(503, "<html><body class=\"database_error\"><div id=\"msg\"><h1>Database Unavailable!</h1></div></body></html>")
        #expect(SAFailurePage.failure(in: response, document: document, purpose: .submitting)
            == .retryLater(after: nil, reason: .databaseError("Database Unavailable!")))
    }
}
