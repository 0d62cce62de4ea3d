import Common
import Forum
import Foundation
import Outbox
import Sandbox
import Store
import Testing

/// A real SQLite store in a temporary directory and a real sandbox forum on loopback, with an
/// adapter logged in as the sandbox profile's account: what every outbox test runs against.
final class OutboxFixture: @unchecked Sendable {
    let directory: URL
    let store: Store
    let server: SandboxServer
    let adapter: SomethingAwfulAdapter
    let progress = RecordedProgress()

    static let thread = Int64(Seed.Ids.welcomeThread)

    private init(directory: URL, store: Store, server: SandboxServer, adapter: SomethingAwfulAdapter) {
        self.directory = directory
        self.store = store
        self.server = server
        self.adapter = adapter
    }

    /// Runs `body` against a fresh store and sandbox, and cleans both up even when it throws.
    static func with(
        flood: Int = 0, faults: FaultPlan = FaultPlan(), seed: UInt64 = 1, timeout: Duration = .seconds(20),
        clock: ManualClock? = nil, _ body: (OutboxFixture) async throws -> Void
    ) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("missive-outbox-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let server = try await SandboxServer.start(SandboxConfiguration(
            dataDirectory: directory.appendingPathComponent("forum"), floodInterval: flood, faults: faults, seed: seed,
            clock: clock ?? SystemClock()))
        do {
            func adapter(timeout: Duration) throws -> SomethingAwfulAdapter {
                try SomethingAwfulAdapter(
                    baseURL: server.baseURL,
                    settings: HTTPSettings(userAgent: "missive/test", connectTimeout: .seconds(5), totalTimeout: timeout,
                                           cookieJar: directory.appendingPathComponent("jar.txt")))
            }
            // Logged in with time to spare (a busy machine must not fail the login), the session
            // kept in the jar for the adapter under test, whose timeout may be short on purpose.
            do { _ = try await adapter(timeout: .seconds(30)).login(username: Seed.Account.tester.username, password: Seed.Account.password) }
            let adapter = try adapter(timeout: timeout)
            let store = try Store(path: directory.appendingPathComponent("missive.sqlite").path)
            try await body(OutboxFixture(directory: directory, store: store, server: server, adapter: adapter))
        } catch {
            await server.stop()
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
        await server.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    var outbox: Outbox { Outbox(store: store) }

    /// A new draft with this body (a reply to the welcome thread unless told otherwise).
    func draft(_ body: String, kind: DraftKind = .reply, target: DraftTarget = DraftTarget(thread: thread),
               subject: String = "", format: DraftFormat = .markdown) throws -> Draft {
        try store.createDraft(
            DraftWrite(content: DraftContent(kind: kind, target: target, subject: subject, body: body, format: format,
                                             profile: "sandbox")),
            now: Date())
    }

    /// Queues a new draft with this body, due now.
    @discardableResult
    func queue(_ body: String, kind: DraftKind = .reply, target: DraftTarget = DraftTarget(thread: thread),
               subject: String = "", format: DraftFormat = .bbcode, due: Date = Date()) throws -> OutboxItem {
        let draft = try draft(body, kind: kind, target: target, subject: subject, format: format)
        return try outbox.queue(draft: draft.id, dialect: .somethingawful, due: due, now: Date())
    }

    /// A sender with no undo window and quick retries, over this fixture's store and adapter.
    func sender(
        window: TimeInterval = 0, base: TimeInterval = 0.05, maxWait: TimeInterval = 30, store: Store? = nil,
        identity: SenderIdentity = .current(), adapter: (any ForumAdapter)? = nil, stop: StopSignal = StopSignal(),
        clock: ManualClock? = nil, senderClock: SenderClock? = nil, imageHost: (any ImageHost)? = nil, configure: (inout SenderSettings) -> Void = { _ in }
    ) -> Sender {
        var settings = SenderSettings()
        settings.undoWindow = window
        settings.maxWait = maxWait
        settings.settle = 0.2
        // "Not there" believed at once: the tests that need a forum that stores late set a grace.
        settings.grace = 0
        var policy = FullJitterBackoff()
        policy.base = base
        settings.policy = policy
        configure(&settings)
        return Sender(store: store ?? self.store, adapters: FixedAdapter(adapter: adapter ?? self.adapter), settings: settings,
                      identity: identity, progress: progress, stop: stop, clock: senderClock ?? clock?.sender ?? .system,
                      imageHosts: imageHost.map(FixedImageHost.init))
    }

    func item(_ id: Int64) throws -> OutboxItem {
        try outbox.item(id)
    }

    /// Everything the forum holds now.
    func forum() async throws -> SandboxState {
        let client = try HTTPClient(settings: HTTPSettings(userAgent: "missive/test"))
        let response = try await client.send(HTTPRequest(url: server.baseURL.appendingPathComponent("_sandbox/state.json")))
        return try SandboxState.decode(Data(response.body))
    }

    /// How many posts on the forum hold exactly this text.
    func copies(of text: String) async throws -> Int {
        try await forum().posts.filter { $0.text == text }.count
    }
}

/// The one adapter a test's sender uses, whatever the profile.
struct FixedAdapter: ForumAdapterSource {
    var adapter: any ForumAdapter

    func adapter(for profile: String) throws -> any ForumAdapter { adapter }
}

/// The one image host a test's sender uses, whatever the profile.
struct FixedImageHost: ImageHostSource {
    var host: any ImageHost

    func host(for profile: String) throws -> any ImageHost { host }
}

/// Keeps every line a sender reports, for tests to read.
final class RecordedProgress: SendProgress, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []

    var lines: [String] { lock.withLock { recorded } }

    func windowOpened(_ items: [OutboxItem], until: Date) {
        add(items.map { "\($0.title): window until \(until)" })
    }

    func item(_ item: OutboxItem, _ message: String) { add(["\(item.title): \(message)"]) }
    func waiting(until: Date, reason: String, now: Date) { add(["waiting: \(reason)"]) }
    func waitEnded() {}
    func note(_ message: String) { add([message]) }

    private func add(_ lines: [String]) {
        lock.withLock { recorded += lines }
    }
}
