import Foundation
import Sandbox
import Testing

@Suite struct ReplyTests {
    @Test func loginSetsTheThreeCookiesAndRedirectsToTheJSONIndex() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            let login = try await browser.logIn(Seed.Account.member.username)
            #expect(login.status == 302)
            #expect(login.header("Location") == "/index.php?json=1")
            #expect(browser.cookies["bbuserid"] == String(Seed.Account.member.id))
            #expect(browser.cookies["bbpassword"]?.count == 32)
            #expect(browser.cookies["sessionhash"]?.count == 32)
            let index = try await browser.get("/index.php?json=1")
            let json = try JSONSerialization.jsonObject(with: index.body) as? [String: Any]
            let user = json?["user"] as? [String: Any]
            #expect(user?["username"] as? String == "sandbox")
            #expect((json?["forums"] as? [Any])?.isEmpty == false)
        }
    }

    @Test func wrongPasswordGivesTheLoginFormAndNoCookie() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            let first = try await browser.logIn("sandbox", password: "wrong")
            #expect(first.status == 200)
            #expect(browser.cookies["bbuserid"] == nil)
            let page = try #require(HTMLPage(first.body))
            #expect(page.first("//body[contains(@class,'loginform')]") != nil)
            #expect(page.text("//form[contains(@class,'login_form')]//b[contains(@style,'color:red')]") == "BAD PASSWORD!")
            let second = try await browser.logIn("sandbox", password: "also wrong")
            #expect(second.text.contains("You've tried to login 2 times so far"))
        }
    }

    @Test func replyFlowStoresThePostAndAnswersWithItsLink() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            let form = try await browser.page("/newreply.php?action=newreply&threadid=\(Seed.Ids.welcomeThread)")
            #expect(form.first("//form[@name='vbform']/input[@name='action']")?["value"] == "postreply")
            #expect(form.first("//form[@name='vbform']//input[@name='formkey']")?["value"]?.count == 32)
            #expect(form.first("//form[@name='vbform']//input[@name='form_cookie']")?["value"]?.count == 12)
            #expect(form.first("//input[@name='parseurl']")?["checked"] != nil)
            #expect(form.first("//input[@name='bookmark']")?["checked"] != nil, "sandbox bookmarks by default")
            let answer = try await browser.submit(form, script: "newreply.php", message: "Hello\r\nthere")
            let page = try #require(HTMLPage(answer.body))
            #expect(page.first("//body[contains(@class,'standardredirect')]") != nil)
            let link = try #require(page.first("//a[contains(@href,'goto=post')]")?["href"])
            let postId = try #require(link.split(separator: "=").last.flatMap { Int64($0) })

            let dump = try await state(of: server)
            let post = try #require(dump.posts.first { $0.id == postId })
            #expect(post.text == "Hello\nthere")
            #expect(post.author == "sandbox")
            #expect(post.threadId == Seed.Ids.welcomeThread)
            #expect(dump.threads.first { $0.id == Seed.Ids.welcomeThread }?.postIds.last == postId)

            let jump = try await browser.get("/\(link)")
            #expect(jump.status == 302)
            #expect(jump.header("Location") == "/showthread.php?threadid=\(Seed.Ids.welcomeThread)&pagenumber=1#post\(postId)")
        }
    }
}
