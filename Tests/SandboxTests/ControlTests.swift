import Foundation
import Sandbox
import Testing

/// The `/_sandbox/...` controls added for the real forum's refusals: Cloudflare's challenge, the
/// closed-thread fault, request counts, and what a bad parameter gets.
@Suite struct ControlTests {
    static func expectCloudflareChallenge(_ answer: RawResponse) {
        #expect(answer.status == 403)
        #expect(answer.header("cf-mitigated") == "challenge")
        #expect(answer.header("Server") == "cloudflare")
        #expect(answer.text.contains("<title>Just a moment...</title>"))
        #expect(answer.text.contains("window._cf_chl_opt") && answer.text.contains("/cdn-cgi/challenge-platform/"))
        #expect(!answer.text.contains("something_awful"), "not a forum page")
    }

    @Test func cloudflaresChallengeAnswersEverythingButTheControlsUntilItIsTurnedOff() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            let form = try await browser.page("/newreply.php?action=newreply&threadid=\(Seed.Ids.welcomeThread)")
            #expect(try await browser.post("/_sandbox/cloudflare?challenge=on", []).status == 200)
            for answer in [try await browser.get("/index.php"), try await browser.logIn("sandbox"),
                           try await browser.submit(form, script: "newreply.php", message: "behind the wall")] {
                Self.expectCloudflareChallenge(answer)
            }
            #expect(try await state(of: server).posts.contains { $0.text == "behind the wall" } == false, "nothing reached the forum")
            #expect(try await counts(server).submits["newreply.php"] == 1, "but the request was made")

