import Application
import Common
import Forum
import Foundation
import Sandbox
import Synchronization
import Testing

/// The sender service's check for news, round by round, against a real sandbox and a real store:
/// each thing told once, and the wait doubling while the forum fails.
@Suite("Watching for news")
struct WatchForNewsTests {
    /// The notifier port's test double: it keeps what it was told (a real one runs a command).
    final class RecordingNotifier: Notifier {
        private let told = Mutex<[NewsNotification]>([])
        var notifications: [NewsNotification] { told.withLock { $0 } }

        func notify(_ notification: NewsNotification) async -> NotifierOutcome {
            told.withLock { $0.append(notification) }
            return .shown
        }
    }

    private func source(_ fixture: ApplicationFixture, profile name: String, notifier: RecordingNotifier) throws -> WatchForNews.Source {
        let profile = try fixture.config.profile(named: name)
        let adapter = try fixture.forums.adapter(for: profile, timeout: 5, access: .lookOnly)
        let reader = try #require(adapter as? any ForumReader)
        let store = fixture.store
        return WatchForNews.Source(
            profile: name, check: CheckStatus(profile: name, reader: reader, forum: adapter) { try store.outboxListing() },
            notify: NotifyNews(store: store, notifier: notifier, clock: { Date(timeIntervalSince1970: 1_800_000_000) }))
    }

    @Test("each new thing is told once, round after round")
    func toldOnce() async throws {
        try await ApplicationFixture.with(forum: true) { fixture in
            let notifier = RecordingNotifier()
            let watch = WatchForNews(sources: [try source(fixture, profile: "sandbox", notifier: notifier)], interval: 600,
                                     console: fixture.console) { _ in }
            #expect(await watch.round(after: 600) == 600)
            let first = notifier.notifications
            #expect(first.map(\.kind) == [.pm] && first.first?.key == String(Seed.Ids.inboxMessage))
            #expect(first.first?.title == "PM from Zoë: Hello from Zoë")
            #expect(first.first?.url.absoluteString.hasSuffix("private.php?action=show&privatemessageid=\(Seed.Ids.inboxMessage)") == true)
            #expect(await watch.round(after: 600) == 600)
            #expect(notifier.notifications.count == 1, "told once")
            #expect(fixture.console.notes.contains("notified (sandbox): PM from Zoë: Hello from Zoë"))
        }
    }

    @Test("a forum that fails doubles the wait, up to an hour, and an interval under two minutes is two minutes")
    func backsOff() async throws {
        try await ApplicationFixture.with { fixture in
            let notifier = RecordingNotifier()
            let watch = WatchForNews(sources: [try source(fixture, profile: "offline", notifier: notifier)], interval: 30,
                                     console: fixture.console) { _ in }
            #expect(await watch.round(after: 120) == 240, "30 s is taken as 120 s, and a failure doubles it")
            #expect(await watch.round(after: 240) == 480)
            #expect(await watch.round(after: 2_400) == 3_600)
            #expect(notifier.notifications.isEmpty)
            #expect(fixture.console.notes.first?.hasPrefix("news check of offline: could not get messages:") == true, "\(fixture.console.notes)")
        }
    }
}
