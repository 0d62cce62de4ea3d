import Foundation
import TestSupport
import Synchronization
import Testing
@testable import Forum

/// The real Misago engine for this test process: `scripts/engine.sh start` once (it installs what
/// is missing; `MISSIVE_ENGINE_HOME` points it at an existing install), stopped when the process
/// exits if this process started it. Each test gets accounts of its own, made here through the
/// engine's `manage.py shell`, so the engine's per-user flood interval never couples two tests.
final class MisagoEngine: Sendable {
    let baseURL: URL
    let home: URL
    /// The accounts made for this process, handed out one per `account()` call.
    private let accounts: [String]
    private let handedOut = Mutex(0)

    static let password = "missive-engine-pw"
    static let admin = "MissiveAdmin"
    static let firstCategory = 3

    /// Started on first use, on a thread of its own: starting and seeding take seconds, and the
    /// tests that wait for it must not hold the cooperative pool's threads (two on the CI machine)
    /// meanwhile, or every in-process server of the other suites times out. A failure to start
    /// fails every engine test with the script's words.
    private static let shared = Task<Result<MisagoEngine, EngineError>, Never> {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: Result { () throws(EngineError) in try MisagoEngine.start() }) }.start()
        }
    }

    static func get() async throws -> MisagoEngine { try await shared.value.get() }

    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // ForumTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    struct EngineError: Error, CustomStringConvertible {
        var description: String
    }

    private init(baseURL: URL, home: URL, accounts: [String]) {
        self.baseURL = baseURL
        self.home = home
        self.accounts = accounts
    }

    private static func start() throws(EngineError) -> MisagoEngine {
        let environment = ProcessInfo.processInfo.environment
        let home = environment["MISSIVE_ENGINE_HOME"].map { URL(fileURLWithPath: $0) }
            ?? packageRoot.appendingPathComponent(".cache/misago")
        let wasRunning = (try? script("status").status) == 0
        let started = try script("start")
        guard started.status == 0, let url = URL(string: started.output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw EngineError(description: "scripts/engine.sh start failed: \(started.output) \(started.error)")
        }
        if !wasRunning {
            // Nothing else needs the engine once this process ends.
            atexit { _ = try? MisagoEngine.script("stop") }
        }
        let stamp = String(Int(Date().timeIntervalSince1970) % 10_000_000)
        // More than the tests ask for (they grow): running short stops the whole test process.
        let names = (1...80).map { "t\(stamp)u\($0)" }
        try seed(names, home: home)
        return MisagoEngine(baseURL: url, home: home, accounts: names)
    }

    /// Makes the accounts (as engine.sh makes its member: with avatars, or pages answer 500), and
    /// gives the seeded admin the avatars createsuperuser leaves out: without them the index, where
    /// the CSRF cookie comes from, answers 500 once the admin has posted.
    private static func seed(_ names: [String], home: URL) throws(EngineError) {
        let code = """
            from django.contrib.auth import get_user_model
            from misago.conf.shortcuts import get_dynamic_settings
            from misago.users.setupnewuser import setup_new_user
            from misago.users.avatars import set_default_avatar
            from django.contrib.auth.hashers import make_password
            User = get_user_model()
            dynamic = get_dynamic_settings()
            # One hash for every account: hashing the password 80 times took 20 seconds.
            hashed = make_password('\(password)')
            for name in [\(names.map { "'\($0)'" }.joined(separator: ", "))]:
                user = User.objects.create_user(name, name.lower() + '@example.com', None)
                user.password = hashed
                user.save(update_fields=['password'])
                setup_new_user(dynamic, user)
            admin = User.objects.get(username='\(admin)')
            if not admin.avatars:
                set_default_avatar(admin, dynamic.default_avatar, dynamic.default_gravatar_fallback)
            """
        let result = run(home.appendingPathComponent("venv/bin/python"), ["-m", "django", "shell", "-c", code],
                         directory: home.appendingPathComponent("project"),
                         environment: ["DJANGO_SETTINGS_MODULE": "missive_settings", "PYTHONPATH": home.appendingPathComponent("project").path])
        guard result.status == 0 else { throw EngineError(description: "could not make test accounts: \(result.error)") }
    }

    /// An account no other test uses.
    func account() -> String {
        let index = handedOut.withLock { count in
            defer { count += 1 }
            return count
        }
        precondition(index < accounts.count, "more Misago test accounts asked for than made; raise the count in MisagoEngine.start")
        return accounts[index]
    }

    // MARK: Adapters

    func adapter(jar: URL, username: String? = nil, credentials: (any CredentialSource)? = nil) throws -> MisagoAdapter {
        try MisagoAdapter(
            baseURL: baseURL,
            settings: HTTPSettings(userAgent: "missive/test", connectTimeout: .seconds(5), totalTimeout: .seconds(30), cookieJar: jar),
            username: username, credentials: credentials)
    }

    /// A fresh account, logged in with a jar of its own in `directory`.
    func loggedIn(_ name: String? = nil, in directory: URL) async throws -> (adapter: MisagoAdapter, name: String) {
        let name = name ?? account()
        let adapter = try adapter(jar: directory.appendingPathComponent("\(name).cookies"))
        _ = try await adapter.login(username: name, password: Self.password)
        return (adapter, name)
    }

    // MARK: The engine's request log

    /// The requests the engine has logged so far (runserver writes one line per request).
    func requestLog() -> [LoggedRequest] {
        let log = home.appendingPathComponent("run/misago.log")
        guard let text = try? String(contentsOf: log, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap(LoggedRequest.init)
    }

    /// How many requests the log holds, once it has caught up: runserver writes a request's line
    /// just after its answer goes out, so the last answer's line may still be coming.
    func mark() async throws -> Int {
        try await Task.sleep(for: .milliseconds(300))
        return requestLog().count
    }

    /// The requests logged after `before` (a `mark()`), once the log has caught up.
    func requests(since before: Int) async throws -> [LoggedRequest] {
        try await Task.sleep(for: .milliseconds(300))
        return Array(requestLog().dropFirst(before))
    }

    // MARK: Processes

    static func script(_ command: String) throws(EngineError) -> (status: Int32, output: String, error: String) {
        run(packageRoot.appendingPathComponent("scripts/engine.sh"), [command], directory: packageRoot, environment: [:])
    }

    static func run(_ executable: URL, _ arguments: [String], directory: URL, environment: [String: String]) -> (status: Int32, output: String, error: String) {
        let process = ChildProcess()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        // Errors go to a file: reading two pipes in turn could stall the child on the other.
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("missive-engine-\(UUID().uuidString).err")
        FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        process.standardOutput = output
        process.standardError = try? FileHandle(forWritingTo: errorFile)
        do {
            try process.run()
        } catch {
            return (127, "", "\(executable.path): \(error)")
        }
        let out = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let exitCode = process.terminationStatus
        let errors = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
        return (exitCode, String(decoding: out, as: UTF8.self), errors)
    }
}

/// One line of runserver's log: `[25/Nov/2026 16:56:21] "POST /api/threads/1/posts/ HTTP/1.1" 403 93`.
struct LoggedRequest: Equatable, CustomStringConvertible {
    var method: String
    var path: String
    var status: Int

    init?(_ line: Substring) {
        guard let open = line.firstIndex(of: "\""), let close = line[line.index(after: open)...].firstIndex(of: "\"") else { return nil }
        let request = line[line.index(after: open)..<close].split(separator: " ")
        let rest = line[line.index(after: close)...].split(separator: " ")
        guard request.count == 3, let status = rest.first.flatMap({ Int($0) }) else { return nil }
        method = String(request[0])
        path = String(request[1])
        self.status = status
    }

    var description: String { "\(method) \(path) \(status)" }
}

/// A temporary directory for one test's cookie jars.
func misagoTestDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("missive-misago-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
}
