import Foundation
import Testing

/// When the forum cannot be reached or the profile is logged out, the draft is made anyway with
/// a warning that says what is missing and how to fix it; only a run that saves nothing fails.
@Suite(.serialized) struct ComposeForumOfflineTests {
    @Test func loggedOutTheReplyIsMadeWithoutTheQuoteAndTheWarningSaysToLogIn() throws {
        let sandbox = try SandboxProcess()
        let reply = try sandbox.run(["reply", "3500001", "--quote", "500000001", "--body-file", try sandbox.file("my text"), "--no-edit"])
        #expect(reply.status == 0, "\(reply.errorOutput)")
        #expect(reply.errorOutput.contains("warning: could not fetch post 500000001 to quote"))
        #expect(reply.errorOutput.contains("not logged in"))
        #expect(reply.errorOutput.contains("`missive login`"))
        #expect(try sandbox.draft(reply.draftID)["body"] as? String == "my text")

        // Logged in, the same command adds the quote to the draft it made.
        try sandbox.logIn()
        let again = try sandbox.run(["reply", "3500001", "--quote", "500000001", "--no-edit"])
        #expect(again.status == 0, "\(again.errorOutput)")
        #expect(again.draftID == reply.draftID)
        #expect(!again.errorOutput.contains("warning:"))
        #expect((try sandbox.draft(reply.draftID)["body"] as? String)?.contains("[quote=\"Zoë\" post=\"500000001\"]") == true)
    }

    @Test func aForumThatIsDownStillGetsTheUsersTextIntoADraft() throws {
        let sandbox = try SandboxProcess()
        try sandbox.logIn()
        sandbox.stop()
        let editor = try sandbox.appendingEditor("written while the forum was down")
        let reply = try sandbox.run(["reply", "3500001", "--quote", "500000001"], editor: editor)
        #expect(reply.status == 0, "\(reply.errorOutput)")
        #expect(reply.errorOutput.contains("could not be reached"))
        #expect(reply.errorOutput.contains("`missive sandbox`"))
        // Said again once the editor closes, where the user is looking.
        #expect(reply.errorOutput.contains("reminder: could not fetch post 500000001 to quote, so the draft is without it"))
        #expect(try sandbox.draft(reply.draftID)["body"] as? String == "written while the forum was down")

        let pm = try sandbox.run(["pm", "Zoë", "--reply-to", "9000001"], editor: editor)
        #expect(pm.status == 0, "\(pm.errorOutput)")
        #expect(pm.errorOutput.contains("could not fetch private message 9000001 to quote"))
        #expect(pm.errorOutput.contains("run the command again with --new"))
        let draft = try sandbox.draft(pm.draftID)
        #expect(draft["reply_to"] as? Int == 9_000_001)
        #expect(draft["body"] as? String == "written while the forum was down")

        let edit = try sandbox.run(["edit-post", "500000002"], editor: editor)
        #expect(edit.status == 0, "\(edit.errorOutput)")
        #expect(edit.errorOutput.contains("could not fetch the current text of post 500000002"))
        #expect(edit.errorOutput.contains("an undo after sending cannot put the post back"))
        let history = try sandbox.run(["drafts", "history", edit.draftID])
        #expect(!history.output.contains("the post as it was on the forum"))
    }

    @Test func nothingToSaveIsAnErrorWithTheCausesStatusAndNoDraft() throws {
        let sandbox = try SandboxProcess()
        let loggedOut = try sandbox.run(["reply", "3500001", "--quote", "500000001", "--no-edit"])
        #expect(loggedOut.status == 77)
        #expect(loggedOut.errorOutput.contains("nothing to save"))
        #expect(loggedOut.errorOutput.contains("`missive login`"))

        try sandbox.logIn()
        sandbox.stop()
        let down = try sandbox.run(["edit-post", "500000002", "--no-edit"])
        #expect(down.status == 69)
        #expect(down.errorOutput.contains("nothing to save"))
        #expect(down.errorOutput.contains("`missive sandbox`"))
        #expect(try sandbox.draftCount() == 0)
    }

    @Test func aForumThatNeverAnswersIsGivenUpOnAfterTimeout() throws {
        let sandbox = try SandboxProcess()
        try sandbox.logIn()
        // The session cookie is for 127.0.0.1, so it is sent to the silent port as well.
        let silent = try SilentListener()
        #expect(try sandbox.run(["profiles", "add", "sandbox", "--base-url", "http://127.0.0.1:\(silent.port)/"]).status == 0)
        let reply = try sandbox.run(["reply", "3500001", "--quote", "500000001", "--timeout", "1",
                                     "--body-file", try sandbox.file("patient text"), "--no-edit"])
        #expect(reply.status == 0, "\(reply.errorOutput)")
        #expect(reply.errorOutput.contains("could not be reached"))
        #expect(reply.errorOutput.contains("did not answer in time"))
        #expect(try sandbox.draft(reply.draftID)["body"] as? String == "patient text")
        #expect(try sandbox.run(["reply", "3500001", "--quote", "500000001", "--timeout", "0"]).status == 64)
    }
}
