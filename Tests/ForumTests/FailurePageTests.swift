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
        #expect(standardError(message) == .retryLater(after: .seconds(12), reason: .floodControl(message)))
        // Without the seconds left, the interval is the wait.
        let bare = "You must wait 60 seconds between sending private messages."
        #expect(standardError(bare) == .retryLater(after: .seconds(60), reason: .floodControl(bare)))
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
        let document = try #require(HTMLDocument("<html><body class=\"banned\"><h1>CONGRATULATIONS</h1></body></html>"))
        #expect(SAFailurePage.failure(in: document, purpose: .reading) == .rejected(.banned))
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
        let inTwoMinutes = formatter.string(from: Date().addingTimeInterval(120))
        let seconds = SAFailurePage.retryAfter(response(inTwoMinutes))?.components.seconds ?? -1
        #expect((115...121).contains(seconds))
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
        #expect(links.compactMap(SAEvidence.post(.post)) == [Receipt(kind: .post, id: 42, url: links.first)])

        let refresh = try #require(HTMLDocument("""
            <html><head><meta http-equiv="Refresh" content="2; URL=/showthread.php?threadid=9"></head><body></body></html>
            """, url: URL(string: "https://forums.example/newthread.php")))
        #expect(SAEvidence.redirectLinks(in: refresh).compactMap(SAEvidence.thread).map(\.id) == [9])
    }

    @Test func evidenceIsReadFromTheURLsTheForumUses() throws {
        let post = SAEvidence.post(.post)
        #expect(post(URL(string: "https://f.example/showthread.php?threadid=1&pagenumber=2#post77")!)?.id == 77)
        #expect(post(URL(string: "https://f.example/showthread.php?threadid=1&goto=lastpost")!) == Receipt(kind: .post, url: URL(string: "https://f.example/showthread.php?threadid=1&goto=lastpost")))
        #expect(post(URL(string: "https://f.example/forumdisplay.php?forumid=1")!) == nil)
        #expect(SAEvidence.privateMessageFolder(URL(string: "https://f.example/private.php")!) != nil)
        #expect(SAEvidence.privateMessageFolder(URL(string: "https://f.example/private.php?action=newmessage")!) == nil)
    }
}
