import Foundation
import Testing
@testable import Forum

/// Every row of `SAFailurePage`'s page shape -> outcome table, on pages written here in the real
/// forum's shape (forum-protocol.md, "Real pages"): divs inside `<head>` before the page's own
/// `<body class=...>`, which an HTML4 parser reads as the start of the body, losing the class.
@Suite struct PageShapeTableTests {
    static let base = URL(string: "https://forums.example/")

    /// A forum page as the live site writes one: scripts and two divs in the head.
    static func page(bodyClass: String, head: String = "", _ content: String) -> String {
        """
        <html>
        <head>
        <title>The Something Awful Forums</title>
        \(head)
        <script type="text/javascript" src="/js/forums.combined.js"></script>
        <div style="display:none;" id="loggedinusername">Tester</div>
        <script type="text/javascript">var coloring = true;</script>
        <div id="platnoads"></div>
        </head>
        <body id="something_awful" class="\(bodyClass)">
        <ul class="navigation"><li><a href="/showthread.php?threadid=1&amp;goto=lastpost">latest</a></li></ul>
        <div id="content">
        \(content)
        </div>
        </body>
        </html>
        """
    }

    static func standard(_ title: String, _ message: String) -> String {
        "<center><div class=\"standard\" id=\"main_wide\"><h2>\(title)</h2><div class=\"inner\">\(message)</div></div></center>"
    }

    static func redirectPage(_ message: String, to link: String) -> String {
        page(bodyClass: "standardredirect", head: "<meta http-equiv=\"Refresh\" content=\"00; URL=\(link)\">",
             standard("Redirecting...", "\(message)<br><div><a href=\"\(link)\">Click here if you do not want to wait any longer</a></div>"))
    }

    private func failure(_ html: String, status: Int = 200, headers: [(name: String, value: String)] = [],
                         purpose: SAFailurePage.Purpose = .submitting) throws -> ForumError? {
        let url = try #require(URL(string: "newreply.php", relativeTo: Self.base)?.absoluteURL)
        let response = HTTPResponse(status: status, headers: headers, body: Array(html.utf8), url: url, redirect: nil)
        return SAFailurePage.failure(in: response, document: HTMLDocument(html, url: url), purpose: purpose)
    }

    @Test func theBodyClassSurvivesDivsInTheHead() throws {
        let document = try #require(HTMLDocument(Self.page(bodyClass: "standarderror", Self.standard("Sorry!", "x"))))
        #expect(document.first("//body")?.hasClass("standarderror") == true)
        #expect(SAPageShape(document) == .standardError(title: "Sorry!", message: "x"))
    }

    @Test func cloudflaresChallengeIsABotCheckWithOrWithoutItsHeader() throws {
        let challenge = """
            <!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title></head>
            <body class="no-js"><div class="main-wrapper"><h1>forums.example</h1>
            <p>Checking that you are a person. This takes a moment.</p></div>
            <script>(function(){window._cf_chl_opt={cType: 'managed'};var a=document.createElement('script');
            a.src='/cdn-cgi/challenge-platform/h/g/orchestrate/chl_page/v1';document.body.appendChild(a);}());</script>
            </body></html>
            """
        #expect(try failure(challenge, status: 403, headers: [("cf-mitigated", "challenge")]) == .rejected(.botCheck))
        #expect(try failure(challenge, status: 503) == .rejected(.botCheck), "a 503 challenge is not a server error")
        #expect(try failure(challenge, status: 403, purpose: .reading) == .rejected(.botCheck))
        // The header alone says it, whatever the body.
        #expect(try failure("<html><body>blocked</body></html>", status: 403, headers: [("CF-Mitigated", "challenge")]) == .rejected(.botCheck))
        // A forum page that mentions Cloudflare in prose is no challenge.
        #expect(try failure(Self.page(bodyClass: "showthread", "<p>_cf_chl_opt is a word</p>"), purpose: .reading) == nil)
    }

    @Test func theDatabasePageIsAWait() throws {
        let html = Self.page(bodyClass: "database_error", "<div id=\"msg\"><h1>Database Unavailable</h1>Try later.</div>")
        #expect(try failure(html) == .retryLater(after: nil, reason: .databaseError("Database Unavailable")))
    }

