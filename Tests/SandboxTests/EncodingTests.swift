import Common
import Foundation
import Sandbox
import Testing

/// Windows-1252 end to end: bytes are read as windows-1252, a reference the browser sends for a
/// character outside it is stored as sent (as vBulletin stores it), and pages go out in
/// windows-1252 with that reference reaching the browser, which shows the character.
@Suite struct EncodingTests {
    @Test func anEmojiSentAsADecimalReferenceIsStoredAndServedAsTheReference() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            let form = try await browser.page("/newreply.php?action=newreply&threadid=\(Seed.Ids.welcomeThread)")
            // TestCP1252.encode writes é and € as single bytes and the emoji as &#128512;.
            let answer = try await browser.submit(form, script: "newreply.php", message: "café € 😀")
            #expect(answer.status == 200)

            let post = try #require(try await state(of: server).newestPost)
            #expect(post.text == "café € &#128512;", "stored as sent, reference and all")
            #expect(post.textShown == "café € 😀")

            let thread = try await browser.get("/showthread.php?threadid=\(Seed.Ids.welcomeThread)")
            #expect(thread.header("Content-Type") == "text/html; charset=windows-1252")
            let bytes = [UInt8](thread.body)
            #expect(bytes.firstRange(of: [0x63, 0x61, 0x66, 0xE9, 0x20, 0x80, 0x20] + Array("&amp;#128512;".utf8)) == nil,
                    "the reference is not escaped twice")
            #expect(bytes.firstRange(of: [0x63, 0x61, 0x66, 0xE9, 0x20, 0x80, 0x20] + Array("&#128512;".utf8)) != nil)
            #expect(thread.body.firstRange(of: Data("😀".utf8)) == nil, "no UTF-8 on a windows-1252 page")
        }
    }

    @Test func utf8BytesSentByMistakeAreReadAsWindows1252LikeTheForumWould() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            let form = try await browser.page("/newreply.php?action=newreply&threadid=\(Seed.Ids.welcomeThread)")
            var fields = form.vbformSubmission(clicking: "submit")
            fields.removeAll { $0.name == "message" }
            let boundary = "b0undary"
            var body = Browser.multipart(fields, boundary: boundary)
            body.removeLast("--\(boundary)--\r\n".utf8.count)
            body += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"message\"\r\n\r\ncafé\r\n--\(boundary)--\r\n".utf8)
            _ = try await browser.send(method: "POST", target: "/newreply.php",
                                       contentType: "multipart/form-data; boundary=\(boundary)", body: body)
            let post = try #require(try await state(of: server).newestPost)
            #expect(post.text == "cafÃ©")
        }
    }

    @Test func queryParametersAreWindows1252Too() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            // Zoë's user id in the query gives her name in the PM form; her name in windows-1252
            // percent-encoding (%EB) is accepted as a recipient.
            let form = try await browser.page("/private.php?action=newmessage&userid=\(Seed.Account.other.id)")
            #expect(form.first("//input[@name='touser']")?["value"] == "Zoë")
            let sent = try await browser.postURLEncoded("/private.php",
                "action=dosend&touser=Zo%EB&title=Hi&message=%26%23128512%3B&iconid=0&savecopy=yes&submit=Send+Message")
            #expect(HTMLPage(sent.body)?.first("//body[contains(@class,'standardredirect')]") != nil)
            let message = try #require(try await state(of: server).messages.last { $0.folder == "inbox" && $0.owner == "Zoë" })
            #expect(message.text == "&#128512;")
            #expect(message.textShown == "😀")
        }
    }
}
