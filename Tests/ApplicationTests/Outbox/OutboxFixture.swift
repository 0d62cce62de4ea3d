import Application
import Common
import Forum
import Foundation
import Outbox
import Sandbox
import Store

/// The outbox use cases' wiring in these tests: a real sender over the fixture's store and the real
/// adapter on loopback, with no undo window so that a send goes out at once.
struct LoopbackSenders: SenderSource {
    var fixture: ApplicationFixture

    func sender(progress: any SendProgress) -> Sender {
        var settings = SenderSettings()
        settings.undoWindow = 0
        settings.maxWait = 5
        return Sender(store: fixture.store, adapters: LoopbackAdapters(fixture: fixture), settings: settings, progress: progress)
    }
}

/// The fixture's profiles by name, through its loopback connector.
struct LoopbackAdapters: ForumAdapterSource {
    var fixture: ApplicationFixture

    func adapter(for profile: String) throws -> any ForumAdapter {
        try fixture.forums.adapter(for: try fixture.config.profile(named: profile), timeout: 5, access: .mayLogIn)
    }
}

/// The sender's progress as notes on the fixture's recorded console (the terminal's lines cannot be read back).
struct ConsoleProgress: SendProgress {
    var console: RecordedConsole

    func windowOpened(_ items: [OutboxItem], until: Date) {
        for item in items { console.note("\(item.title): pending") }
    }

    func item(_ item: OutboxItem, _ message: String) { console.note("\(item.title): \(message)") }
    func waiting(until: Date, reason: String, now: Date) {}
    func waitEnded() {}
    func note(_ message: String) { console.note(message) }
}

extension ApplicationFixture {
    /// A reply draft in the seeded welcome thread for `profile`, saved straight into the store.
    func replyDraft(_ body: String, profile: String = "sandbox") throws -> Draft {
        try store.createDraft(DraftWrite(content: DraftContent(
            kind: .reply, target: DraftTarget(thread: Seed.Ids.welcomeThread), body: body, profile: profile)), now: Date())
    }

    var progress: ConsoleProgress { ConsoleProgress(console: console) }

    func state(_ id: Int64) throws -> String { try Outbox(store: store).item(id).state.name }
}