    @Test func theBannedPageKeepsItsLinkToTheReason() throws {
        let html = Self.page(bodyClass: "banned", """
            <h1>You are banned, Tester</h1>
            <p><a href="/banlist.php?userid=1001&amp;actfilt=-1">To see why you were banned, click here.</a></p>
            <p><a href="/account.php?action=logout&amp;ma=x">Log out</a></p>
            """)
        let reason = URL(string: "https://forums.example/banlist.php?userid=1001&actfilt=-1")
        #expect(try failure(html) == .rejected(.banned(reason: reason)))
        #expect(Rejection.banned(reason: reason).description.contains("banlist.php?userid=1001"))
    }

    @Test func probationIsAnInstantOnTheForumsClock() throws {
        let html = Self.page(bodyClass: "showthread", """
            <div id="probation_warn"><h4>Probation</h4>You cannot post while on probation until
            September 21, 2014 8:45 PM CST. Read the rules.</div>
            """)
        // US Central daylight time in September: 8:45 PM there is 01:45 UTC the next day.
        let instant = Date(timeIntervalSince1970: 1_411_350_300)
        guard case let .rejected(.probation(until, _)) = try failure(html) else {
            Issue.record("expected probation")
            return
        }
        #expect(until == instant)
        // In January the forum's clock is six hours behind UTC.
        #expect(SAForumClock.probationEnd("on probation until January 5, 2015 8:45 PM CST.")
            == Date(timeIntervalSince1970: 1_420_512_300))
        // Reading a page with the warning on it is not refused.
        #expect(try failure(html, purpose: .reading) == nil)
    }

    @Test(arguments: [
        ("Sorry! This thread is closed!", ForumError.rejected(.threadClosed)),
        ("Sorry, you must be a registered forums member to view this page.", .rejected(.notLoggedIn)),
        ("Private messages are only accessible to Platinum members.", .rejected(.platinumRequired)),
        ("Viewing this content requires the archives upgrade.", .rejected(.archivesRequired)),
        ("This forum requires that you wait 30 seconds between posts. Please try again in 12 seconds.",
         .retryLater(after: .seconds(12), reason: .floodControl(
            "This forum requires that you wait 30 seconds between posts. Please try again in 12 seconds.", interval: 30))),
        ("Invalid post specified. If you followed a valid link, please notify the administrator.",
         .rejected(.doesNotExist(what: "post", message: "Invalid post specified. If you followed a valid link, please notify the administrator."))),
        ("Your submission could not be processed because a security token was missing or has expired. Please go back, reload the page and try again.",
         .rejected(.securityTokenExpired(message: "Your submission could not be processed because a security token was missing or has expired. "
                                        + "Please go back, reload the page and try again."))),
        ("Something we have never seen.", .rejected(.forumError(title: "Special Message", message: "Something we have never seen."))),
    ])
    func eachRefusalOfAnErrorPageIsNamed(message: String, expected: ForumError) throws {
        #expect(try failure(Self.page(bodyClass: "standarderror", Self.standard("Special Message", message))) == expected)
    }

    @Test(arguments: [
        ("Sorry! This thread is closed! You will now be returned to the thread.", ForumError.rejected(.threadClosed)),
        ("Sorry, you must be a registered forums member to view this page.", .rejected(.notLoggedIn)),
    ])
    func aRefusalOnARedirectPageIsARefusal(message: String, expected: ForumError) throws {
        #expect(try failure(Self.redirectPage(message, to: "showthread.php?threadid=3792020")) == expected)
    }

    @Test func aRedirectPageWithoutARefusalIsNoFailureAndItsLinksAreRead() throws {
        let html = Self.redirectPage("Thank you for posting! You will now be taken to your post.",
                                     to: "showthread.php?goto=post&amp;postid=900")
        #expect(try failure(html) == nil)
        let document = try #require(HTMLDocument(html, url: Self.base))
        guard case let .redirect(_, links) = SAPageShape(document) else {
            Issue.record("expected a redirect page")
            return
        }
        #expect(links.compactMap { SAEvidence.reply(threadID: 1)($0, 899) }.map(\.id) == [900, 900])
    }

    @Test func anOrdinaryPageIsNoFailure() throws {
        #expect(try failure(Self.page(bodyClass: "newreply", "<form name=\"vbform\"></form>")) == nil)
    }
}
