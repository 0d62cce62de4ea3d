import Common
import Foundation
import Sandbox
import Testing

/// Reading: the other members played by `/_sandbox/post` and `/_sandbox/pm`, bookmarks with
/// their unread counts, read positions moved by viewing a page (not with `noseen=1`),
/// `goto=newpost`, ignored members' posts, and the ignore list that refuses staff.
@Suite struct ReadingTests {
    private static let welcome = Seed.Ids.welcomeThread

    /// A plain-text POST to a control; the new id from its JSON answer.
    private func play(_ browser: Browser, _ target: String, _ text: String) async throws -> Int64 {
        let answer = try await browser.send(method: "POST", target: target, contentType: "text/plain; charset=utf-8",
                                            body: Data(text.utf8))
        #expect(answer.status == 200, "\(answer.text)")
        let object = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
        return try #require((object["id"] as? NSNumber)?.int64Value)
    }

    /// The bookmarks page's row for a thread: (has a lastseen block, unread count in `a.count b`).
    private func bookmarkRow(_ page: HTMLPage, _ thread: Int64) -> (listed: Bool, lastSeen: Bool, count: String?) {
        let row = "//form[@name='bookmarks']//tr[@id='thread\(thread)']"
        return (page.first(row) != nil, page.first(row + "//div[@class='lastseen']/a[@class='x']") != nil,
                page.text(row + "//div[@class='lastseen']/a[@class='count']/b"))
    }

    @Test func anotherMemberPostsAndSendsAMessageThroughTheControls() async throws {
        try await withSandbox { server in
            let control = Browser(server)
            let post = try await play(control, "/_sandbox/post?threadid=\(Self.welcome)&as=Zo%C3%AB",
                                      "[quote=\"sandbox\" post=\"\(Seed.Ids.ownPost)\"]\nThanks!\n[/quote]\nAgain!")
            let message = try await play(control, "/_sandbox/pm?from=Zo%C3%AB&to=sandbox&subject=Lunch%3F", "Noon?")
            let dump = try await state(of: server)
            #expect(dump.newestPost?.id == post && dump.newestPost?.threadId == Self.welcome)
            #expect(dump.newestPost?.text.hasSuffix("Again!") == true)
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            let inbox = try await browser.page("/private.php")
            #expect(inbox.first("//a[contains(@href,'privatemessageid=\(message)')]")?.text == "Lunch?")
            #expect(try await counts(server).posts["newreply.php"] == 0, "a played post is no posting request")

            for (target, expected) in [("/_sandbox/post?threadid=1&as=sandbox", "threadid= must name a thread"),
                                       ("/_sandbox/post?threadid=\(Self.welcome)&as=nobody", "no account is called 'nobody'"),
                                       ("/_sandbox/post?threadid=\(Self.welcome)&as=sandbox", "the body must be the post's BBCode"),
                                       ("/_sandbox/pm?from=sandbox&to=Zo%C3%AB", "subject= must be")] {
                let answer = try await control.send(method: "POST", target: target, contentType: "text/plain", body: Data())
                #expect(answer.status == 400 && answer.text.contains(expected), "\(target): \(answer.text)")
            }
        }
    }

    @Test func bookmarksCountWhatIsUnreadAndSayNothingForAThreadNeverOpened() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            for thread in [Self.welcome, Seed.Ids.closedThread, Seed.Ids.longThread] {
                let added = try await browser.post("/bookmarkthreads.php", [("json", "1"), ("action", "add"), ("threadid", "\(thread)")])
                #expect(added.status == 200 && added.text.contains("\"bookmarked\":true"), "\(added.text)")
            }
            var page = try await browser.page("/bookmarkthreads.php?action=view&perpage=40&pagenumber=1")
            #expect(bookmarkRow(page, Self.welcome) == (true, false, nil), "never opened: no lastseen block")
            #expect(page.first("//tr[@id='thread\(Seed.Ids.closedThread)'][contains(@class,'closed')]") != nil)
            #expect(page.first("//tr[@id='thread\(Seed.Ids.askThread)']") == nil, "only bookmarked threads")
            #expect(page.first("//tr[@id='thread\(Self.welcome)']/td[contains(@class,'star') and contains(@class,'bm0')]") != nil)

            // Page 1 of the long thread (40 of 45) read; the closed thread read to its end.
            _ = try await browser.page("/showthread.php?threadid=\(Seed.Ids.longThread)&perpage=40")
            _ = try await browser.page("/showthread.php?threadid=\(Seed.Ids.closedThread)")
            page = try await browser.page("/bookmarkthreads.php")
            #expect(bookmarkRow(page, Seed.Ids.longThread) == (true, true, "5"))
            #expect(bookmarkRow(page, Seed.Ids.closedThread) == (true, true, nil), "all read: the x, no count")

            _ = try await play(Browser(server), "/_sandbox/post?threadid=\(Seed.Ids.closedThread)&as=Zo%C3%AB", "Reopened? No.")
            page = try await browser.page("/bookmarkthreads.php")
            #expect(bookmarkRow(page, Seed.Ids.closedThread) == (true, true, "1"), "a closed thread counts new posts too")

            let removed = try await browser.post("/bookmarkthreads.php", [("json", "1"), ("action", "remove"), ("threadid", "\(Self.welcome)")])
            #expect(removed.text.contains("\"bookmarked\":false"))
            page = try await browser.page("/bookmarkthreads.php")
            #expect(!bookmarkRow(page, Self.welcome).listed)

