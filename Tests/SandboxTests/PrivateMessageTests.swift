import Foundation
import Sandbox
import Testing

/// PMs: the folders, reading, sending new/reply/forward with Sent Items, and quoting.
@Suite struct PrivateMessageTests {
    @Test func theInboxListsMessagesWithTheScrapedColumns() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            let inbox = try await browser.page("/private.php")
            #expect(inbox.first("//select[@name='folderid']/option[@value='0'][@selected]")?.text == "Inbox")
            #expect(inbox.first("//select[@name='folderid']/option[@value='-1']")?.text == "Sent Items")
            #expect(inbox.nodes("//table[contains(@class,'standard')]//tbody/tr").count == 1)
            #expect(inbox.first("//tbody/tr/td[@class='title']/a")?["href"]
                == "private.php?action=show&privatemessageid=\(Seed.Ids.inboxMessage)")
            #expect(inbox.text("//tbody/tr/td[@class='title']/a") == "Hello from Zoë")
            #expect(inbox.text("//tbody/tr/td[@class='sender']") == "Zoë")
            #expect(inbox.first("//tbody/tr/td[@class='status']/img")?["src"]?.contains("newpm") == true)
            let date = try #require(inbox.text("//tbody/tr/td[@class='date']"))
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = "MMM d, yyyy 'at' h:mm a"
            #expect(formatter.date(from: date) != nil, "\(date)")
        }
    }

    @Test func readingAMessageShowsItAndMarksItSeen() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            let page = try await browser.page("/private.php?action=show&privatemessageid=\(Seed.Ids.inboxMessage)")
            #expect(page.text("//div[@class='breadcrumbs']//b")?.hasSuffix("> Hello from Zoë") == true)
            #expect(page.text("//td[contains(@class,'postbody')]") == "Welcome! Reply to this message to try PMs.")
            #expect(page.first("//div[@class='buttons']/a")?["href"]
                == "private.php?action=newmessage&privatemessageid=\(Seed.Ids.inboxMessage)")
            #expect(page.text("//dt[contains(@class,'author')]") == "Zoë")
            #expect(try await state(of: server).messages.first { $0.id == Seed.Ids.inboxMessage }?.seen == true)
            let inbox = try await browser.page("/private.php")
            #expect(inbox.first("//tbody/tr/td[@class='status']/img")?["src"]?.contains("newpm") == false)

            // Someone else's message is not there for you.
            let zoe = Browser(server)
            try await zoe.logIn("Zoë")
            let theirs = try await zoe.page("/private.php?action=show&privatemessageid=\(Seed.Ids.inboxMessage)")
            #expect(theirs.first("//body[contains(@class,'standarderror')]") != nil)
        }
    }

    @Test func aNewMessageReachesTheInboxAndSentItems() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            let form = try await browser.page("/private.php?action=newmessage")
            #expect(form.nodes("//div[@class='posticon']//input[@name='iconid']").count == 6)
            #expect(form.first("//input[@name='iconid'][@value='0']")?["checked"] != nil)
            #expect(form.first("//input[@name='savecopy']")?["checked"] != nil)
            #expect(form.first("//input[@name='action']")?["value"] == "dosend")
            #expect(form.first("//input[@name='prevmessageid']") == nil)
            let answer = try await browser.submit(form, script: "private.php", message: "Line one\r\nline two",
                                                  changes: ["touser": "zoë", "title": "Hi there", "iconid": "62"])
            let page = try #require(HTMLPage(answer.body))
            #expect(page.first("//body[contains(@class,'standardredirect')]") != nil)
            #expect(page.first("//a[@href='private.php']") != nil)

            let dump = try await state(of: server)
            let copies = dump.messages.filter { $0.title == "Hi there" }
            #expect(copies.count == 2)
            let inbox = try #require(copies.first { $0.folder == "inbox" })
            let sent = try #require(copies.first { $0.folder == "sent" })
            #expect(inbox.owner == "Zoë" && inbox.from == "sandbox" && inbox.to == "Zoë" && !inbox.seen)
            #expect(sent.owner == "sandbox" && sent.text == "Line one\nline two" && sent.iconId == 62)
            let folder = try await browser.page("/private.php?folderid=-1")
            #expect(folder.first("//select[@name='folderid']/option[@value='-1'][@selected]") != nil)
            #expect(folder.text("//tbody/tr/td[@class='title']/a") == "Hi there")
            #expect(folder.text("//tbody/tr/td[@class='sender']") == "Zoë")
        }
    }

    @Test func withoutSaveCopyNothingGoesToSentItems() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            let form = try await browser.page("/private.php?action=newmessage")
            let fields = form.vbformSubmission(clicking: "submit").filter { $0.name != "savecopy" }
                .map { field -> (name: String, value: String) in
                    switch field.name {
                    case "touser": return (field.name, "Zoë")
                    case "title": return (field.name, "no copy")
                    case "message": return (field.name, "x")
                    default: return field
                    }
                }
            _ = try await browser.post("/private.php", fields)
            let copies = try await state(of: server).messages.filter { $0.title == "no copy" }
            #expect(copies.map(\.folder) == ["inbox"])
        }
    }

    @Test func replyingQuotesTheMessageAndMarksItReplied() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            let original = try #require(try await state(of: server).messages.first { $0.id == Seed.Ids.inboxMessage })
            let form = try await browser.page("/private.php?action=newmessage&privatemessageid=\(Seed.Ids.inboxMessage)")
            #expect(form.first("//input[@name='touser']")?["value"] == "Zoë")
            #expect(form.first("//input[@name='title']")?["value"] == "Re: Hello from Zoë")
            #expect(form.first("//input[@name='prevmessageid']")?["value"] == String(Seed.Ids.inboxMessage))
            #expect(form.first("//input[@name='forward']")?["value"] == "")
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = "MMM d, yyyy 'at' h:mm a"
            #expect(form.text("//textarea[@name='message']")
                == "[quote]\nZoë wrote on \(formatter.string(from: original.sentAt)):\n\(original.text)\n[/quote]")
            _ = try await browser.submit(form, script: "private.php", message: "Thanks!")
            let dump = try await state(of: server)
            #expect(dump.messages.first { $0.id == Seed.Ids.inboxMessage }?.repliedTo == true)
            let reply = try #require(dump.messages.first { $0.title == "Re: Hello from Zoë" && $0.folder == "inbox" })
            #expect(reply.owner == "Zoë" && reply.previousMessageId == Seed.Ids.inboxMessage)
        }
    }

    @Test func forwardingLeavesTheRecipientEmptyAndMarksItForwarded() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            let form = try await browser.page("/private.php?action=newmessage&privatemessageid=\(Seed.Ids.inboxMessage)&forward=true")
            #expect(form.first("//input[@name='touser']")?["value"] == "")
            #expect(form.first("//input[@name='title']")?["value"] == "Fw: Hello from Zoë")
            #expect(form.first("//input[@name='forward']")?["value"] == "true")
            #expect(form.text("//textarea[@name='message']")?.hasPrefix("[quote]\nZoë wrote on ") == true)
            _ = try await browser.submit(form, script: "private.php", changes: ["touser": "probation"])
            let dump = try await state(of: server)
            #expect(dump.messages.first { $0.id == Seed.Ids.inboxMessage }?.forwarded == true)
            #expect(dump.messages.contains { $0.owner == "probation" && $0.title == "Fw: Hello from Zoë" })
        }
    }

    @Test func previewingAMessageSendsNothing() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            let before = try await state(of: server).messages.count
            let answer = try await browser.submitForm(at: "/private.php?action=newmessage", script: "private.php",
                                                      message: "[u]look[/u]", button: "preview",
                                                      changes: ["touser": "Zoë", "title": "draft"])
            let page = try #require(HTMLPage(answer.body))
            #expect(page.first("(//*[contains(@class,'postbody')])[1]//u") != nil)
            #expect(page.first("//input[@name='touser']")?["value"] == "Zoë")
            #expect(try await state(of: server).messages.count == before)
        }
    }
}
