import Foundation
import Sandbox
import Testing

/// The compose forms of forum-protocol.md's table: quote, preview, edit, new thread.
@Suite struct ComposePageTests {
    @Test func quotingAPostPrefillsTheTextareaWithItsBBCode() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            let form = try await browser.page("/newreply.php?action=newreply&postid=\(Seed.Ids.othersPost)")
            let original = try #require(try await state(of: server).posts.first { $0.id == Seed.Ids.othersPost }?.text)
            let textarea = try #require(form.first("//form[@name='vbform']//textarea[@name='message']")?.text)
            #expect(textarea == "[quote=\"Zoë\" post=\"\(Seed.Ids.othersPost)\"]\n\(original)\n[/quote]\n\n")
            #expect(form.first("//input[@name='threadid']")?["value"] == String(Seed.Ids.welcomeThread))
        }
    }

    @Test func markupInAQuotedPostComesBackExactly() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            let tricky = "a < b && c > d \"quoted\" 'single' </textarea><b>not html</b> &amp; &#91;b] 😀 *_#`["
            _ = try await browser.submitForm(at: "/newreply.php?action=newreply&threadid=\(Seed.Ids.welcomeThread)",
                                             script: "newreply.php", message: tricky)
            let postId = try #require(try await state(of: server).newestPost?.id)
            let form = try await browser.page("/newreply.php?action=newreply&postid=\(postId)")
            // The textarea gives back the stored text: the emoji as the reference the browser sent for it.
            let stored = tricky.replacingOccurrences(of: "😀", with: "&#128512;")
            #expect(form.text("//textarea[@name='message']")?.contains(stored) == true)
            #expect(form.nodes("//form[@name='vbform']//textarea//b").isEmpty, "the post's markup stays text inside the textarea")
        }
    }

    @Test func previewRendersThePostAndStoresNothing() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            let before = try await state(of: server).posts.count
            let answer = try await browser.submitForm(at: "/newreply.php?action=newreply&threadid=\(Seed.Ids.welcomeThread)",
                                                      script: "newreply.php", message: "[b]bold[/b] move", button: "preview")
            let page = try #require(HTMLPage(answer.body))
            let firstBody = try #require(page.first("(//*[contains(@class,'postbody')])[1]"))
            #expect(firstBody.text.contains("bold move"))
            #expect(page.first("(//*[contains(@class,'postbody')])[1]//b") != nil, "rendered, not escaped")
            #expect(page.text("//textarea[@name='message']") == "[b]bold[/b] move", "the form comes back filled in")
            #expect(page.first("//a[contains(@href,'goto=post')]") == nil)
            #expect(try await state(of: server).posts.count == before)
            // Submitting the preview's form posts it.
            let posted = try await browser.submit(page, script: "newreply.php")
            #expect(HTMLPage(posted.body)?.first("//a[contains(@href,'goto=post')]") != nil)
            #expect(try await state(of: server).newestPost?.text == "[b]bold[/b] move")
        }
    }

    @Test func sendingBothButtonsGetsAPreviewNotAPost() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            let form = try await browser.page("/newreply.php?action=newreply&threadid=\(Seed.Ids.welcomeThread)")
            let fields = form.vbformSubmission(clicking: "submit") + [("preview", "Preview Reply")]
            let answer = try await browser.post("/newreply.php", fields.map { $0.name == "message" ? ($0.name, "both") : $0 })
            #expect(HTMLPage(answer.body)?.first("//a[contains(@href,'goto=post')]") == nil)
            #expect(try await state(of: server).posts.contains { $0.text == "both" } == false)
        }
    }

    @Test func editingShowsTheCurrentBBCodeAndSavesTheNewText() async throws {
        let clock = ManualClock()
        try await withSandbox(SandboxConfiguration(floodInterval: 0, clock: clock)) { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            let form = try await browser.page("/editpost.php?action=editpost&postid=\(Seed.Ids.ownPost)")
            let current = try #require(try await state(of: server).posts.first { $0.id == Seed.Ids.ownPost }?.text)
            #expect(form.text("//form[@name='vbform']//textarea[@name='message']") == current)
            #expect(form.first("//form[@name='vbform']//input[@name='action']")?["value"] == "updatepost")

            let preview = try await browser.submit(form, script: "editpost.php", message: "[i]new[/i]", button: "preview")
            #expect(HTMLPage(preview.body)?.first("(//*[contains(@class,'postbody')])[1]//i") != nil)
            #expect(try await state(of: server).posts.first { $0.id == Seed.Ids.ownPost }?.text == current)

            clock.advance(60)
            let saved = try await browser.submit(form, script: "editpost.php", message: "edited\r\ntext")
            let page = try #require(HTMLPage(saved.body))
            #expect(page.first("//a[@href='showthread.php?goto=post&postid=\(Seed.Ids.ownPost)']") != nil)
            let post = try #require(try await state(of: server).posts.first { $0.id == Seed.Ids.ownPost })
            #expect(post.text == "edited\ntext")
            #expect(post.editedAt == clock.now())
            let thread = try await browser.page("/showthread.php?threadid=\(Seed.Ids.welcomeThread)")
            #expect(thread.text("//table[@id='post\(Seed.Ids.ownPost)']//p[@class='editedby']")?.contains("fucked around with this message") == true)
        }
    }

    @Test func theNewThreadFormHasPostIconsLaidOutAsTheRealOne() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            let form = try await browser.page("/newthread.php?action=newthread&forumid=\(Seed.Ids.generalForum)")
            // "No icon" sits under the row's label; each icon is a div.posticon with its radio and picture.
            #expect(form.first("//div[@class='mainbodytextsmall']/input[@name='iconid'][@value='0']")?["checked"] != nil)
            #expect(form.nodes("//div[@class='posticon']/input[@type='radio'][@name='iconid']").count == 6)
            #expect(form.nodes("//div[@class='posticon']/img[@src]").count == 6)
            #expect(form.nodes("//input[@name='tma_ama'] | //input[@name='samart_tag']").isEmpty, "no tag group here")
            #expect(form.first("//input[@name='subject']") != nil)
            #expect(form.first("//input[@name='submit'][@value='Submit New Thread']") != nil)
            #expect(form.first("//input[@name='postpoll'][@type='checkbox']")?["checked"] == nil)
            // forumid, action and form_cookie come first; the formkey last, beside the buttons.
            let hidden = form.nodes("//form[@name='vbform']//input[@type='hidden']").compactMap { $0["name"] }
            #expect(Array(hidden.prefix(3)) == ["forumid", "action", "form_cookie"] && hidden.last == "formkey")
            #expect(form.first("//div[contains(@class,'postbuttons')]/input[@name='formkey']") != nil)

            let answer = try await browser.submit(form, script: "newthread.php", message: "What's it like?",
                                                  changes: ["subject": "Hello 😀", "iconid": "61"])
            let page = try #require(HTMLPage(answer.body))
            let link = try #require(page.first("//a[contains(@href,'showthread')]")?["href"])
            let threadId = try #require(link.split(separator: "=").last.flatMap { Int64($0) })
            let dump = try await state(of: server)
            let thread = try #require(dump.threads.first { $0.id == threadId })
            // The subject is stored as sent (the emoji as its reference) and shown as the emoji.
            #expect(thread.title == "Hello &#128512;" && thread.titleShown == "Hello 😀")
            #expect(thread.iconId == 61 && thread.secondaryTagId == nil && thread.forumId == Seed.Ids.generalForum)
            #expect(thread.postIds.count == 1)
            #expect(dump.posts.first { $0.id == thread.postIds.first }?.text == "What's it like?")
            let forum = try await browser.page("/forumdisplay.php?forumid=\(Seed.Ids.generalForum)")
            #expect(forum.text("//tr[@id='thread\(threadId)']//a[contains(@class,'thread_title')]") == "Hello 😀")
        }
    }

    @Test func aPreviewFirstForumSubmitsOnlyFromThePreviewsForm() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            let target = "/newthread.php?action=newthread&forumid=\(Seed.Ids.previewFirstForum)"
            let form = try await browser.page(target)
            #expect(form.first("//form[@name='vbform']//input[@name='submit']") == nil)
            #expect(form.first("//form[@name='vbform']//input[@name='preview']") != nil)

            // Forcing a submit with the first form's cookie is refused.
            var fields = form.vbformSubmission(clicking: "none")
            fields += [("subject", "Forced"), ("submit", "Submit New Thread")]
            fields = fields.map { $0.name == "message" ? ($0.name, "art") : $0 }
            let refused = try await browser.post("/newthread.php", fields)
            #expect(refused.text.contains("requires that you preview"))
            #expect(try await state(of: server).threads.contains { $0.title == "Forced" } == false)

            let preview = try await browser.submit(form, script: "newthread.php", message: "My [b]art[/b]", button: "preview",
                                                   changes: ["subject": "Gallery", "iconid": "63"])
            let previewPage = try #require(HTMLPage(preview.body))
            #expect(previewPage.first("(//*[contains(@class,'postbody')])[1]//b") != nil)
            #expect(previewPage.first("//form[@name='vbform']//input[@name='submit']") != nil)
            #expect(previewPage.first("//input[@name='iconid'][@value='63']")?["checked"] != nil, "choices survive the preview")
            #expect(previewPage.first("//input[@name='subject']")?["value"] == "Gallery")
            let posted = try await browser.submit(previewPage, script: "newthread.php")
            #expect(HTMLPage(posted.body)?.first("//a[contains(@href,'showthread.php?threadid=')]") != nil)
            let thread = try #require(try await state(of: server).threads.first { $0.title == "Gallery" })
            #expect(thread.iconId == 63 && thread.secondaryTagId == nil)
        }
    }
}
