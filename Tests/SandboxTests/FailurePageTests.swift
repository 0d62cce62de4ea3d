import Foundation
import Sandbox
import Testing

/// Each failure page, in the shape forum-protocol.md gives: where the title and message sit,
/// and that nothing was stored.
@Suite struct FailurePageTests {
    static let standardMessage = "//div[@id='content']//div[contains(@class,'standard')]/div[@class='inner']"

    func reply(_ browser: Browser, thread: Int64 = Seed.Ids.welcomeThread, message: String = "hello") async throws -> RawResponse {
        try await browser.submitForm(at: "/newreply.php?action=newreply&threadid=\(thread)", script: "newreply.php", message: message)
    }

    @Test func notLoggedInGetsTheRegisteredMembersPage() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            for target in ["/newreply.php?action=newreply&threadid=\(Seed.Ids.welcomeThread)", "/private.php",
                           "/newthread.php?action=newthread&forumid=1", "/editpost.php?action=editpost&postid=\(Seed.Ids.ownPost)"] {
                let page = try await browser.page(target)
                #expect(page.first("//body[contains(@class,'standarderror')]") != nil, "\(target)")
                #expect(page.text(Self.standardMessage) == "Sorry, you must be a registered forums member to view this page.")
                #expect(page.first("//form[@name='vbform']") == nil)
            }
            let post = try await browser.post("/newreply.php", [("action", "postreply"), ("threadid", "\(Seed.Ids.welcomeThread)"),
                                                                 ("message", "sneaky"), ("submit", "Submit Reply")])
            #expect(HTMLPage(post.body)?.text(Self.standardMessage)?.contains("registered forums member") == true)
            #expect(try await state(of: server).posts.contains { $0.text == "sneaky" } == false)
        }
    }

    @Test func aClosedThreadAnswersWithTheClosedRedirectPage() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            let form = try await browser.page("/newreply.php?action=newreply&threadid=\(Seed.Ids.closedThread)")
            #expect(form.first("//body[contains(@class,'standardredirect')]") != nil)
            #expect(form.text(Self.standardMessage)?.contains("Sorry! This thread is closed!") == true)
            #expect(form.first("//form[@name='vbform']") == nil)
            #expect(form.first("//a[contains(@href,'goto=post')]") == nil, "not mistaken for a posted reply")

            // A form fetched from an open thread, posted to the closed one.
            let open = try await browser.page("/newreply.php?action=newreply&threadid=\(Seed.Ids.welcomeThread)")
            let answer = try await browser.submit(open, script: "newreply.php", message: "late",
                                                  changes: ["threadid": String(Seed.Ids.closedThread)])
            #expect(answer.text.contains("Sorry! This thread is closed!"))
            #expect(try await state(of: server).posts.contains { $0.text == "late" } == false)
        }
    }

    @Test func theDatabaseErrorPageStoresNothing() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            await server.failNextPost(with: .databaseError)
            let answer = try await reply(browser, message: "into the void")
            let page = try #require(HTMLPage(answer.body))
            #expect(page.first("//body[contains(@class,'database_error')]") != nil)
            #expect(page.text("//div[@id='msg']/h1") == "Database Unavailable!")
            #expect(try await state(of: server).posts.contains { $0.text == "into the void" } == false)
            // Transient: the next try goes through.
            let again = try await reply(browser, message: "into the void")
            #expect(HTMLPage(again.body)?.first("//a[contains(@href,'goto=post')]") != nil)
        }
    }

    @Test func aBannedAccountLogsInButSeesOnlyTheBannedPage() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            let login = try await browser.logIn("banned")
            #expect(login.status == 302)
            #expect(browser.cookies["bbuserid"] == String(Seed.Account.banned.id))
            for target in ["/index.php?json=1", "/newreply.php?action=newreply&threadid=\(Seed.Ids.welcomeThread)", "/private.php"] {
                let page = try await browser.page(target)
                #expect(page.first("//body[contains(@class,'banned')]") != nil, "\(target)")
                #expect(page.first("//form[@name='vbform']") == nil)
            }
        }
    }

    @Test func probationNamesItsEndDateAndRefusesPosts() async throws {
        let clock = ManualClock()
        try await withSandbox(SandboxConfiguration(floodInterval: 0, clock: clock)) { server in
            let browser = Browser(server)
            try await browser.logIn("probation")
            let until = clock.now().addingTimeInterval(3 * 24 * 3600)
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            // The forum's clock: Chicago's wall time, labelled CST as the real site labels it.
            formatter.timeZone = TimeZone(identifier: "America/Chicago")
            formatter.dateFormat = "MMMM d, yyyy h:mm a"
            let form = try await browser.page("/newreply.php?action=newreply&threadid=\(Seed.Ids.welcomeThread)")
            let warning = try #require(form.text("//div[@id='probation_warn']"))
            #expect(warning.contains("You cannot post while on probation until \(formatter.string(from: until)) CST"))
            #expect(form.first("//form[@name='vbform']") == nil)

            let thread = try await browser.page("/showthread.php?threadid=\(Seed.Ids.welcomeThread)")
            #expect(thread.first("//div[@id='probation_warn']") != nil, "reading shows the warning too")
            #expect(thread.first("//table[contains(@class,'post')]") != nil)

            let post = try await browser.post("/newthread.php", [("action", "postthread"), ("forumid", "1"), ("subject", "s"),
                                                                 ("message", "m"), ("submit", "Submit New Thread")])
            #expect(HTMLPage(post.body)?.first("//div[@id='probation_warn']") != nil)

            clock.advance(3 * 24 * 3600 + 1)
            let later = try await browser.page("/newreply.php?action=newreply&threadid=\(Seed.Ids.welcomeThread)")
            #expect(later.first("//form[@name='vbform']") != nil, "probation ends on its date")
        }
    }

    @Test func editingSomeoneElsesPostSaysPermissionAndHasNoForm() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            let page = try await browser.page("/editpost.php?action=editpost&postid=\(Seed.Ids.othersPost)")
            #expect(page.first("//form[@name='vbform']") == nil)
            #expect(page.text("//div[@id='content']/center/div[contains(@class,'standard')]")?.contains("permission") == true)
            let post = try await browser.post("/editpost.php", [("action", "updatepost"), ("postid", "\(Seed.Ids.othersPost)"),
                                                                ("message", "hijacked"), ("submit", "Save Changes")])
            #expect(post.text.contains("permission"))
            #expect(try await state(of: server).posts.first { $0.id == Seed.Ids.othersPost }?.text.contains("hijacked") == false)
        }
    }

    @Test func aForumNotAcceptingThreadsSaysSo() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            let page = try await browser.page("/newthread.php?action=newthread&forumid=\(Seed.Ids.archiveForum)")
            #expect(page.first("//form[@name='vbform']") == nil)
            #expect(page.text("//div[@id='content']/center/div[contains(@class,'standard')]")?.contains("accepting") == true)
        }
    }

    @Test func refusalsForBadInputAreStandardErrorsAndStoreNothing() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            let before = try await state(of: server)
            let cases: [(RawResponse, String)] = [
                (try await reply(browser, message: " \r\n "), "too short"),
                (try await reply(browser, message: String(repeating: "x", count: 50_001)), "too long (50001 characters)"),
                (try await browser.get("/newreply.php?action=newreply&threadid=999"), "Invalid thread"),
                (try await browser.get("/newreply.php?action=newreply&postid=999"), "Invalid post"),
                (try await browser.submitForm(at: "/private.php?action=newmessage", script: "private.php", message: "hi",
                                              changes: ["touser": "nobody", "title": "t"]), "not found: nobody"),
                (try await browser.submitForm(at: "/private.php?action=newmessage", script: "private.php", message: "hi",
                                              changes: ["touser": "Zoë", "title": ""]), "subject and message"),
                (try await browser.submitForm(at: "/private.php?action=newmessage", script: "private.php",
                                              message: String(repeating: "y", count: 100_001),
                                              changes: ["touser": "Zoë", "title": "long"]), "too long (100001 characters)"),
                (try await browser.submitForm(at: "/newthread.php?action=newthread&forumid=1", script: "newthread.php",
                                              message: "body", changes: ["subject": ""]), "subject and message"),
                (try await browser.submitForm(at: "/newthread.php?action=newthread&forumid=1", script: "newthread.php",
                                              message: "body", changes: ["subject": "s", "iconid": "12345"]), "post icon"),
            ]
            for (answer, expected) in cases {
                let page = try #require(HTMLPage(answer.body))
                #expect(page.first("//body[contains(@class,'standarderror')]") != nil, "\(expected)")
                #expect(page.text(Self.standardMessage)?.contains(expected) == true, "\(expected)")
            }
            let after = try await state(of: server)
            #expect(after.posts.count == before.posts.count)
            #expect(after.messages.count == before.messages.count)
            #expect(after.threads.count == before.threads.count)
        }
    }

    @Test func aLongPostWithinTheLimitIsStoredWhole() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            let text = String(repeating: "ü", count: 50_000)
            _ = try await reply(browser, message: text)
            #expect(try await state(of: server).newestPost?.text == text)
        }
    }
}
