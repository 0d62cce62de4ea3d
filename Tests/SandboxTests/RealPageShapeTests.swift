import Foundation
import Sandbox
import Testing

/// The shapes saved copies of the real forum's pages have, where a tidy page would differ:
/// divs inside `<head>`, and refusals in both the `standarderror` and the `standardredirect` shape.
@Suite struct RealPageShapeTests {
    static let title = "//div[@id='content']//div[contains(@class,'standard')]/h2"
    static let message = "//div[@id='content']//div[contains(@class,'standard')]/div[@class='inner']"

    @Test func pagesCarryDivsInTheirHeadSoAnHTML4ParserLosesTheBodyClass() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            let guest = try await browser.get("/newreply.php?action=newreply&threadid=\(Seed.Ids.welcomeThread)")
            let guestHead = try #require(guest.text.components(separatedBy: "</head>").first)
            #expect(guestHead.hasSuffix("<div id=\"platnoads\"></div>\n"))
            #expect(!guestHead.contains("loggedinusername"), "no name when nobody is logged in")
            #expect(guest.text.contains("</head>\n<body id=\"something_awful\" class=\"standarderror\">"))
            // libxml2 (an HTML4 parser) starts the body at the div and drops the real tag's class;
            // a browser moves it onto the body, which is what HTMLPage does for these tests.
            #expect(HTMLPage.libxml2Body(guest.body)?["class"] == nil)
            #expect(HTMLPage(guest.body)?.first("//body[@id='something_awful'][@class='standarderror']") != nil)

