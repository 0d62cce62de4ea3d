import Foundation
import Testing
@testable import Forum
import Sandbox

/// Issue 26: a message read from the inbox lost its smilies (`:)` was drawn as a picture, which
/// plain text dropped). Read from the sandbox, which draws smilies as the forum does.
@Suite struct InboxSmilieTests {
    @Test func aMessageReadBackKeepsItsSmilieCodes() async throws {
        try await SandboxFixture.with { sandbox in
            let sender = try await sandbox.loggedIn()
            let sent = await sender.send(PrivateMessage(to: "Zoë", subject: "smilies", bbcode: "Hi :) and :cheers: too"))
            let id = try #require(sent.receipt?.id)
            let message = try await sender.privateMessage(id: id)
            #expect(message.text == "Hi :) and :cheers: too")
        }
    }
}
