import Foundation
import Sandbox
import Testing

/// The reply, edit and new-thread forms carry a `formkey` (32 hex, the user's) and a
/// `form_cookie` (12 hex, issued with the form); a post without both, or with someone else's,
/// is refused and nothing is stored.
@Suite struct FormTokenTests {
    static let securityMessage = "security token was missing"

    enum Tamper: String, CaseIterable {
        case missingFormkey, wrongFormkey, uppercaseFormkey, missingFormCookie, unknownFormCookie, shortFormCookie
        case anotherUsersFormCookie
    }

    @Test(arguments: Tamper.allCases)
    func aReplyWithBadTokensIsRefused(_ tamper: Tamper) async throws {
        try await withSandbox { server in
            let before = try await state(of: server).posts.count
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            let form = try await browser.page("/newreply.php?action=newreply&threadid=\(Seed.Ids.welcomeThread)")
            var fields: [(name: String, value: String)] = form.vbformSubmission(clicking: "submit")
                .map { $0.name == "message" ? (name: $0.name, value: "tampered") : $0 }
            let formkey = try #require(fields.first { $0.name == "formkey" }?.value)
            func set(_ name: String, _ value: String?) {
                fields.removeAll { $0.name == name }
                if let value { fields.append((name, value)) }
            }
            switch tamper {
            case .missingFormkey: set("formkey", nil)
            case .wrongFormkey: set("formkey", String(repeating: "0", count: 32))
            case .uppercaseFormkey: set("formkey", formkey.uppercased())
            case .missingFormCookie: set("form_cookie", nil)
            case .unknownFormCookie: set("form_cookie", "0123456789ab")
            case .shortFormCookie: set("form_cookie", "abc")
            case .anotherUsersFormCookie:
                let other = Browser(server)
                try await other.logIn("Zoë")
                let theirs = try await other.page("/newreply.php?action=newreply&threadid=\(Seed.Ids.welcomeThread)")
                set("form_cookie", theirs.first("//input[@name='form_cookie']")?["value"])
            }
            let answer = try await browser.post("/newreply.php", fields)
            let page = try #require(HTMLPage(answer.body))
            #expect(page.first("//body[contains(@class,'standarderror')]") != nil)
            #expect(page.text("//div[@id='content']//div[contains(@class,'standard')]/div[@class='inner']")?
                .contains(Self.securityMessage) == true)
            #expect(try await state(of: server).posts.count == before)
        }
    }

    @Test func theSameFormkeyComesOnEveryFormButEachFormGetsItsOwnCookie() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            let first = try await browser.page("/newreply.php?action=newreply&threadid=\(Seed.Ids.welcomeThread)")
            let second = try await browser.page("/newthread.php?action=newthread&forumid=\(Seed.Ids.generalForum)")
            let key = try #require(first.first("//input[@name='formkey']")?["value"])
            #expect(key.allSatisfy { $0.isHexDigit } && key.count == 32)
            #expect(second.first("//input[@name='formkey']")?["value"] == key)
            let cookies = [first, second].compactMap { $0.first("//input[@name='form_cookie']")?["value"] }
            #expect(cookies.count == 2 && cookies[0] != cookies[1])
            #expect(cookies.allSatisfy { $0.count == 12 && $0.allSatisfy(\.isHexDigit) })
        }
    }

    @Test func aFormCookieFromTheEditFormDoesNotPostAReply() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            let edit = try await browser.page("/editpost.php?action=editpost&postid=\(Seed.Ids.ownPost)")
            let reply = try await browser.page("/newreply.php?action=newreply&threadid=\(Seed.Ids.welcomeThread)")
            let answer = try await browser.submit(reply, script: "newreply.php", message: "x",
                changes: ["form_cookie": try #require(edit.first("//input[@name='form_cookie']")?["value"])])
            #expect(answer.text.contains(Self.securityMessage))
        }
    }

    @Test func thePrivateMessageFormHasNoFormkey() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            let form = try await browser.page("/private.php?action=newmessage")
            #expect(form.first("//form[@name='vbform']") != nil)
            #expect(form.first("//input[@name='formkey']") == nil)
            #expect(form.first("//input[@name='form_cookie']") == nil)
        }
    }
}
