import Forum
import Foundation
import Testing

/// `missive edit-post` against a real sandbox: the post's current BBCode is the draft's first
/// revision, exactly as the forum holds it, and what the user writes comes after it.
@Suite(.serialized) struct ComposeForumEditPostTests {
    @Test func thePostsCurrentTextIsRevisionOneExactly() async throws {
        let sandbox = try SandboxProcess()
        try sandbox.logIn()
        let user = try await ForumUser(sandbox)
        let post = try await user.post(markdownHostileBBCode)
        let source = try await user.adapter.postSource(postID: post)

        let edit = try sandbox.run(["edit-post", String(post), "--no-edit"])
        #expect(edit.status == 0, "\(edit.errorOutput)")
        #expect(edit.errorOutput.contains("revision 1 is the post as it was on the forum"))
        let draft = try sandbox.draft(edit.draftID)
        #expect(draft["kind"] as? String == "edit")
        #expect(draft["post"] as? Int == post)
        #expect(draft["format"] as? String == "bbcode")
        #expect(draft["revision"] as? Int == 1)
        #expect(draft["body"] as? String == source)
        let history = try sandbox.run(["drafts", "history", edit.draftID])
        #expect(history.output.contains("(the post as it was on the forum)"))
    }

    @Test func whatTheUserWritesIsRevisionTwoAndRevisionOneKeepsTheOriginal() async throws {
        let sandbox = try SandboxProcess()
        try sandbox.logIn()
        let user = try await ForumUser(sandbox)
        let post = try await user.post(markdownHostileBBCode)
        let source = try await user.adapter.postSource(postID: post)
        let url = "\(sandbox.baseURL)showthread.php?goto=post&postid=\(post)"

        let editor = try sandbox.appendingEditor("[b]Edit:[/b] fixed a typo.")
        let edited = try sandbox.run(["edit-post", url], editor: editor)
        #expect(edited.status == 0, "\(edited.errorOutput)")
        let draft = try sandbox.draft(edited.draftID)
        #expect(draft["revision"] as? Int == 2)
        let body = try #require(draft["body"] as? String)
        #expect(body.hasSuffix("[b]Edit:[/b] fixed a typo."))
        #expect(try sandbox.draft(edited.draftID, revision: 1)["body"] as? String == source)

        // A body file replaces the text in the same way: revision 1 is still the forum's.
        let scripted = try sandbox.run(["edit-post", String(post), "--new", "--body-file", try sandbox.file("All new."), "--no-edit"])
        #expect(scripted.status == 0, "\(scripted.errorOutput)")
        #expect(try sandbox.draft(scripted.draftID)["body"] as? String == "All new.")
        #expect(try sandbox.draft(scripted.draftID, revision: 1)["body"] as? String == source)
    }

    @Test func aMarkdownEditFencesThePostSoItConvertsBackToTheSameBBCode() async throws {
        let sandbox = try SandboxProcess()
        try sandbox.logIn()
        let user = try await ForumUser(sandbox)
        let post = try await user.post(markdownHostileBBCode)
        let source = try await user.adapter.postSource(postID: post)

        let edit = try sandbox.run(["edit-post", String(post), "--format", "markdown", "--no-edit"])
        #expect(edit.status == 0, "\(edit.errorOutput)")
        let draft = try sandbox.draft(edit.draftID)
        #expect(draft["format"] as? String == "markdown")
        let body = try #require(draft["body"] as? String)
        #expect(body.hasPrefix("`````bbcode\n"))
        #expect(try sandbox.converted(body) == source)
    }

    @Test func someoneElsesPostIsRefusedAndNoDraftIsMade() throws {
        let sandbox = try SandboxProcess()
        try sandbox.logIn()
        let editor = try sandbox.appendingEditor("never saved")
        let refused = try sandbox.run(["edit-post", String(ComposeIDs.othersPost)], editor: editor)
        #expect(refused.status == 77)
        // The forum is asked before the editor opens (issue 25): its refusal ends the command there.
        #expect(refused.errorOutput.contains("cannot edit post \(ComposeIDs.othersPost)"))
        #expect(refused.errorOutput.contains("The editor did not open and no draft was made"))
        #expect(refused.errorOutput.contains("permission"))
        #expect(!refused.errorOutput.contains("warning:"))
        #expect(try sandbox.draftCount() == 0)
    }

    @Test func anOpenEditDraftIsReopenedWithoutFetchingAgain() async throws {
        let sandbox = try SandboxProcess()
        try sandbox.logIn()
        let user = try await ForumUser(sandbox)
        let post = try await user.post("first version")
        let first = try sandbox.run(["edit-post", String(post), "--body-file", try sandbox.file("second version"), "--no-edit"])
        #expect(first.status == 0, "\(first.errorOutput)")
        sandbox.stop()
        // The forum is gone, and nothing needs it: the open draft holds the original already.
        let again = try sandbox.run(["edit-post", String(post), "--body-file", try sandbox.file("third version"), "--no-edit"])
        #expect(again.status == 0, "\(again.errorOutput)")
        #expect(again.draftID == first.draftID)
        #expect(!again.errorOutput.contains("warning:"))
        #expect(try sandbox.draft(first.draftID)["revision"] as? Int == 3)
        #expect(try sandbox.draft(first.draftID, revision: 1)["body"] as? String == "first version")
    }

    @Test func emptyingTheBodyDiscardsTheNewEditDraftAsForAnyNewDraft() async throws {
        let sandbox = try SandboxProcess()
        try sandbox.logIn()
        let user = try await ForumUser(sandbox)
        let post = try await user.post("a post to leave alone")
        let url = sandbox.home.appendingPathComponent("empty.sh")
        let script = """
            #!/bin/sh
            python3 - "$1" <<'PY'
            import sys
            path = sys.argv[1]
            text = open(path, encoding="utf-8").read()
            first = text.index("\n---\n") if not text.startswith("---\n") else 0  # after any notice on top
            start = text.index("\n---\n", first + 1) + 5
            footer = text.rindex("<!-- Missive:")
            open(path, "w", encoding="utf-8").write(text[:start] + text[footer:])
            PY
            """
        try script.write(to: url, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)

        let emptied = try sandbox.run(["edit-post", String(post)], editor: url.path)
        #expect(emptied.status == 0, "\(emptied.errorOutput)")
        #expect(emptied.errorOutput.contains("the body was empty, so draft"))
        #expect(emptied.output.isEmpty)
        #expect(try sandbox.draftCount() == 0)
        // Discarding is a state change like any other: undo brings the draft back.
        #expect(try sandbox.run(["undo"]).status == 0)
        #expect(try sandbox.draftCount() == 1)
    }
}
