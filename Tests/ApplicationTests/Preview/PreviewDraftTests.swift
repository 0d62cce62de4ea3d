import Application
import Common
import Foundation
import Store
import Synchronization
import Testing

@Suite("Preview's use cases: a draft or file made ready to draw, and the forum's form for it")
struct PreviewDraftTests {
    struct NotConnected: Error {}

    /// How many times the store was asked for.
    final class Opened: Sendable {
        private let count = Mutex(0)
        func add() { count.withLock { $0 += 1 } }
        var times: Int { count.withLock { $0 } }
    }

    /// The store is counted each time it is asked for: preview opens it for a draft id alone.
    private func preview(_ fixture: ApplicationFixture, opened: Opened? = nil) -> PreviewDraft {
        PreviewDraft(config: fixture.config, paths: fixture.paths) {
            opened?.add()
            return fixture.store
        }
    }

    @Test("a draft comes from the store, converted with its profile's dialect; a file leaves the store closed")
    func draftAndFile() async throws {
        try await ApplicationFixture.with { fixture in
            let draft = try fixture.store.createDraft(
                DraftWrite(content: DraftContent(kind: .reply, target: DraftTarget(thread: 42), body: "**hi**", profile: "sandbox")),
                now: Date())
            let opened = Opened()
            let post = try preview(fixture, opened: opened).run(String(draft.id), choices: PreviewPost.Choices())
            #expect(post.bbcode.contains("[b]hi[/b]"))
            #expect(post.source.title == "draft \(draft.id)" && post.profile.name == "sandbox")
            #expect(opened.times == 1)

            let file = try fixture.file("post.md", "plain _text_")
            let plain = try preview(fixture, opened: opened).run(file, choices: PreviewPost.Choices(format: .bbcode))
            #expect(plain.bbcode == "plain _text_" && plain.source.title == "post.md")
            #expect(opened.times == 1)
        }
    }

    @Test("a target that is neither a file nor a draft id is not found")
    func missing() async throws {
        try await ApplicationFixture.with { fixture in
            #expect(throws: PreviewError.noSuchTarget("0")) { try preview(fixture).source("0") }
            #expect(PreviewError.noSuchTarget("0").description == "0: no such file (and not a draft id)")
        }
    }

    @Test("the forum's form is chosen before the forum is reached: a plain file without a thread, or a PM, is refused first")
    func remoteTarget() async throws {
        try await ApplicationFixture.with { fixture in
            let remote = PreviewRemotely { throw NotConnected() }
            let file = try fixture.file("post.md", "text")
            let post = try preview(fixture).run(file, choices: PreviewPost.Choices())
            await #expect(throws: PreviewError.noRemoteTarget("post.md")) { try await remote.run(post, thread: nil) }
            await #expect(throws: NotConnected.self) { try await remote.run(post, thread: 7) }

            let pm = try fixture.file("pm.md", "---\nkind: pm\nto: Someone\nsubject: Hi\n---\nhello\n")
            let message = try preview(fixture).run(pm, choices: PreviewPost.Choices())
            await #expect(throws: PreviewError.remotePrivateMessage) { try await remote.run(message, thread: nil) }
        }
    }
}