            try await browser.logIn("sandbox")
            let thread = try await browser.get("/showthread.php?threadid=\(Seed.Ids.welcomeThread)")
            let head = try #require(thread.text.components(separatedBy: "</head>").first)
            #expect(head.hasSuffix("<div style=\"display:none;\" id=\"loggedinusername\">sandbox</div>\n<div id=\"platnoads\"></div>\n"))
            #expect(HTMLPage.libxml2Body(thread.body)?["data-thread"] == nil)
            #expect(HTMLPage(thread.body)?.first("//body[@data-thread='\(Seed.Ids.welcomeThread)']") != nil)
        }
    }

    @Test func aClosedThreadsRefusalIsARedirectPageLeadingToTheThread() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            let closed = Seed.Ids.closedThread
            let form = try await browser.get("/newreply.php?action=newreply&threadid=\(closed)")
            let open = try await browser.page("/newreply.php?action=newreply&threadid=\(Seed.Ids.welcomeThread)")
            let post = try await browser.submit(open, script: "newreply.php", message: "too late", changes: ["threadid": String(closed)])
            for answer in [form, post] {
                try Self.expectClosedRedirect(answer, to: closed)
            }
            #expect(try await state(of: server).posts.contains { $0.text == "too late" } == false)
        }
    }

    /// The shape of the saved real page: `body.standardredirect`, an immediate relative refresh to
    /// the thread, the message and two links to it in `div.inner`, and no link to a post.
    static func expectClosedRedirect(_ answer: RawResponse, to threadId: Int64) throws {
        #expect(answer.status == 200)
        #expect(answer.text.contains("<body id=\"something_awful\" class=\"standardredirect\">"))
        let page = try #require(HTMLPage(answer.body))
        #expect(page.first("//meta[@http-equiv='Refresh']")?["content"] == "00; URL=showthread.php?threadid=\(threadId)")
        #expect(page.text(title) == "Redirecting...")
        #expect(page.text(message)?.hasPrefix("Sorry! This thread is closed! You will now be returned to the thread.") == true)
        #expect(page.nodes(message + "//a").map { $0["href"] } == Array(repeating: "showthread.php?threadid=\(threadId)", count: 2))
        #expect(page.first("//a[contains(@href,'goto=')]") == nil)
        #expect(page.first("//form[@name='vbform']") == nil)
    }

    @Test func aNewThreadInTheClosedDoorForumIsRefusedWithTheClosedRedirectToAnExistingThread() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            let before = try await state(of: server)
            #expect(before.forums.first { $0.id == Seed.Ids.closedDoorForum }?.closedRedirectThreadId == Seed.Ids.closedDoorThread)
            #expect(before.threads.contains { $0.id == Seed.Ids.closedDoorThread })
            let answer = try await browser.submitForm(at: "/newthread.php?action=newthread&forumid=\(Seed.Ids.closedDoorForum)",
                                                      script: "newthread.php", message: "knock knock",
                                                      changes: ["subject": "Let me in"])
            try Self.expectClosedRedirect(answer, to: Seed.Ids.closedDoorThread)
            let after = try await state(of: server)
            #expect(after.threads.count == before.threads.count && after.posts.count == before.posts.count)
            #expect(try await counts(server).submits["newthread.php"] == 1, "one submit reached the forum")

            // Any forum can be made to answer so, and set back.
            let set = try await browser.post("/_sandbox/forum?forumid=\(Seed.Ids.generalForum)&closedredirect=\(Seed.Ids.welcomeThread)", [])
            #expect(set.status == 200)
            let refused = try await browser.submitForm(at: "/newthread.php?action=newthread&forumid=\(Seed.Ids.generalForum)",
                                                       script: "newthread.php", message: "m", changes: ["subject": "s"])
            try Self.expectClosedRedirect(refused, to: Seed.Ids.welcomeThread)
            #expect(try await browser.post("/_sandbox/forum?forumid=\(Seed.Ids.generalForum)&closedredirect=off", []).status == 200)
            let posted = try await browser.submitForm(at: "/newthread.php?action=newthread&forumid=\(Seed.Ids.generalForum)",
                                                      script: "newthread.php", message: "m", changes: ["subject": "s"])
            #expect(HTMLPage(posted.body)?.first("//a[contains(@href,'showthread.php?threadid=')]") != nil)
            #expect(try await state(of: server).threads.contains { $0.title == "s" })
        }
    }

    @Test func withoutASessionComposePagesAndPostsGetTheMustRegisterPage() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            let targets = ["/newreply.php?action=newreply&threadid=\(Seed.Ids.welcomeThread)",
                           "/newthread.php?action=newthread&forumid=\(Seed.Ids.generalForum)",
                           "/editpost.php?action=editpost&postid=\(Seed.Ids.ownPost)", "/private.php?action=newmessage"]
            for target in targets {
                let page = try await browser.page(target)
                #expect(page.text(Self.title) == "Special Message From Senor Lowtax", "\(target)")
                #expect(page.text(Self.message) == "Sorry, you must be a registered forums member to view this page.")
            }
        }
    }

    @Test func anExpiredSessionStoresNothingAndLosesItsCookiesAndLoggingInAgainWorks() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            let form = try await browser.page("/newreply.php?action=newreply&threadid=\(Seed.Ids.welcomeThread)")
            let stale = browser.cookies
            #expect(try await browser.post("/_sandbox/expire-sessions?user=sandbox", []).status == 200)
            let answer = try await browser.submit(form, script: "newreply.php", message: "after expiry")
            let page = try #require(HTMLPage(answer.body))
            #expect(page.first("//body[contains(@class,'standarderror')]") != nil)
            #expect(page.text(Self.message) == "Sorry, you must be a registered forums member to view this page.")
            #expect(["bbuserid", "bbpassword", "sessionhash"].allSatisfy { name in
                answer.headers("Set-Cookie").contains { $0.hasPrefix("\(name)=deleted") }
            })
            #expect(try await state(of: server).posts.contains { $0.text == "after expiry" } == false)

            // A login made with the stale cookies still in the jar (a client's first login after the
            // forum forgot its session) keeps the new session: the answer does not delete it again.
            let again = Browser(server)
            for (name, value) in stale { again.setCookie(name, value) }
            let login = try await again.logIn("sandbox")
            #expect(!login.headers("Set-Cookie").contains { $0.hasPrefix("bbuserid=deleted") })
            #expect(again.cookies["bbuserid"] == String(Seed.Account.member.id))
            #expect(try await again.page("/newreply.php?action=newreply&threadid=\(Seed.Ids.welcomeThread)")
                .first("//form[@name='vbform']") != nil)
        }
    }

    @Test func expiringOneUsersSessionLeavesTheOthers() async throws {
        try await withSandbox { server in
            let member = Browser(server), other = Browser(server)
            try await member.logIn("sandbox")
            try await other.logIn("Zoë")
            #expect(try await member.post("/_sandbox/expire-sessions?user=Zo%C3%AB", []).status == 400, "names are windows-1252 in a query")
            #expect(try await member.post("/_sandbox/expire-sessions?user=Zo%EB", []).status == 200)
            #expect(try await other.page("/private.php").text(Self.message)?.contains("registered forums member") == true)
            #expect(try await member.page("/private.php").first("//body[contains(@class,'private_messages')]") != nil)
        }
    }

    @Test func withoutPlatinumEveryPrivateMessagePageIsRefused() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("noplatinum")
            let before = try await state(of: server).messages.count
            var answers = [try await browser.get("/private.php"), try await browser.get("/private.php?action=newmessage"),
                           try await browser.get("/private.php?action=show&privatemessageid=\(Seed.Ids.inboxMessage)")]
            answers.append(try await browser.post("/private.php", [("action", "dosend"), ("touser", "sandbox"), ("title", "t"),
                                                                   ("message", "m"), ("submit", "Send Message")]))
            for answer in answers {
                let page = try #require(HTMLPage(answer.body))
                #expect(answer.text.contains("<body id=\"something_awful\" class=\"standarderror\">"))
                #expect(page.text(Self.title) == "Special Message From Senor Lowtax")
                #expect(page.text(Self.message)?.contains("only accessible to Platinum members") == true)
                #expect(page.first("//form[@name='vbform']") == nil)
            }
            #expect(try await state(of: server).messages.count == before)
            // Reading the forum is not affected.
            #expect(try await browser.page("/showthread.php?threadid=\(Seed.Ids.welcomeThread)").first("//table[contains(@class,'post')]") != nil)
        }
    }

    @Test func standingsAreSwitchedByTheControl() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            #expect(try await browser.post("/_sandbox/standing?user=sandbox&standing=noplatinum", []).status == 200)
            #expect(try await browser.page("/private.php").text(Self.message)?.contains("Platinum") == true)

            #expect(try await browser.post("/_sandbox/standing?user=sandbox&standing=banned", []).status == 200)
            let banned = try await browser.get("/newreply.php?action=newreply&threadid=\(Seed.Ids.welcomeThread)")
            #expect(banned.text.contains("<body id=\"something_awful\" class=\"banned\">"))
            #expect(HTMLPage(banned.body)?.first("//a[@href='/banlist.php?userid=\(Seed.Account.member.id)&actfilt=-1']") != nil)

            #expect(try await browser.post("/_sandbox/standing", [("user", "sandbox"), ("standing", "probation"), ("days", "2")]).status == 200)
            let until = try #require(try await state(of: server).users.first { $0.username == "sandbox" }?.probationUntil)
            #expect(abs(until.timeIntervalSinceNow - 2 * 24 * 3600) < 60)
            let probation = try await browser.page("/newreply.php?action=newreply&threadid=\(Seed.Ids.welcomeThread)")
            #expect(probation.text("//div[@id='probation_warn']")?.contains("You cannot post while on probation until") == true)
            #expect(probation.first("//form[@name='vbform']") == nil)

            #expect(try await browser.post("/_sandbox/standing?user=sandbox&standing=member", []).status == 200)
            #expect(try await browser.page("/newreply.php?action=newreply&threadid=\(Seed.Ids.welcomeThread)")
                .first("//form[@name='vbform']") != nil)
        }
    }

    @Test func archivedForumsAndThreadsNeedTheArchivesUpgrade() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            let dump = try await state(of: server)
            #expect(dump.forums.first { $0.id == Seed.Ids.archivesUpgradeForum }?.archived == true)
            #expect(dump.threads.first { $0.id == Seed.Ids.archivedThreadElsewhere }?.archived == true)
            let targets = ["/forumdisplay.php?forumid=\(Seed.Ids.archivesUpgradeForum)",
                           "/showthread.php?threadid=\(Seed.Ids.archivedThread)",
                           "/showthread.php?threadid=\(Seed.Ids.archivedThreadElsewhere)",
                           "/newreply.php?action=newreply&threadid=\(Seed.Ids.archivedThread)",
                           "/newthread.php?action=newthread&forumid=\(Seed.Ids.archivesUpgradeForum)"]
            for target in targets {
                let page = try await browser.page(target)
                #expect(page.first("//body[contains(@class,'standarderror')]") != nil, "\(target)")
                #expect(page.text(Self.title) == "Special Message From Senor Lowtax")
                #expect(page.text(Self.message)?.contains("Viewing this content requires the archives upgrade") == true)
                #expect(page.first(Self.message + "//a[contains(@href,'archives.php')]") != nil)
            }
            // A thread can be archived (and brought back) by the control.
            #expect(try await browser.post("/_sandbox/thread?threadid=\(Seed.Ids.welcomeThread)&archived=on", []).status == 200)
            #expect(try await browser.page("/showthread.php?threadid=\(Seed.Ids.welcomeThread)").text(Self.message)?
                .contains("archives upgrade") == true)
            #expect(try await browser.post("/_sandbox/thread?threadid=\(Seed.Ids.welcomeThread)&archived=off&closed=on", []).status == 200)
            try Self.expectClosedRedirect(try await browser.get("/newreply.php?action=newreply&threadid=\(Seed.Ids.welcomeThread)"),
                                          to: Seed.Ids.welcomeThread)
        }
    }

    @Test func theBannedPageLinksTheReason() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("banned")
            let answer = try await browser.get("/private.php")
            #expect(answer.text.contains("<body id=\"something_awful\" class=\"banned\">"))
            #expect(HTMLPage(answer.body)?.first("//a[@href='/banlist.php?userid=\(Seed.Account.banned.id)&actfilt=-1']") != nil)
        }
    }
}

/// The request counts, decoded.
func counts(_ server: SandboxServer) async throws -> SandboxRequestCounts {
    try SandboxRequestCounts.decode(try await Browser(server).get("/_sandbox/requests.json").body)
}
