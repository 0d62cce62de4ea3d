import Forum
import Foundation
import Outbox
import Sandbox
import Store
import Testing

/// Issue 31, point 4: an edit whose answer was unclear is read back at once. A post that holds
/// our text is sent; one that a moderator changed around our edit (it holds neither our text nor
/// what it had before) is said, failed as an edit conflict, with both sides kept in the draft.
@Suite struct EditReadBackTests {
    static let before = "line one\nline two\nline three"
    static let ours = "line one\nline two, ours\nline three"

    /// A post of ours holding `before`, and an edit item of it with that base, as `edit-post`
    /// makes one.
    static func editItem(_ f: OutboxFixture) async throws -> (OutboxItem, post: Int) {
        guard case let .sent(receipt) = await f.adapter.reply(Reply(threadID: Int(OutboxFixture.thread), bbcode: before)),
              let post = receipt.id else { throw CocoaError(.fileWriteUnknown) }
        let draft = try f.store.createDraft(DraftWrite(
            content: DraftContent(kind: .edit, target: DraftTarget(post: Int64(post)), body: ours, format: .bbcode, profile: "sandbox"),
            base: before), now: Date())
        return (try f.outbox.queue(draft: draft.id, dialect: .somethingawful, due: Date(), now: Date()), post)
    }

    @Test func aPostChangedAroundTheEditIsSaidAndBothSidesStayInTheDraft() async throws {
        try await OutboxFixture.with { f in
            let (item, post) = try await Self.editItem(f)
            await f.server.failNextPost(with: .drop)
            let moderator = "line one\nline two, the moderator's\nline three"
            let adapter = AfterEdit(base: f.adapter) { try? await Self.moderatorEdit(f, post, moderator) }
            _ = try await f.sender(maxWait: 0, adapter: adapter).run(.due(ids: nil))

            let log = f.progress.lines.joined(separator: "\n")
            guard case let .failed(.editChangedAround(_, revision?)) = try f.item(item.id).state else {
                Issue.record("not an edit conflict: \(try f.item(item.id).state)\n\(log)")
                return
            }
            #expect(log.contains("the post changed on the forum around the edit"), "\(log)")
            let draft = try f.store.draft(try #require(item.draftID))
            #expect(draft.revision == revision)
            for side in ["<<<<<<< your edit", "line two, ours", "=======", "line two, the moderator's", ">>>>>>> the forum now"] {
                #expect(draft.content.body.contains(side), "\(draft.content.body)")
            }
            // Nothing more was sent over the moderator's text.
            #expect(try await f.adapter.postSource(postID: post).contains("the moderator's"))
        }
    }

    @Test func aPostThatHoldsOurEditIsSentAtOnce() async throws {
        try await OutboxFixture.with { f in
            let (item, _) = try await Self.editItem(f)
            await f.server.failNextPost(with: .drop)
            let summary = try await f.sender(maxWait: 0, adapter: AfterEdit(base: f.adapter) {}).run(.due(ids: nil))
            #expect(summary.sent == [item.id], "\(f.progress.lines.joined(separator: "\n"))")
            #expect(try f.outbox.attempts(of: item.id).filter { $0.action == .reconcile }.isEmpty, "no check was needed")
        }
    }

    static func moderatorEdit(_ f: OutboxFixture, _ post: Int, _ text: String) async throws {
        let client = try HTTPClient(settings: HTTPSettings(userAgent: "missive/test"))
        let url = try #require(URL(string: "_sandbox/edit?postid=\(post)", relativeTo: f.server.baseURL)?.absoluteURL)
        _ = try await client.send(HTTPRequest(method: .post, url: url, body: Array(text.utf8), contentType: "text/plain"))
    }
}

/// The sandbox's adapter, with `afterEdit` run right after an edit's POST has its answer: a
/// moderator's edit landing before the sender reads the post back.
struct AfterEdit: ForumAdapter {
    let base: SomethingAwfulAdapter
    let afterEdit: @Sendable () async -> Void

    func login(username: String, password: String) async throws(ForumError) -> Session { try await base.login(username: username, password: password) }
    func logout() async -> ForumLogout { await base.logout() }
    func currentSession() async throws(ForumError) -> Session? { try await base.currentSession() }
    func hasSavedSession() async -> Bool { await base.hasSavedSession() }
    func reply(_ reply: Reply) async -> PostOutcome { await base.reply(reply) }
    func quote(postID: Int) async throws(ForumError) -> String { try await base.quote(postID: postID) }
    func postSource(postID: Int) async throws(ForumError) -> String { try await base.postSource(postID: postID) }
    func edit(postID: Int, bbcode: String) async -> PostOutcome { await edit(postID: postID, bbcode: bbcode, expecting: nil) }
    func edit(postID: Int, bbcode: String, expecting: String?) async -> PostOutcome {
        let outcome = await base.edit(postID: postID, bbcode: bbcode, expecting: expecting)
        await afterEdit()
        return outcome
    }
    func newThread(_ thread: NewThread) async -> PostOutcome { await base.newThread(thread) }
    func postIcons(forumID: Int) async throws(ForumError) -> [PostIcon] { try await base.postIcons(forumID: forumID) }
    func send(_ message: PrivateMessage) async -> PostOutcome { await base.send(message) }
    func quotePrivateMessage(id: Int) async throws(ForumError) -> String { try await base.quotePrivateMessage(id: id) }
    func privateMessages(in folder: PrivateMessageFolder) async throws(ForumError) -> [PrivateMessageSummary] {
        try await base.privateMessages(in: folder)
    }
    func privateMessage(id: Int) async throws(ForumError) -> PrivateMessageContent { try await base.privateMessage(id: id) }
    func preview(_ target: PreviewTarget, bbcode: String) async throws(ForumError) -> RenderedPreview {
        try await base.preview(target, bbcode: bbcode)
    }
    func smilies() async throws(ForumError) -> [Smilie] { try await base.smilies() }
    func reconcile(_ attempt: Attempt) async -> Reconciliation { await base.reconcile(attempt) }
    func composeContext(_ target: ComposeTarget) async -> ComposeContext { await base.composeContext(target) }
}