            await server.setCloudflareChallenge(false)
            let through = try await browser.submit(form, script: "newreply.php", message: "through")
            #expect(HTMLPage(through.body)?.first("//a[contains(@href,'goto=post')]") != nil)
        }
    }

    @Test func theCloudflareAndClosedRedirectFaultsStrikeOnePostAndStoreNothing() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            #expect(try await browser.post("/_sandbox/fault?next=cloudflare", []).status == 200)
            Self.expectCloudflareChallenge(try await browser.submitForm(
                at: "/newreply.php?action=newreply&threadid=\(Seed.Ids.welcomeThread)", script: "newreply.php", message: "one"))

            await server.failNextPost(with: .closedRedirect)
            let reply = try await browser.submitForm(at: "/newreply.php?action=newreply&threadid=\(Seed.Ids.longThread)",
                                                     script: "newreply.php", message: "two")
            try RealPageShapeTests.expectClosedRedirect(reply, to: Seed.Ids.longThread)

            // A new thread has no thread of its own: the refusal leads to the forum's newest.
            #expect(try await browser.post("/_sandbox/fault?next=closedredirect", []).status == 200)
            let thread = try await browser.submitForm(at: "/newthread.php?action=newthread&forumid=\(Seed.Ids.askTellForum)",
                                                      script: "newthread.php", message: "three", button: "preview")
            try RealPageShapeTests.expectClosedRedirect(thread, to: Seed.Ids.askThread)
            #expect(try await state(of: server).posts.contains { ["one", "two", "three"].contains($0.text) } == false)
        }
    }

    /// An outage (issue 31): pages and posts alike get the fault, for the number of requests
    /// asked, then the forum answers again; `fault=off` ends an open-ended one.
    @Test func anOutageStrikesEveryRequestForAsLongAsAsked() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            #expect(try await browser.post("/_sandbox/outage?fault=dberror&requests=2", []).status == 200)
            for _ in 0..<2 {
                let page = try await browser.get("/showthread.php?threadid=\(Seed.Ids.welcomeThread)")
                #expect(page.text.contains("database_error"), "\(page.text.prefix(300))")
            }
            #expect(!(try await browser.get("/showthread.php?threadid=\(Seed.Ids.welcomeThread)")).text.contains("database_error"))

            let form = try await browser.page("/newreply.php?action=newreply&threadid=\(Seed.Ids.welcomeThread)")
            await server.outage(.databaseError)
            let refused = try await browser.submit(form, script: "newreply.php", message: "during the outage")
            #expect(refused.text.contains("database_error"))
            #expect(try await browser.post("/_sandbox/outage?fault=off", []).status == 200)
            #expect(!(try await browser.get("/index.php")).text.contains("database_error"))
            #expect(try await state(of: server).posts.contains { $0.text == "during the outage" } == false)
        }
    }

    @Test func requestsAreCountedPerScriptWithTheSubmitsApart() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            #expect(try await browser.post("/_sandbox/reset-requests", []).status == 200)
            let form = try await browser.page("/newreply.php?action=newreply&threadid=\(Seed.Ids.welcomeThread)")
            _ = try await browser.submit(form, script: "newreply.php", message: "p", button: "preview")
            _ = try await browser.submit(form, script: "newreply.php", message: "s")
            _ = try await browser.submitForm(at: "/private.php?action=newmessage", script: "private.php", message: "m",
                                             changes: ["touser": "Zoë", "title": "t"])
            let answer = try await browser.get("/_sandbox/requests.json")
            #expect(answer.header("Content-Type") == "application/json")
            let counted = try SandboxRequestCounts.decode(answer.body)
            #expect(counted.requests == 5, "two forms, two reply POSTs and one PM; controls are not counted")
            #expect(counted.posts == ["newreply.php": 2, "newthread.php": 0, "editpost.php": 0, "private.php": 1])
            #expect(counted.submits == ["newreply.php": 1, "newthread.php": 0, "editpost.php": 0, "private.php": 1])
            #expect(try await browser.post("/_sandbox/reset-requests", []).status == 200)
            #expect(try await counts(server).posts.values.allSatisfy { $0 == 0 })
        }
    }

    @Test(arguments: [
        ("/_sandbox/standing?user=sandbox&standing=royalty", "standing= must be one of member, banned, probation, noplatinum"),
        ("/_sandbox/standing?user=nobody&standing=banned", "no account is called 'nobody'"),
        ("/_sandbox/standing?standing=banned", "user= must name an account"),
        ("/_sandbox/standing?user=sandbox&standing=probation&days=-1", "days= must be a number of days above 0"),
        ("/_sandbox/fault?next=meteor", "next= must name a fault"),
        ("/_sandbox/outage", "fault= must be off or name a fault"),
        ("/_sandbox/outage?fault=meteor", "fault= must be off or name a fault"),
        ("/_sandbox/outage?fault=dberror&requests=0", "requests= must be a whole number above 0, not '0'"),
        ("/_sandbox/outage?fault=dberror&requests=two", "requests= must be a whole number above 0, not 'two'"),
        ("/_sandbox/cloudflare", "challenge= must be on or off"),
        ("/_sandbox/cloudflare?challenge=maybe", "challenge= must be on or off, not 'maybe'"),
        ("/_sandbox/forum?forumid=999&archived=on", "forumid= must name a forum"),
        ("/_sandbox/forum?forumid=1&closedredirect=42", "closedredirect= must be the id of a thread that exists"),
        ("/_sandbox/thread?threadid=1&closed=on", "threadid= must name a thread"),
        ("/_sandbox/expire-sessions?user=ghost", "no account is called 'ghost'"),
        ("/_sandbox/edit?postid=1", "postid= must name a post"),
        ("/_sandbox/edit?postid=\(Seed.Ids.ownPost)", "the body must be the post's new BBCode"),
        ("/_sandbox/teleport", "unknown sandbox control: /_sandbox/teleport (known: state.json, requests.json"),
    ])
    func aBadControlRequestIsA400ThatSaysWhy(_ target: String, _ expected: String) async throws {
        try await withSandbox { server in
            let before = try await state(of: server)
            let answer = try await Browser(server).post(target, [])
            #expect(answer.status == 400)
            #expect(answer.text.contains(expected), "\(answer.text)")
            #expect(try await state(of: server) == before, "nothing changed")
        }
    }

    /// A moderator's edit behind the author's back (issue 22): the post holds the new text, the
    /// author's edit form shows it, and no posting request is counted.
    @Test func aModeratorsEditChangesThePostAsItsEditFormShowsIt() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            #expect(try await browser.post("/_sandbox/reset-requests", []).status == 200)
            let answer = try await browser.post("/_sandbox/edit?postid=\(Seed.Ids.ownPost)",
                                                [("bbcode", "Line one\r\n[b]moderated[/b] line two")])
            #expect(answer.status == 200 && answer.text.contains("edited by a moderator"), "\(answer.text)")
            #expect(try await state(of: server).posts.first { $0.id == Seed.Ids.ownPost }?.text == "Line one\n[b]moderated[/b] line two")
            let form = try await browser.page("/editpost.php?action=editpost&postid=\(Seed.Ids.ownPost)")
            #expect(form.vbformSubmission(clicking: "submit").first { $0.name == "message" }?.value == "Line one\n[b]moderated[/b] line two")
            #expect(try await counts(server).posts["editpost.php"] == 0)
        }
    }

    /// `curl --data-binary 'text'` says urlencoded whatever it sends: the text still arrives, as
    /// it does without a type at all.
    @Test(arguments: ["application/x-www-form-urlencoded", nil])
    func aModeratorsEditTakesPlainTextWhateverTheTypeSays(_ type: String?) async throws {
        try await withSandbox { server in
            let text = "plain words + a [b]tag[/b] & more"
            let answer = try await Browser(server).send(method: "POST", target: "/_sandbox/edit?postid=\(Seed.Ids.ownPost)",
                                                        contentType: type, body: Data(text.utf8))
            #expect(answer.status == 200, "\(answer.text)")
            #expect(try await state(of: server).posts.first { $0.id == Seed.Ids.ownPost }?.text == text)
        }
    }

    @Test func aControlThatChangesThingsWantsAPost() async throws {
        try await withSandbox { server in
            let answer = try await Browser(server).get("/_sandbox/standing?user=sandbox&standing=banned")
            #expect(answer.status == 405)
            #expect(try await state(of: server).users.first { $0.username == "sandbox" }?.standing == "member")
        }
    }
}
