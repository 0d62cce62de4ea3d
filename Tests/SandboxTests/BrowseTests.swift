import Common
import Foundation
import Sandbox
import Testing

/// What a person sees in a browser, the smilies page, sessions, and the state dump.
@Suite struct BrowseTests {
    @Test func theIndexListsEveryForumAndTheForumListsItsThreads() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            let index = try await browser.page("/index.php")
            let dump = try await state(of: server)
            let links = index.nodes("//a[contains(@href,'forumdisplay.php?forumid=')]").map(\.text)
            #expect(links == dump.forums.map(\.title))
            let forum = try await browser.page("/forumdisplay.php?forumid=\(Seed.Ids.generalForum)")
            let titles = Set(forum.nodes("//tr[contains(@class,'thread')]//a[contains(@class,'thread_title')]").map(\.text))
            #expect(titles == Set(dump.threads.filter { $0.forumId == Seed.Ids.generalForum }.map(\.title)))
            #expect(forum.first("//tr[@id='thread\(Seed.Ids.closedThread)'][contains(@class,'closed')]") != nil)
            let missing = try await browser.page("/forumdisplay.php?forumid=77")
            #expect(missing.first("//body[contains(@class,'standarderror')]") != nil)
        }
    }

    @Test func aThreadShowsItsPostsRenderedFromBBCodeFortyToAPage() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            let welcome = try await browser.page("/showthread.php?threadid=\(Seed.Ids.welcomeThread)")
            #expect(welcome.first("//body[@data-thread='\(Seed.Ids.welcomeThread)']") != nil)
            let first = try #require(welcome.first("//table[@id='post\(Seed.Ids.othersPost)']//td[contains(@class,'postbody')]//b"))
            #expect(first.text == "Bold", "BBCode is rendered")
            #expect(welcome.first("//table[@id='post\(Seed.Ids.othersPost)']//a[@href='https://example.com']") != nil)
            #expect(welcome.text("//table[@id='post\(Seed.Ids.othersPost)']//dt[contains(@class,'author')]") == "Zoë")
            #expect(welcome.first("//td[contains(@class,'postbody')]//blockquote") != nil, "quotes render as quotes")
            #expect(welcome.first("//table[@id='post\(Seed.Ids.othersPost)']//img[@title=':cheers:']") != nil, "smilies")

            let long = Seed.Ids.longThread
            let page1 = try await browser.page("/showthread.php?threadid=\(long)")
            let page2 = try await browser.page("/showthread.php?threadid=\(long)&pagenumber=2")
            #expect(page1.nodes("//div[@id='thread']/table[contains(@class,'post')]").count == 40)
            #expect(page2.nodes("//div[@id='thread']/table[contains(@class,'post')]").count == 5)
            #expect(page2.first("//div[contains(@class,'pages')]//option[@selected]")?.text == "2")
            #expect(page2.text("(//td[contains(@class,'postbody')])[last()]") == "Post number 45 of the long thread.")
            let short = try await browser.page("/showthread.php?threadid=\(long)&perpage=10&pagenumber=5")
            #expect(short.nodes("//div[@id='thread']/table").count == 5)
            let onlyZoe = try await browser.page("/showthread.php?threadid=\(long)&userid=\(Seed.Account.other.id)")
            #expect(onlyZoe.nodes("//div[@id='thread']/table").count == 22)
            #expect(Set(onlyZoe.nodes("//dt[contains(@class,'author')]").map(\.text)) == ["Zoë"])
        }
    }

    @Test func aPostThatDisablesSmiliesShowsTheCodes() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            _ = try await browser.submitForm(at: "/newreply.php?action=newreply&threadid=\(Seed.Ids.welcomeThread)",
                                             script: "newreply.php", message: "plain :v:", changes: ["disablesmilies": "yes"])
            let postId = try #require(try await state(of: server).newestPost?.id)
            let page = try await browser.page("/showthread.php?threadid=\(Seed.Ids.welcomeThread)")
            #expect(page.text("//table[@id='post\(postId)']//td[contains(@class,'postbody')]") == "plain :v:")
            #expect(page.first("//table[@id='post\(postId)']//img[contains(@class,'smilie')]") == nil)
        }
    }

    @Test func gotoLinksRedirectToTheRightPage() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            let last = try #require(try await state(of: server).threads.first { $0.id == Seed.Ids.longThread }?.postIds.last)
            let lastPost = try await browser.get("/showthread.php?threadid=\(Seed.Ids.longThread)&goto=lastpost")
            #expect(lastPost.status == 302)
            #expect(lastPost.header("Location") == "/showthread.php?threadid=\(Seed.Ids.longThread)&pagenumber=2#post\(last)")
            let perPage = try await browser.get("/showthread.php?goto=post&postid=\(last)&perpage=10")
            #expect(perPage.header("Location") == "/showthread.php?threadid=\(Seed.Ids.longThread)&perpage=10&pagenumber=5#post\(last)")
            let unknown = try await browser.get("/showthread.php?goto=post&postid=1")
            #expect(unknown.status == 200 && unknown.text.contains("Invalid post specified"))
            let noThread = try await browser.get("/showthread.php?threadid=3999999&goto=lastpost")
            #expect(noThread.status == 200 && noThread.text.contains("Invalid thread specified"), "\(noThread.text)")
        }
    }

    @Test func onlyTheAuthorSeesAnEditLink() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            let page = try await browser.page("/showthread.php?threadid=\(Seed.Ids.welcomeThread)")
            let edits = page.nodes("//a[contains(@href,'editpost.php')]").compactMap { $0["href"] }
            #expect(edits == ["editpost.php?action=editpost&postid=\(Seed.Ids.ownPost)"])
            #expect(page.nodes("//a[contains(@href,'newreply.php?action=newreply&postid=')]").count == 3)
        }
    }

    @Test func theSmiliesPageUsesTheForumsClasses() async throws {
        try await withSandbox { server in
            let page = try await Browser(server).page("/misc.php?action=showsmilies")
            #expect(page.nodes("//*[contains(@class,'smilie_list')]//h3").map(\.text) == ["Basic Smilies", "Extra Smilies"])
            let codes = page.nodes("//*[contains(@class,'smilie_group')]//li//*[contains(@class,'text')]").map(\.text)
            #expect(codes.contains(":cheers:") && codes.contains(":)") && codes.count == 10)
            #expect(page.nodes("//*[contains(@class,'smilie_group')]//li/img[@src]").count == 10)
            let image = try await Browser(server).get(try #require(page.first("//li/img")?["src"]))
            #expect(image.status == 200 && image.header("Content-Type") == "image/svg+xml")
            #expect(String(decoding: image.body, as: UTF8.self).contains(":)"), "the badge shows the code")
            let other = try await Browser(server).get("/images/pm/newpm.gif")
            #expect(other.status == 200 && other.header("Content-Type") == "image/gif")
        }
    }

    @Test func expiredSessionsLoseTheirCookiesAndMustLogInAgain() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            #expect(try await browser.post("/_sandbox/expire-sessions", []).status == 200)
            let page = try await browser.get("/newreply.php?action=newreply&threadid=\(Seed.Ids.welcomeThread)")
            #expect(page.headers("Set-Cookie").contains { $0.hasPrefix("bbuserid=deleted") })
            #expect(browser.cookies["bbuserid"] == nil)
            #expect(page.text.contains("registered forums member"))
            try await browser.logIn("sandbox")
            let again = try await browser.page("/newreply.php?action=newreply&threadid=\(Seed.Ids.welcomeThread)")
            #expect(again.first("//form[@name='vbform']") != nil)
        }
    }

    @Test func loggingOutDeletesTheCookies() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            // A logout link must carry this session's key, as the forum's own does (a page from
            // another site cannot log a member out); the one on every page does.
            let forged = try await browser.get("/account.php?action=logout&ma=1")
            #expect(HTMLPage(forged.body)?.text("//div[@class='inner']")?.contains("not for this session") == true)
            #expect(!browser.cookies.isEmpty)
            let link = try #require(try await browser.page("/index.php").first("//a[starts-with(@href, '/account.php?action=logout')]")?
                .attributes["href"])
            let out = try await browser.get(link)
            #expect(HTMLPage(out.body)?.text("//div[@class='inner']") == "It's a great day for the forums, because you've just logged out!")
            #expect(browser.cookies.isEmpty)
        }
    }

    @Test func aForgedUserCookieIsNotALogin() async throws {
        try await withSandbox { server in
            let raw = "GET /private.php HTTP/1.1\r\nHost: x\r\nConnection: close\r\nCookie: bbuserid=1001; bbpassword=0000\r\n\r\n"
            let answer = try await RawHTTP.exchange(port: server.port, request: Data(raw.utf8))
            #expect(answer.text.contains("registered forums member"))
            #expect(answer.headers("Set-Cookie").contains { $0.hasPrefix("bbuserid=deleted") })
        }
    }

    @Test func stateJSONListsEveryThreadPostAndMessage() async throws {
        try await withSandbox { server in
            let response = try await Browser(server).get("/_sandbox/state.json")
            #expect(response.header("Content-Type") == "application/json")
            let dump = try SandboxState.decode(response.body)
            #expect(dump.users.map(\.username) == ["sandbox", "Zoë", "banned", "probation", "Missive Tester", "noplatinum", "Moderator Mia"])
            #expect(dump.users.first { $0.username == "banned" }?.standing == "banned")
            #expect(dump.users.first { $0.username == "noplatinum" }?.standing == "noplatinum")
            #expect(dump.users.first { $0.username == "probation" }?.probationUntil != nil)
            #expect(dump.threads.count == 8)
            #expect(dump.posts.count == 54)
            #expect(dump.threads.flatMap(\.postIds).sorted() == dump.posts.map(\.id).sorted())
            // Zoë's message to sandbox and, since issue 26, to Missive Tester: each in an inbox and in her Sent Items.
            #expect(dump.messages.map(\.folder).sorted() == ["inbox", "inbox", "sent", "sent"])
            let testers = try #require(dump.messages.first { $0.id == Seed.Ids.testersMessage })
            #expect(testers.owner == "Missive Tester" && testers.from == "Zoë" && testers.folder == "inbox")
            #expect(dump.posts.first { $0.id == Seed.Ids.ownPost }?.author == "sandbox")
            let raw = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
            #expect(Set(raw?.keys.map { $0 } ?? []) == ["users", "forums", "threads", "posts", "messages"])
        }
    }

    @Test func dataSurvivesARestartOnTheSameDirectory() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sandbox-restart-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let configuration = SandboxConfiguration(dataDirectory: directory, floodInterval: 0)
        try await withSandbox(configuration) { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            _ = try await browser.submitForm(at: "/newreply.php?action=newreply&threadid=\(Seed.Ids.welcomeThread)",
                                             script: "newreply.php", message: "still here")
        }
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("sandbox.sqlite").path))
        try await withSandbox(configuration) { server in
            let dump = try await state(of: server)
            #expect(dump.posts.filter { $0.text == "still here" }.count == 1)
            #expect(dump.users.count == 7, "seeded once, not twice")
        }
    }
}

