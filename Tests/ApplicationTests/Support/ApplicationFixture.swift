import Application
import Common
import Compose
import Forum
import Foundation
import Sandbox
import Store
import Synchronization
import Testing

/// What the use cases run against in these tests: a real SQLite store and buffer directory in a
/// temporary directory, a real sandbox forum on loopback (started only when a test asks for one),
/// the real adapter logged in as the sandbox's member, and a console that keeps what it is told.
final class ApplicationFixture: Sendable {
    let directory: URL
    let paths: MissivePaths
    let store: Store
    let server: SandboxServer?
    let console = RecordedConsole()
    let config: Config

    private init(directory: URL, store: Store, server: SandboxServer?) {
        self.directory = directory
        paths = MissivePaths(config: directory.appendingPathComponent("config"), data: directory.appendingPathComponent("data"),
                             state: directory.appendingPathComponent("state"), cache: directory.appendingPathComponent("cache"))
        self.store = store
        self.server = server
        // A profile nobody can reach sits beside the sandbox, for the offline paths.
        config = Config(defaultProfile: "sandbox", profiles: [
            Profile(name: "sandbox", baseURL: server?.baseURL.absoluteString ?? "http://127.0.0.1:9/", username: Seed.Account.member.username),
            Profile(name: "offline", baseURL: "http://127.0.0.1:9/", username: Seed.Account.member.username),
        ])
    }

    /// Runs `body` against a fresh store (and sandbox, `forum: true`), and cleans up even when it throws.
    static func with(forum: Bool = false, _ body: (ApplicationFixture) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("missive-application-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var server: SandboxServer?
        do {
            if forum {
                let started = try await SandboxServer.start(SandboxConfiguration(dataDirectory: directory.appendingPathComponent("forum")))
                server = started
                _ = try await SomethingAwfulAdapter(
                    baseURL: started.baseURL,
                    settings: HTTPSettings(userAgent: "missive/test", connectTimeout: .seconds(5), totalTimeout: .seconds(30),
                                           cookieJar: directory.appendingPathComponent("jar.txt"))
                ).login(username: Seed.Account.member.username, password: Seed.Account.password)
            }
            let store = try Store(path: directory.appendingPathComponent("missive.sqlite").path)
            try await body(ApplicationFixture(directory: directory, store: store, server: server))
        } catch {
            await server?.stop()
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
        await server?.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// The store, buffers and clock; the editor is `editor` (none by default: a test that opens
    /// one by mistake fails).
    func environment(editor: any Editor = NoEditor()) -> ComposeEnvironment {
        ComposeEnvironment(store: store, buffers: BufferDirectory(paths: paths), editor: editor, defaultProfile: config.defaultProfile)
    }

    /// The store, buffers, clock and `editor`, reporting to the fixture's console.
    func local(editor: any Editor = NoEditor()) -> LocalContext {
        LocalContext(environment: environment(editor: editor), console: console)
    }

    var forums: any ForumConnector { LoopbackForums(jar: directory.appendingPathComponent("jar.txt")) }

    func composeDraft(_ request: ComposeRequest, forum: ForumText? = nil, editor: any Editor = NoEditor()) -> ComposeDraft {
        ComposeDraft(local(editor: editor), config: config, forums: forums, request: request, forum: forum, timeout: 10)
    }

    /// A file in the fixture's directory holding `text`, for `--body-file`.
    func file(_ name: String, _ text: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// Everything the sandbox holds now.
    func forumState() async throws -> SandboxState {
        let server = try #require(server)
        let client = try HTTPClient(settings: HTTPSettings(userAgent: "missive/test"))
        let response = try await client.send(HTTPRequest(url: server.baseURL.appendingPathComponent("_sandbox/state.json")))
        return try SandboxState.decode(Data(response.body))
    }
}

/// The real adapter over loopback with the fixture's cookie jar; no password is ever asked for.
/// A use case's own limit (2 s for the context shown in the editor) is for a person waiting; with
/// the whole suite running in parallel the loopback sandbox once took longer than that, and these
/// tests check what is shown, not how long it took: each request gets at least 30 s.
struct LoopbackForums: ForumConnector {
    var jar: URL

    func adapter(for profile: Profile, timeout: Int, access: ForumAccess) throws -> any ForumAdapter {
        let timeout = max(timeout, 30)
        let url = try #require(URL(string: profile.baseURL))
        return try SomethingAwfulAdapter(
            baseURL: url,
            settings: HTTPSettings(userAgent: "missive/test", connectTimeout: .seconds(2), totalTimeout: .seconds(timeout),
                                   cookieJar: jar, cookieJarAccess: access == .lookOnly ? .readOnly : .readWrite),
            username: profile.username, credentials: nil)
    }
}

/// A test double for the terminal (stdout and stderr of the process running the tests cannot be
/// read back): it keeps each line, results and notes apart.
final class RecordedConsole: ConsoleOutput {
    private let lines = Mutex<(printed: [String], notes: [String])>(([], []))

    func print(_ line: String) { lines.withLock { $0.printed.append(line) } }
    func note(_ line: String) { lines.withLock { $0.notes.append(line) } }

    var printed: [String] { lines.withLock { $0.printed } }
    var notes: [String] { lines.withLock { $0.notes } }
}

/// A test double for the user's editor (a real one needs a terminal): it writes `text` into the
/// buffer, as a user who typed it and saved would, or leaves the buffer as it is when nil.
struct ScriptedEditor: Editor {
    var text: String?

    func edit(_ file: URL, line: Int?) async throws -> Int32 {
        if let text { try Data(text.utf8).write(to: file) }
        return 0
    }
}

/// No editor at all: opening one fails the test.
struct NoEditor: Editor {
    func edit(_ file: URL, line: Int?) async throws -> Int32 {
        Issue.record("the editor was opened on \(file.lastPathComponent)")
        return 1
    }
}
