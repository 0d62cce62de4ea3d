import Foundation
import Sandbox
import Testing

/// vBulletin 3 keeps `&#NNN;` references as posted: stored exactly, shown by the browser as the
/// characters they name (never as BBCode), and given back exactly in the edit and quote boxes.
/// The sandbox once decoded them on the way in, so `&#91;b]` (meant as a literal `[b]`) came
/// back as `[b]` and a client that escaped BBCode that way looked right when it was not.
@Suite struct ReferencesTests {
    static let escaped = "&#91;b]x&#91;/b] and &#128512;"

    @Test func anEscapedTagIsStoredAsSentShownAsTextAndGivenBackExactly() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            _ = try await browser.submitForm(at: "/newreply.php?action=newreply&threadid=\(Seed.Ids.welcomeThread)",
                                             script: "newreply.php", message: Self.escaped)
            let post = try #require(try await state(of: server).newestPost)
            #expect(post.text == Self.escaped)
            #expect(post.textShown == "[b]x[/b] and 😀")

            // The thread page: BBCode rendered on the stored text, the references passed through.
            let thread = try await browser.get("/showthread.php?threadid=\(Seed.Ids.welcomeThread)&pagenumber=1&perpage=200")
            #expect(thread.text.contains("&#91;b]x&#91;/b] and &#128512;"))
            let page = try #require(HTMLPage(thread.body))
            let body = "//table[@id='post\(post.id)']//td[contains(@class,'postbody')]"
            #expect(page.text(body) == "[b]x[/b] and 😀")
            #expect(page.first(body + "//b") == nil, "not bold")

            // The edit box and the quote box hold the stored text: `&amp;#91;` in the page, `&#91;` in the box.
            let edit = try await browser.get("/editpost.php?action=editpost&postid=\(post.id)")
            #expect(edit.text.contains(">&amp;#91;b]x&amp;#91;/b] and &amp;#128512;</textarea>"))
            let editForm = try #require(HTMLPage(edit.body))
            #expect(editForm.text("//textarea[@name='message']") == Self.escaped)
            let quote = try await browser.page("/newreply.php?action=newreply&postid=\(post.id)")
            #expect(quote.text("//textarea[@name='message']")?.contains("]\n\(Self.escaped)\n[/quote]") == true)

            // Saving the edit box unchanged stores the same text again.
            _ = try await browser.submit(editForm, script: "editpost.php")
            #expect(try await state(of: server).posts.first { $0.id == post.id }?.text == Self.escaped)
        }
    }

    @Test func aPreviewsFormCarriesTheReferencesThroughToTheStoredPost() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            let preview = try await browser.submitForm(at: "/newthread.php?action=newthread&forumid=\(Seed.Ids.previewFirstForum)",
                                                       script: "newthread.php", message: Self.escaped, button: "preview",
                                                       changes: ["subject": "Refs 😀"])
            let form = try #require(HTMLPage(preview.body))
            #expect(form.text("(//*[contains(@class,'postbody')])[1]") == "[b]x[/b] and 😀")
            #expect(form.text("//textarea[@name='message']") == Self.escaped)
            #expect(preview.text.contains("value=\"Refs &#128512;\""), "a subject keeps its references, as vBulletin escapes it")
            _ = try await browser.submit(form, script: "newthread.php")
            let thread = try #require(try await state(of: server).threads.first { $0.title == "Refs &#128512;" })
            #expect(try await state(of: server).posts.first { $0.id == thread.postIds.first }?.text == Self.escaped)
        }
    }

    @Test func privateMessagesKeepReferencesToo() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            _ = try await browser.submitForm(at: "/private.php?action=newmessage", script: "private.php", message: "&#91;i]no&#91;/i]",
                                             changes: ["touser": "Zoë", "title": "Hi 😀"])
            let sent = try #require(try await state(of: server).messages.last { $0.folder == "inbox" && $0.owner == "Zoë" })
            #expect(sent.text == "&#91;i]no&#91;/i]" && sent.title == "Hi &#128512;" && sent.titleShown == "Hi 😀")

            let reader = Browser(server)
            try await reader.logIn("Zoë")
            let folder = try await reader.get("/private.php")
            #expect(folder.text.contains(">Hi &#128512;</a>"))
            let shown = try await reader.page("/private.php?action=show&privatemessageid=\(sent.id)")
            #expect(shown.text("//td[contains(@class,'postbody')]") == "[i]no[/i]")
            #expect(shown.first("//td[contains(@class,'postbody')]//i") == nil)
            let reply = try await reader.page("/private.php?action=newmessage&privatemessageid=\(sent.id)")
            #expect(reply.text("//textarea[@name='message']")?.contains("&#91;i]no&#91;/i]") == true)
        }
    }

    @Test func aRecipientNameSentAsReferencesIsFound() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            let answer = try await browser.submitForm(at: "/private.php?action=newmessage", script: "private.php", message: "hi",
                                                      changes: ["touser": "Zo&#235;", "title": "by reference"])
            #expect(HTMLPage(answer.body)?.first("//body[contains(@class,'standardredirect')]") != nil)
        }
    }

    @Test func anEscapeBeforeAParenthesisIsNoSmilie() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            _ = try await browser.submitForm(at: "/newreply.php?action=newreply&threadid=\(Seed.Ids.welcomeThread)",
                                             script: "newreply.php", message: "('quoted') but ;) winks")
            let post = try #require(try await state(of: server).newestPost)
            let page = try await browser.page("/showthread.php?threadid=\(Seed.Ids.welcomeThread)&perpage=200")
            let body = "//table[@id='post\(post.id)']//td[contains(@class,'postbody')]"
            #expect(page.text(body) == "('quoted') but  winks")
            #expect(page.nodes(body + "//img[@class='smilie']").count == 1)
        }
    }
}