            let missing = try await browser.post("/bookmarkthreads.php", [("json", "1"), ("action", "add"), ("threadid", "3999999")])
            #expect(missing.text.contains("Invalid thread specified"))
            let guest = try await Browser(server).page("/bookmarkthreads.php")
            #expect(guest.first("//body[contains(@class,'standarderror')]") != nil, "guests have no bookmarks")
        }
    }

    @Test func viewingAPageMarksItsPostsSeenButNotWithNoseen() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            let long = Seed.Ids.longThread
            let first = try await browser.page("/showthread.php?threadid=\(long)&noseen=1")
            #expect(first.nodes("//table[contains(@class,'post')]//tr[contains(@class,'seen')]").isEmpty)
            let again = try await browser.page("/showthread.php?threadid=\(long)")
            #expect(again.nodes("//table[contains(@class,'post')]/tr[contains(@class,'seen')]").isEmpty
                    && again.nodes("//tr[contains(@class,'seen')]").isEmpty, "noseen=1 left the position alone")
            let third = try await browser.page("/showthread.php?threadid=\(long)")
            #expect(third.nodes("//td[contains(@class,'userinfo')]/parent::tr[contains(@class,'seen')]").count == 40,
                    "the earlier visit marked page 1 seen")
            #expect(third.first("//table[@data-idx='40']//td[contains(@class,'postdate')]/a[@class='lastseen_icon'][contains(@href,'action=setseen') and contains(@href,'index=40')]") != nil)

            // goto=newpost leads to post 41, on page 2, dropping perpage.
            let state = try await state(of: server)
            let ids = try #require(state.threads.first { $0.id == long }?.postIds)
            let newPost = try await browser.get("/showthread.php?threadid=\(long)&goto=newpost&perpage=40")
            #expect(newPost.status == 302)
            #expect(newPost.header("Location") == "/showthread.php?threadid=\(long)&pagenumber=2#post\(ids[40])")

            // setseen moves it back to post 10; resetseen forgets it (first post next).
            let set = try await browser.post("/showthread.php", [("action", "setseen"), ("threadid", "\(long)"), ("index", "10"), ("json", "1")])
            #expect(set.text.contains("\"index\":10"))
            #expect(try await browser.get("/showthread.php?threadid=\(long)&goto=newpost").header("Location")?.hasSuffix("#post\(ids[10])") == true)
            _ = try await browser.post("/showthread.php", [("action", "resetseen"), ("threadid", "\(long)"), ("json", "1")])
            #expect(try await browser.get("/showthread.php?threadid=\(long)&goto=newpost").header("Location")?.hasSuffix("#post\(ids[0])") == true)

            // Another member's read position is their own.
            let other = Browser(server)
            try await other.logIn("Zoë")
            #expect(try await other.get("/showthread.php?threadid=\(long)&goto=newpost").header("Location")?.hasSuffix("#post\(ids[0])") == true)
            let noThread = try await browser.get("/showthread.php?threadid=3999999&goto=newpost")
            #expect(noThread.text.contains("Invalid thread specified"))
        }
    }

    @Test func theIgnoreListHidesPostsAndRefusesStaff() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            var list = try await browser.page("/member2.php?action=viewlist&userlist=ignore")
            #expect(list.nodes("//form[@action='member2.php']//input[@name='listbits[]']").count == 2, "empty: two empty boxes")
            let formkey = try #require(list.first("//form[@action='member2.php']//input[@name='formkey']")?["value"])

            let saved = try await browser.post("/member2.php", [("action", "updatelist"), ("userlist", "ignore"), ("formkey", formkey),
                                                                ("listbits[]", "Zoë"), ("listbits[]", ""), ("submit", "Update list")])
            #expect(saved.text.contains("standardredirect"), "\(saved.text)")
            list = try await browser.page("/member2.php?action=viewlist&userlist=ignore")
            #expect(list.nodes("//input[@name='listbits[]']").compactMap { $0["value"] } == ["Zoë"])

            let thread = try await browser.page("/showthread.php?threadid=\(Self.welcome)")
            #expect(thread.first("//table[@id='post\(Seed.Ids.othersPost)'][contains(@class,'ignored')]") != nil)
            #expect(thread.first("//table[@id='post\(Seed.Ids.othersPost)']//td[contains(@class,'postbody')]//b") == nil, "the text is hidden")
            #expect(thread.first("//table[@id='post\(Seed.Ids.ownPost)'][contains(@class,'ignored')]") == nil)

            let staff = try await browser.post("/member2.php", [("action", "updatelist"), ("userlist", "ignore"), ("formkey", formkey),
                                                                ("listbits[]", "Zoë"), ("listbits[]", Seed.Account.staff.username)])
            #expect(staff.text.contains("standarderror"))
            #expect(staff.text.contains("Sorry \(Seed.Account.staff.username) is a moderator/admin and you are not allowed to ignore him or her."))
            let unknown = try await browser.post("/member2.php", [("action", "updatelist"), ("userlist", "ignore"), ("formkey", formkey),
                                                                  ("listbits[]", "nobody at all")])
            #expect(unknown.text.contains("not found: nobody at all"))
            let badKey = try await browser.post("/member2.php", [("action", "updatelist"), ("userlist", "ignore"), ("formkey", "0"),
                                                                 ("listbits[]", "")])
            #expect(badKey.text.contains("security token"))
            list = try await browser.page("/member2.php?action=viewlist&userlist=ignore")
            #expect(list.nodes("//input[@name='listbits[]']").compactMap { $0["value"] } == ["Zoë"], "refusals changed nothing")

            let cleared = try await browser.post("/member2.php", [("action", "updatelist"), ("userlist", "ignore"), ("formkey", formkey),
                                                                  ("listbits[]", "")])
            #expect(cleared.text.contains("standardredirect"))
            let shown = try await browser.page("/showthread.php?threadid=\(Self.welcome)")
            #expect(shown.first("//table[contains(@class,'ignored')]") == nil)
        }
    }
}
