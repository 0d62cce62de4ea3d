import Forum
import Foundation
import Testing

/// `missive reply --quote` against a real sandbox: the quote is the forum's BBCode, and whatever
/// Markdown would make of it, the converter gives back exactly what the forum gave.
@Suite(.serialized) struct ComposeForumQuoteTests {
    @Test func aQuotedPostReachesTheForumByteForByteFromAMarkdownDraft() async throws {
        let sandbox = try SandboxProcess()
        try sandbox.logIn()
        let user = try await ForumUser(sandbox)
        let post = try await user.post(markdownHostileBBCode)
        let quote = try await user.adapter.quote(postID: post).withoutCursorLines
        #expect(quote.contains("```\na literal fence line"), "the fixture must reach the forum as written")

        let reply = try sandbox.run(["reply", String(ComposeIDs.welcomeThread), "--quote", String(post), "--no-edit"])
        #expect(reply.status == 0, "\(reply.errorOutput)")
        let draft = try sandbox.draft(reply.draftID)
        #expect(draft["format"] as? String == "markdown")
        let body = try #require(draft["body"] as? String)
        // The fence is longer than the longest backtick run in the quote (four).
        #expect(body.hasPrefix("`````bbcode\n"))
        #expect(try sandbox.converted(body) == quote)

        // And once sent, the forum holds it as it gave it.
        let sent = try await user.post(try sandbox.converted(body))
        #expect(try await user.adapter.postSource(postID: sent) == quote)
    }

    @Test func textTypedBelowTheQuoteIsConvertedWhileTheQuoteIsNot() async throws {
        let sandbox = try SandboxProcess()
        try sandbox.logIn()
        let user = try await ForumUser(sandbox)
        let post = try await user.post(markdownHostileBBCode)
        let quote = try await user.adapter.quote(postID: post).withoutCursorLines
        let postURL = "\(sandbox.baseURL)showthread.php?threadid=\(ComposeIDs.welcomeThread)#post\(post)"

        let editor = try sandbox.appendingEditor("I *agree*, see `this`.")
        let reply = try sandbox.run(["reply", String(ComposeIDs.welcomeThread), "--quote", postURL], editor: editor)
        #expect(reply.status == 0, "\(reply.errorOutput)")
        let body = try #require(try sandbox.draft(reply.draftID)["body"] as? String)
        let bbcode = try sandbox.converted(body)
        #expect(bbcode.hasPrefix(quote))
        #expect(bbcode.hasSuffix("I [i]agree[/i], see [fixed]this[/fixed]."))
        let between = bbcode.dropFirst(quote.count).dropLast("I [i]agree[/i], see [fixed]this[/fixed].".count)
        #expect(between.allSatisfy { $0.isNewline })
    }

    @Test func severalQuotesComeInOrderAndABBCodeDraftTakesThemAsTheyAre() async throws {
        let sandbox = try SandboxProcess()
        try sandbox.logIn()
        let user = try await ForumUser(sandbox)
        let first = try await user.adapter.quote(postID: ComposeIDs.othersPost).withoutCursorLines
        let second = try await user.adapter.quote(postID: ComposeIDs.membersPost).withoutCursorLines

        let markdown = try sandbox.run(["reply", String(ComposeIDs.welcomeThread),
                                        "--quote", String(ComposeIDs.othersPost), "--quote", String(ComposeIDs.membersPost), "--no-edit"])
        #expect(markdown.status == 0, "\(markdown.errorOutput)")
        let body = try #require(try sandbox.draft(markdown.draftID)["body"] as? String)
        let bbcode = try sandbox.converted(body)
        let firstAt = try #require(bbcode.range(of: first))
        let secondAt = try #require(bbcode.range(of: second))
        #expect(firstAt.upperBound <= secondAt.lowerBound)

        let raw = try sandbox.run(["reply", String(ComposeIDs.welcomeThread), "--new", "--format", "bbcode",
                                   "--quote", String(ComposeIDs.othersPost), "--no-edit"])
        #expect(raw.status == 0, "\(raw.errorOutput)")
        let rawDraft = try sandbox.draft(raw.draftID)
        #expect(rawDraft["format"] as? String == "bbcode")
        #expect(rawDraft["body"] as? String == first)
    }

    @Test func quotingIntoAnOpenReplyAddsTheQuoteAtItsEnd() async throws {
        let sandbox = try SandboxProcess()
        try sandbox.logIn()
        let user = try await ForumUser(sandbox)
        let quote = try await user.adapter.quote(postID: ComposeIDs.othersPost).withoutCursorLines
        let thread = String(ComposeIDs.welcomeThread)

        let started = try sandbox.run(["reply", thread, "--body-file", try sandbox.file("My first thoughts."), "--no-edit"])
        #expect(started.status == 0, "\(started.errorOutput)")
        let again = try sandbox.run(["reply", thread, "--quote", String(ComposeIDs.othersPost), "--no-edit"])
        #expect(again.status == 0, "\(again.errorOutput)")
        #expect(again.draftID == started.draftID)
        #expect(again.errorOutput.contains("added 1 quote at the end of draft \(started.draftID)"))
        let draft = try sandbox.draft(started.draftID)
        #expect(draft["revision"] as? Int == 2)
        let body = try #require(draft["body"] as? String)
        #expect(body.hasPrefix("My first thoughts.\n\n```bbcode\n"))
        #expect(try sandbox.converted(body).hasSuffix(quote))
    }

    @Test func aTemplatesBodyFollowsTheQuotes() async throws {
        let sandbox = try SandboxProcess()
        try sandbox.logIn()
        let user = try await ForumUser(sandbox)
        let quote = try await user.adapter.quote(postID: ComposeIDs.othersPost).withoutCursorLines
        let template = """
            ---
            template: thanks
            kind: reply
            thread: "{{thread}}"
            ---
            Thanks {{name|everyone}}!
            """
        #expect(try sandbox.run(["templates", "new", "thanks", "--file", "-"], stdin: template).status == 0)

        let reply = try sandbox.run(["reply", String(ComposeIDs.welcomeThread), "--template", "thanks", "--var", "name=Zoë",
                                     "--quote", String(ComposeIDs.othersPost), "--no-edit"])
        #expect(reply.status == 0, "\(reply.errorOutput)")
        let body = try #require(try sandbox.draft(reply.draftID)["body"] as? String)
        #expect(body.hasSuffix("```\n\nThanks Zoë!"))
        let bbcode = try sandbox.converted(body)
        #expect(bbcode.hasPrefix(quote))
        #expect(bbcode.hasSuffix("Thanks Zoë!"))
    }
}

extension String {
    /// The forum's quote form ends in blank lines where the cursor goes; Missive keeps them out of
    /// the ```bbcode fence (issue 25: typing there would go out as raw BBCode). The rest is the
    /// forum's, byte for byte.
    var withoutCursorLines: String {
        var lines = split(separator: "\n", omittingEmptySubsequences: false)
        while lines.last?.allSatisfy(\.isWhitespace) == true, !lines.isEmpty { lines.removeLast() }
        return lines.joined(separator: "\n")
    }
}
