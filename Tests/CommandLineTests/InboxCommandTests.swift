import Foundation
import Testing

@Suite(.serialized) struct InboxCommandTests {
    @Test func theInboxListsAndShowsMessagesByIdOrURL() throws {
        let sandbox = try SandboxProcess()
        // The seeded member "sandbox" has a message from Zoë waiting.
        #expect(try sandbox.run(["profiles", "add", "member", "--base-url", sandbox.baseURL, "--username", "sandbox", "--default"]).status == 0)
        try sandbox.logIn()
        let list = try sandbox.run(["inbox", "--json"])
        #expect(list.status == 0)
        let messages = try #require(try JSONSerialization.jsonObject(with: list.stdout) as? [[String: Any]])
        let first = try #require(messages.first)
        let id = try #require(first["id"] as? Int)
        let subject = try #require(first["subject"] as? String)

        let byURL = try sandbox.run(["inbox", "show", "\(sandbox.baseURL)private.php?action=show&privatemessageid=\(id)"])
        #expect(byURL.status == 0)
        #expect(byURL.output.contains("Subject: \(subject)\n"))
        #expect(byURL.output.hasPrefix("From: Zoë\n"))
        #expect(byURL.output.contains("\n\nWelcome! Reply to this message to try PMs.\n"))
        #expect(try sandbox.run(["inbox", "show", String(id)]).output == byURL.output)

        let table = try sandbox.run(["inbox"]).output.split(separator: "\n")
        #expect(table.first?.hasPrefix("ID") == true && table.first?.contains("FROM") == true, "\(table)")
        #expect(table.count >= 2 && table[1].hasPrefix("\(id) "), "\(table)")
        let bare = try sandbox.run(["inbox", "--no-headers"]).output.split(separator: "\n")
        #expect(bare == Array(table.dropFirst()))
        let sent = try sandbox.run(["inbox", "--folder", "sent"])
        #expect(sent.status == 0)
        #expect(sent.output == "No messages in sent.\n")
    }

    @Test func badIdsAndMissingSessionsHaveTheirOwnStatus() throws {
        let sandbox = try SandboxProcess()
        #expect(try sandbox.run(["inbox"]).status == 77)
        try sandbox.logIn()
        let bad = try sandbox.run(["inbox", "show", "https://forums.example/forumdisplay.php?forumid=3"])
        #expect(bad.status == 64)
        #expect(bad.errorOutput.contains("names a forum, not a private message"))
        let missing = try sandbox.run(["inbox", "show", "1"])
        #expect(missing.status != 0)
        #expect(missing.errorOutput.contains("Invalid private message specified"))
        #expect(try sandbox.run(["inbox", "--folder", "trash"]).status == 64)
    }
}
