import Application
import Common
import Compose
import Foundation
import Sandbox
import Store
import Testing

@Suite("ComposeDraft: the compose use case over a real store and sandbox")
struct ComposeDraftTests {
    static let thread = Seed.Ids.welcomeThread
    static var reply: DraftContent { DraftContent(kind: .reply, target: DraftTarget(thread: thread), profile: "") }
    static var fixed: [Buffer.Key: String] { [.thread: String(thread)] }

    @Test("--no-edit with a body file saves a draft, prints its id and says what it is for")
    func savesFromBodyFile() async throws {
        try await ApplicationFixture.with { fixture in
            let body = try fixture.file("body.md", "Hello **there**.\n")
            let draft = try #require(try await fixture.composeDraft(ComposeRequest(bodyFile: body, noEdit: true))
                .run(base: Self.reply, fixed: Self.fixed))
            #expect(try fixture.store.draft(draft.id).content.body == "Hello **there**.")
            #expect(draft.content.profile == "sandbox")
            #expect(fixture.console.printed == [String(draft.id)])
            #expect(fixture.console.notes == ["created draft \(draft.id): reply, thread \(Self.thread); "
                + "`missive preview \(draft.id)` shows it, `missive queue \(draft.id)` sends it"])
        }
    }

    @Test("with --queue or --send to follow, the save names no next step (the delivery says what happened)")
    func aDeliveredSaveNamesNoNextStep() async throws {
        try await ApplicationFixture.with { fixture in
            var request = ComposeRequest(bodyFile: try fixture.file("body.md", "Soon.\n"), noEdit: true)
            request.delivering = true
            let draft = try #require(try await fixture.composeDraft(request).run(base: Self.reply, fixed: Self.fixed))
            #expect(fixture.console.notes == ["created draft \(draft.id): reply, thread \(Self.thread)"])
        }
    }

    @Test("an empty body file saves nothing and says why")
    func emptyBodyIsRefused() async throws {
        try await ApplicationFixture.with { fixture in
            let body = try fixture.file("empty.md", "\n\n")
            let error = await #expect(throws: UseCaseError.self) {
                try await fixture.composeDraft(ComposeRequest(bodyFile: body, noEdit: true)).run(base: Self.reply, fixed: Self.fixed)
            }
            #expect(error?.status == .dataError)
            #expect(try fixture.store.list().isEmpty)
        }
    }

    @Test("a second run for the same thread continues the open draft; forceNew starts another")
    func reopensTheOpenDraft() async throws {
        try await ApplicationFixture.with { fixture in
            let first = try #require(try await fixture.composeDraft(
                ComposeRequest(bodyFile: try fixture.file("a.md", "first"), noEdit: true)).run(base: Self.reply, fixed: Self.fixed))
            let again = try #require(try await fixture.composeDraft(
                ComposeRequest(bodyFile: try fixture.file("b.md", "second"), noEdit: true)).run(base: Self.reply, fixed: Self.fixed))
            #expect(again.id == first.id)
            #expect(again.revision == 2)
            #expect(fixture.console.notes.contains { $0.hasPrefix("draft \(first.id) for thread \(Self.thread) is open: continuing it") })
            let other = try #require(try await fixture.composeDraft(
                ComposeRequest(bodyFile: try fixture.file("c.md", "third"), noEdit: true, forceNew: true))
                .run(base: Self.reply, fixed: Self.fixed))
            #expect(other.id != first.id)
        }
    }

    @Test("an unknown profile is a config error before anything is saved")
    func unknownProfile() async throws {
        try await ApplicationFixture.with { fixture in
            await #expect(throws: ConfigError.self) {
                try await fixture.composeDraft(ComposeRequest(profile: "nobody", bodyFile: try fixture.file("a.md", "x"), noEdit: true))
                    .run(base: Self.reply, fixed: Self.fixed)
            }
            let drafts = try fixture.store.list()
            #expect(drafts.isEmpty)
        }
    }

    @Test("without a template name and without a target, the use case asks for one")
    func noTargetNoTemplate() async throws {
        try await ApplicationFixture.with { fixture in
            let error = await #expect(throws: UseCaseError.self) {
                try await fixture.composeDraft(ComposeRequest(noEdit: true)).run(base: nil, fixed: [:])
            }
            #expect(error?.status == .usage)
        }
    }

    @Test("what the editor saves becomes the draft; an editor left empty discards it")
    func throughTheEditor() async throws {
        try await ApplicationFixture.with { fixture in
            let typed = "---\nkind: reply\nthread: \(Self.thread)\nprofile: sandbox\n---\nTyped in the editor.\n"
            let draft = try #require(try await fixture.composeDraft(ComposeRequest(), editor: ScriptedEditor(text: typed))
                .run(base: Self.reply, fixed: Self.fixed))
            #expect(try fixture.store.draft(draft.id).content.body == "Typed in the editor.")
            let discarded = try await fixture.composeDraft(ComposeRequest(forceNew: true), editor: ScriptedEditor(text: nil))
                .run(base: Self.reply, fixed: Self.fixed)
            #expect(discarded == nil)
            #expect(fixture.console.notes.last == "the body was empty, so the new draft was discarded")
            #expect(try fixture.store.list().count == 1)
        }
    }

    @Test("quotes come from the forum, fenced in a Markdown draft, above what the user wrote")
    func quotesFromTheSandbox() async throws {
        try await ApplicationFixture.with(forum: true) { fixture in
            let body = try fixture.file("body.md", "My answer.")
            let draft = try #require(try await fixture.composeDraft(
                ComposeRequest(bodyFile: body, noEdit: true), forum: .quotedPosts([QuotedPost(Seed.Ids.ownPost)]))
                .run(base: Self.reply, fixed: Self.fixed))
            let saved = try fixture.store.draft(draft.id).content.body
            #expect(saved.hasPrefix("```bbcode\n[quote="))
            #expect(saved.contains("I can edit this post"))
            #expect(saved.hasSuffix("```\n\nMy answer."))
        }
    }

    @Test("a forum that cannot be reached is a warning: the draft is made without the quote")
    func offlineQuoteIsAWarning() async throws {
        try await ApplicationFixture.with { fixture in
            let draft = try #require(try await fixture.composeDraft(
                ComposeRequest(profile: "offline", bodyFile: try fixture.file("a.md", "Mine."), noEdit: true),
                forum: .quotedPosts([QuotedPost(Seed.Ids.ownPost)])).run(base: Self.reply, fixed: Self.fixed))
            #expect(try fixture.store.draft(draft.id).content.body == "Mine.")
            #expect(fixture.console.notes.contains { $0.hasPrefix("warning: could not fetch post \(Seed.Ids.ownPost) to quote from the forum") })
            #expect(fixture.console.notes.contains { $0.contains("then run the command again") })
        }
    }

    @Test("edit-post keeps the post as the forum has it as revision 1")
    func editPostKeepsTheOriginal() async throws {
        try await ApplicationFixture.with(forum: true) { fixture in
            let post = Seed.Ids.ownPost
            let draft = try #require(try await fixture.composeDraft(
                ComposeRequest(format: .bbcode, bodyFile: try fixture.file("new.txt", "Edited."), noEdit: true), forum: .postSource(post))
                .run(base: DraftContent(kind: .edit, target: DraftTarget(post: post), format: .bbcode, profile: ""),
                     fixed: [.post: String(post), .format: "bbcode"]))
            let revisions = try fixture.store.revisions(of: draft.id)
            #expect(revisions.map(\.number) == [1, 2])
            #expect(revisions.first?.note == ComposeDraft.originalNote)
            #expect(revisions.first?.content.body.contains("I can edit this post") == true)
            #expect(revisions.last?.content.body == "Edited.")
        }
    }

    @Test("edit-post on someone else's post is refused, and no draft is made")
    func editPostRefused() async throws {
        try await ApplicationFixture.with(forum: true) { fixture in
            let post = Seed.Ids.othersPost
            let error = await #expect(throws: UseCaseError.self) {
                try await fixture.composeDraft(ComposeRequest(format: .bbcode, noEdit: true), forum: .postSource(post))
                    .run(base: DraftContent(kind: .edit, target: DraftTarget(post: post), format: .bbcode, profile: ""),
                         fixed: [.post: String(post), .format: "bbcode"])
            }
            #expect(error?.description.hasPrefix("the current text of post \(post) could not be fetched, so there is no draft") == true)
            let drafts = try fixture.store.list(includeDeleted: true)
            #expect(drafts.isEmpty)
        }
    }

    @Test("a PM reply's subject defaults to Re: and a forward's to Fw:, once")
    func subjects() {
        #expect(FetchForumText.subject("Hello", forwarding: false) == "Re: Hello")
        #expect(FetchForumText.subject("re: Hello", forwarding: false) == "re: Hello")
        #expect(FetchForumText.subject("Hello", forwarding: true) == "Fw: Hello")
        #expect(FetchForumText.subject("   ", forwarding: true) == nil)
    }
}
