import Forum
import Foundation
import Testing

/// `missive pm --reply-to | --forward` and `missive pm show` against a real sandbox, as the
/// seeded member `sandbox`, who has a message from Zoë in the inbox.
@Suite(.serialized) struct ComposeForumPrivateMessageTests {
    @Test func aReplyQuotesTheMessageAndTakesItsSubject() async throws {
        let sandbox = try SandboxProcess()
        try sandbox.logInMember()
        let member = try await ForumUser(sandbox, username: "sandbox")
        let quote = try await member.adapter.quotePrivateMessage(id: ComposeIDs.inboxMessage).withoutCursorLines
        let url = "\(sandbox.baseURL)private.php?action=show&privatemessageid=\(ComposeIDs.inboxMessage)"

        let reply = try sandbox.run(["pm", "Zoë", "--profile", "member", "--reply-to", url, "--no-edit"])
        #expect(reply.status == 0, "\(reply.errorOutput)")
        let draft = try sandbox.draft(reply.draftID)
        #expect(draft["kind"] as? String == "pm")
        #expect(draft["to"] as? String == "Zoë")
        #expect(draft["reply_to"] as? Int == ComposeIDs.inboxMessage)
        #expect(draft["forward"] is NSNull)
        #expect(draft["subject"] as? String == "Re: Hello from Zoë")
        let body = try #require(draft["body"] as? String)
        #expect(body.hasPrefix("```bbcode\n[quote]\n"))
        #expect(try sandbox.converted(body) == quote)
    }

    @Test func aForwardRecordsItAndKeepsAGivenSubject() async throws {
        let sandbox = try SandboxProcess()
        try sandbox.logInMember()
        let member = try await ForumUser(sandbox, username: "sandbox")
        let quote = try await member.adapter.quotePrivateMessage(id: ComposeIDs.inboxMessage).withoutCursorLines

        let forward = try sandbox.run(["pm", "Missive Tester", "--profile", "member", "--forward", String(ComposeIDs.inboxMessage),
                                       "--subject", "look at this", "--body-file", try sandbox.file("FYI"), "--no-edit"])
        #expect(forward.status == 0, "\(forward.errorOutput)")
        let draft = try sandbox.draft(forward.draftID)
        #expect(draft["forward"] as? Int == ComposeIDs.inboxMessage)
        #expect(draft["reply_to"] is NSNull)
        #expect(draft["subject"] as? String == "look at this")
        let body = try #require(draft["body"] as? String)
        #expect(body.hasSuffix("\n\nFYI"))
        #expect(try sandbox.converted(body).hasPrefix(quote))

        let unnamed = try sandbox.run(["pm", "Missive Tester", "--profile", "member", "--forward", String(ComposeIDs.inboxMessage),
                                       "--new", "--no-edit"])
        #expect(try sandbox.draft(unnamed.draftID)["subject"] as? String == "Fw: Hello from Zoë")
    }

    @Test func pmShowReadsAMessageAsInboxShowDoes() throws {
        let sandbox = try SandboxProcess()
        try sandbox.logInMember()
        let url = "\(sandbox.baseURL)private.php?action=show&privatemessageid=\(ComposeIDs.inboxMessage)"
        let shown = try sandbox.run(["pm", "show", url, "--profile", "member"])
        #expect(shown.status == 0, "\(shown.errorOutput)")
        #expect(shown.output.hasPrefix("From: Zoë\n"))
        #expect(shown.output.contains("Welcome! Reply to this message to try PMs."))
        #expect(try sandbox.run(["inbox", "show", String(ComposeIDs.inboxMessage), "--profile", "member"]).output == shown.output)
        #expect(try sandbox.run(["pm", "show", "\(sandbox.baseURL)showthread.php?threadid=3"]).status == 64)

        // Writing stays the default, and a user called "show" is reached through `pm write`.
        let toShow = try sandbox.run(["pm", "write", "show", "--body-file", try sandbox.file("hi"), "--no-edit"])
        #expect(toShow.status == 0, "\(toShow.errorOutput)")
        #expect(try sandbox.draft(toShow.draftID)["to"] as? String == "show")
        let help = try sandbox.run(["pm", "--help"])
        #expect(help.output.contains("missive pm show ID"))
    }
}
