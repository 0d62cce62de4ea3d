import Application
import Compose
import Foundation
import Sandbox
import Store
import Synchronization
import Testing

/// `drafts edit` of a reply shows what it answers below the cut line, as the reply did when it
/// was started; a thread closed since is said in the buffer, and the draft still opens.
@Suite struct EditDraftContextTests {
    /// Keeps what the editor was shown and saves it unchanged.
    final class ShownEditor: Editor, @unchecked Sendable {
        let shown = Mutex<String>("")
        func edit(_ file: URL, line: Int?) async throws -> Int32 {
            let text = try String(contentsOf: file, encoding: .utf8)
            shown.withLock { $0 = text }
            return 0
        }
    }

    func edit(_ thread: Int64, _ fixture: ApplicationFixture) async throws -> String {
        let draft = try fixture.store.createDraft(DraftWrite(content: DraftContent(
            kind: .reply, target: DraftTarget(thread: thread), body: "my words", profile: "sandbox")), now: Date())
        let editor = ShownEditor()
        try await EditDraft(fixture.local(editor: editor), config: fixture.config, forums: fixture.forums)
            .run(draft.id, bodyFile: nil, noEdit: false)
        return editor.shown.withLock { $0 }
    }

    @Test func aReplysDraftShowsTheThreadsLatestPosts() async throws {
        try await ApplicationFixture.with(forum: true) { fixture in
            let shown = try await edit(Seed.Ids.welcomeThread, fixture)
            #expect(shown.contains("Below the line above: what you are answering."), "\(shown)")
            #expect(shown.contains("Thread \(Seed.Ids.welcomeThread), “Welcome to the sandbox”: the last"), "\(shown)")
            #expect(shown.contains("my words"))
        }
    }

    @Test func aThreadClosedSinceIsANoticeAndTheDraftStillOpens() async throws {
        try await ApplicationFixture.with(forum: true) { fixture in
            let shown = try await edit(Seed.Ids.closedThread, fixture)
            #expect(shown.contains("The forum would refuse this now: cannot reply to thread \(Seed.Ids.closedThread)"), "\(shown)")
            #expect(shown.contains("my words"))
        }
    }
}