@Suite struct AccountPageTests {
    @Test func theLoginFormPostsTheFieldsTheLoginReads() async throws {
        try await withSandbox { server in
            let page = try await Browser(server).page("/account.php?action=loginform")
            #expect(page.first("//body[contains(@class,'loginform')]") != nil)
            let form = try #require(page.first("//form[contains(@class,'login_form')]"))
            #expect(form["action"] == "/account.php" && form["method"] == "POST")
            let names = Set(page.nodes("//form[contains(@class,'login_form')]//input[@name]").compactMap { $0["name"] })
            #expect(names == ["action", "next", "username", "password"])
            #expect(page.first("//form[contains(@class,'login_form')]//b[contains(@style,'color:red')]") == nil)
        }
    }

    @Test func anUnknownScriptIsANotFoundPage() async throws {
        try await withSandbox { server in
            let answer = try await Browser(server).get("/nothing-here.php")
            #expect(answer.status == 404)
            #expect(HTMLPage(answer.body)?.first("//body[contains(@class,'standarderror')]") != nil)
            // An unknown control is a bad request that names the known ones.
            let control = try await Browser(server).post("/_sandbox/nothing", [])
            #expect(control.status == 400)
            #expect(control.text.contains("unknown sandbox control: /_sandbox/nothing") && control.text.contains("standing"))
        }
    }
}

