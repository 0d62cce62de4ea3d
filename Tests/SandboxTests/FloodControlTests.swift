import Foundation
@testable import Sandbox
import Testing

@Suite struct FloodControlTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func secondsLeftRoundUpAndEndExactlyAtTheInterval() {
        let control = FloodControl(interval: 30)
        #expect(control.secondsLeft(lastPostAt: nil, now: start) == nil, "never posted")
        #expect(control.secondsLeft(lastPostAt: start, now: start) == 30)
        #expect(control.secondsLeft(lastPostAt: start, now: start + 18) == 12)
        #expect(control.secondsLeft(lastPostAt: start, now: start + 17.2) == 13, "12.8 s left reads as 13")
        #expect(control.secondsLeft(lastPostAt: start, now: start + 29.9) == 1)
        #expect(control.secondsLeft(lastPostAt: start, now: start + 30) == nil)
        #expect(FloodControl(interval: 0).secondsLeft(lastPostAt: start, now: start) == nil, "0 turns it off")
    }

    @Test func theWordingIsVBulletins() {
        #expect(FloodControl.message(kind: .post, interval: 30, secondsLeft: 12)
            == "This forum requires that you wait 30 seconds between posts. Please try again in 12 seconds.")
        #expect(FloodControl.message(kind: .privateMessage, interval: 60, secondsLeft: 5)
            == "This forum requires that you wait 60 seconds between sending private messages. Please try again in 5 seconds.")
    }

    func reply(_ browser: Browser, _ message: String) async throws -> RawResponse {
        try await browser.submitForm(at: "/newreply.php?action=newreply&threadid=\(Seed.Ids.welcomeThread)",
                                     script: "newreply.php", message: message)
    }

    @Test func aSecondPostTooSoonIsRefusedWithTheSecondsLeftPerUser() async throws {
        let clock = ManualClock()
        try await withSandbox(SandboxConfiguration(floodInterval: 30, clock: clock)) { server in
            let sandbox = Browser(server), zoe = Browser(server)
            try await sandbox.logIn("sandbox")
            try await zoe.logIn("Zoë")
            _ = try await reply(sandbox, "first")
            clock.advance(18)
            let refused = try #require(HTMLPage(try await reply(sandbox, "second").body))
            #expect(refused.first("//body[contains(@class,'standarderror')]") != nil)
            #expect(refused.text("//div[@class='inner']")
                == "This forum requires that you wait 30 seconds between posts. Please try again in 12 seconds.")
            // Another user is not held up by sandbox's post.
            let other = try #require(HTMLPage(try await reply(zoe, "zoe's").body))
            #expect(other.first("//a[contains(@href,'goto=post')]") != nil)
            // A new thread counts as a post too.
            let thread = try await sandbox.submitForm(at: "/newthread.php?action=newthread&forumid=1", script: "newthread.php",
                                                      message: "m", changes: ["subject": "s"])
            #expect(thread.text.contains("Please try again in 12 seconds."))
            clock.advance(12)
            let allowed = try #require(HTMLPage(try await reply(sandbox, "second").body))
            #expect(allowed.first("//a[contains(@href,'goto=post')]") != nil)
            let texts = try await state(of: server).posts.map(\.text)
            #expect(texts.filter { $0 == "second" }.count == 1)
        }
    }

    @Test func privateMessagesKeepTheirOwnClockAndInterval() async throws {
        let clock = ManualClock()
        try await withSandbox(SandboxConfiguration(floodInterval: 30, messageFloodInterval: 60, clock: clock)) { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            func send(_ title: String) async throws -> RawResponse {
                try await browser.submitForm(at: "/private.php?action=newmessage", script: "private.php", message: "hi",
                                             changes: ["touser": "Zoë", "title": title])
            }
            _ = try await reply(browser, "a post")
            let first = try await send("one")
            #expect(first.text.contains("Thank you for sending"), "a post does not start the PM clock")
            clock.advance(45)
            let second = try await send("two")
            #expect(HTMLPage(second.body)?.text("//div[@class='inner']")
                == "This forum requires that you wait 60 seconds between sending private messages. Please try again in 15 seconds.")
            let post = try await reply(browser, "another post")
            #expect(HTMLPage(post.body)?.first("//a[contains(@href,'goto=post')]") != nil, "the PM did not start the post clock")
        }
    }

    @Test func editsAndPreviewsAreNotFloodControlled() async throws {
        let clock = ManualClock()
        try await withSandbox(SandboxConfiguration(floodInterval: 30, clock: clock)) { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            _ = try await reply(browser, "fresh")
            let preview = try await browser.submitForm(at: "/newreply.php?action=newreply&threadid=\(Seed.Ids.welcomeThread)",
                                                       script: "newreply.php", message: "[b]p[/b]", button: "preview")
            #expect(HTMLPage(preview.body)?.first("//*[contains(@class,'postbody')]") != nil)
            let edit = try await browser.submitForm(at: "/editpost.php?action=editpost&postid=\(Seed.Ids.ownPost)",
                                                    script: "editpost.php", message: "edited at once")
            #expect(HTMLPage(edit.body)?.first("//a[contains(@href,'goto=post')]") != nil)
        }
    }
}