@Suite struct ServerLifecycleTests {
    @Test func aTakenPortIsReportedAtOnceInPlainWords() async throws {
        // "At once" shows in the message: waiting would end in "was not listening after 10 seconds".
        try await withSandbox { first in
            await #expect {
                _ = try await SandboxServer.start(SandboxConfiguration(port: first.port))
            } throws: { error in
                // The program holding it is a sandbox, which says where its data is (issue 26).
                String(describing: error) == "a sandbox is already running on 127.0.0.1:\(first.port) "
                    + "(data in \(first.dataDirectory.path)); use it as it is, or choose another port with --port N"
                    && (error as? SandboxServer.StartError)?.status == SandboxServer.StartError.portInUseStatus
                    && SandboxServer.StartError.portInUseStatus != .unavailable
            }
        }
    }

    @Test func aDataFileThatIsNotADatabaseIsReportedWithItsPath() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sandbox-garbage-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(repeating: 0x41, count: 4096).write(to: directory.appendingPathComponent("sandbox.sqlite"))
        await #expect {
            _ = try await SandboxServer.start(SandboxConfiguration(dataDirectory: directory))
        } throws: { error in
            let text = String(describing: error)
            return (error as? SandboxServer.StartError)?.status == .dataError && text.contains("could not open the sandbox's data at \(directory.path)/sandbox.sqlite")
                && text.contains("not a database")
        }
        #expect(FileManager.default.fileExists(atPath: directory.path), "a directory the user named is never removed")
    }

    @Test func theDataDirectoryAndFilesArePrivate() async throws {
        let server = try await SandboxServer.start(SandboxConfiguration(floodInterval: 0))
        defer { Task { await server.stop() } }
        func mode(_ url: URL) throws -> Int? {
            try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        }
        #expect(try mode(server.dataDirectory) == 0o700)
        let files = try FileManager.default.contentsOfDirectory(at: server.dataDirectory, includingPropertiesForKeys: nil)
        #expect(files.contains { $0.lastPathComponent == "sandbox.sqlite" })
        for file in files { #expect(try mode(file) == 0o600, "\(file.lastPathComponent)") }
    }

    @Test func aTemporaryDataDirectoryIsRemovedOnStop() async throws {
        let server = try await SandboxServer.start(SandboxConfiguration(floodInterval: 0))
        let directory = server.dataDirectory
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("sandbox.sqlite").path))
        await server.stop()
        #expect(!FileManager.default.fileExists(atPath: directory.path))
    }
}
