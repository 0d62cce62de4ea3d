import Foundation
import TestSupport
import Testing

/// A `missive-sandbox` process (flood interval, faults and seed as a test wants them) and a
/// MISSIVE_HOME logged in to it, for the outbox's command-line tests. The sandbox keeps its data
/// in the home, so it can be stopped and started again (with other options) mid-test.
final class OutboxWorld: @unchecked Sendable {
    let home: URL
    /// The sandbox's port: chosen by the sandbox at the first start, kept across restarts.
    private(set) var port: UInt16 = 0
    /// The sandbox's image host (its own port), read from the status.json it writes; kept across restarts.
    private(set) var imagesURL = ""
    private var imagesPort: UInt16 = 0
    private var sandbox: ChildProcess?

    var baseURL: String { "http://127.0.0.1:\(port)/" }
    var environment: [String: String] { ["MISSIVE_HOME": home.path] }
    var store: String { home.appendingPathComponent("data/missive.sqlite").path }

    /// `config` lines go at the top of config.toml (undo_window, retry_base...).
    init(flood: Int = 0, faults: String? = nil, seed: UInt64 = 1, config: [String] = ["undo_window = 0", "retry_base = 1", "reconcile_grace = 6"]) async throws {
        home = try makeTemporaryDirectory("missive-outbox")
        try await startSandbox(flood: flood, faults: faults, seed: seed)
        for arguments in [["init"], ["profiles", "add", "sandbox", "--base-url", baseURL]] {
            let result = try await run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.errorOutput)")
        }
        let login = try await run(["login", "--password-stdin"], stdin: "sandbox\n")
        #expect(login.status == 0, "\(login.errorOutput)")
        let file = home.appendingPathComponent("config/config.toml")
        let text = try String(contentsOf: file, encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("undo_window") }
        try ((config + text.map(String.init)).joined(separator: "\n")).write(to: file, atomically: true, encoding: .utf8)
    }

    deinit {
        killSandbox()
        try? FileManager.default.removeItem(at: home)
    }

    func startSandbox(flood: Int = 0, faults: String? = nil, seed: UInt64 = 1) async throws {
        let process = ChildProcess()
        let arguments = ["--flood", String(flood), "--seed", String(seed),
                         "--data", home.appendingPathComponent("forum").path] + (faults.map { ["--faults", $0] } ?? [])
        let known = port == 0 ? nil : port
        let knownImages = imagesPort == 0 ? nil : imagesPort
        port = try await offThePool { try SandboxProcess.launch(process, arguments, port: known, imagesPort: knownImages) }
        sandbox = process
        let status = try Data(contentsOf: home.appendingPathComponent("forum/status.json"))
        let images = try (JSONSerialization.jsonObject(with: status) as? [String: Any])?["images_url"] as? String
        imagesURL = try #require(images, "missive-sandbox's status.json names its image host")
        imagesPort = UInt16(URL(string: imagesURL)?.port ?? 0)
    }

    /// SIGKILL: the sandbox is thrown away with its data.
    func stopSandbox() async {
        _ = try? await offThePool { self.killSandbox() }
        // The port is free again once nothing accepts on it.
        _ = await eventually(within: 5) { !SandboxProcess.accepts(self.port) }
    }

    private func killSandbox() {
        guard let sandbox, sandbox.isRunning else { return }
        kill(sandbox.processIdentifier, SIGKILL)
        sandbox.waitUntilExit()
    }

    /// `more`: variables besides the world's own (`MISSIVE_COLUMNS`, say).
    func run(_ arguments: [String], stdin: String = "", more: [String: String] = [:]) async throws -> CommandResult {
        let environment = environment.merging(more) { _, given in given }
        return try await offThePool { try runMissive(arguments, stdin: Data(stdin.utf8), environment: environment) }
    }

    /// `missive ARGS` in the background, its output going to a file (a pipe could fill and stall it).
    func start(_ arguments: [String]) throws -> Launched {
        try Launched(arguments, environment: environment, log: home.appendingPathComponent("log-\(UUID().uuidString).txt"))
    }

    /// Drafts from buffer texts, imported in one go; returns their ids in order.
    func drafts(_ buffers: [String]) async throws -> [Int] {
        let directory = home.appendingPathComponent("import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (index, text) in buffers.enumerated() {
            try text.write(to: directory.appendingPathComponent(String(format: "%05d.md", index)), atomically: true, encoding: .utf8)
        }
        let result = try await run(["drafts", "import", directory.path])
        #expect(result.status == 0, "\(result.errorOutput)")
        return result.output.split(separator: "\n").compactMap { Int($0) }
    }

    static func reply(_ text: String, thread: Int = 3_500_001) -> String {
        "---\nkind: reply\nthread: \(thread)\nformat: bbcode\n---\n\(text)\n"
    }

    static func pm(_ text: String, to: String, subject: String) -> String {
        "---\nkind: pm\nto: \(to)\nsubject: \(subject)\nformat: bbcode\n---\n\(text)\n"
    }

    /// `queue list --json`, by item id.
    func items() async throws -> [Int: [String: Any]] {
        let result = try await run(["queue", "list", "--json"])
        #expect(result.status == 0, "\(result.errorOutput)")
        let rows = (try JSONSerialization.jsonObject(with: result.stdout) as? [[String: Any]]) ?? []
        return Dictionary(uniqueKeysWithValues: rows.compactMap { row in (row["id"] as? Int).map { ($0, row) } })
    }

    /// The forum's `/_sandbox/state.json`.
    func forum() async throws -> [String: Any] {
        (try JSONSerialization.jsonObject(with: try await httpGet("_sandbox/state.json")) as? [String: Any]) ?? [:]
    }

    /// How many times each text stands on the forum: posts, and PMs in the tester's Sent Items.
    func copies() async throws -> [String: Int] {
        let state = try await forum()
        var counts: [String: Int] = [:]
        for post in state["posts"] as? [[String: Any]] ?? [] {
            if let text = post["text"] as? String { counts[text, default: 0] += 1 }
        }
        for message in state["messages"] as? [[String: Any]] ?? [] where message["folder"] as? String == "sent"
            && message["owner"] as? String == "Missive Tester" {
            if let text = message["text"] as? String { counts[text, default: 0] += 1 }
        }
        return counts
    }

    /// `POST /_sandbox/fault?next=KIND`: the next posting request fails that way.
    func failNextPost(_ fault: String) async throws {
        _ = try await httpGet("_sandbox/fault?next=\(fault)", method: "POST")
    }

    /// `POST /_sandbox/PATH` (`standing?user=...`, `thread?...`, `cloudflare?challenge=on`...): a
    /// control of the sandbox (SandboxControl.swift). Query values are percent-encoded here.
    /// Returns the sandbox's answer, which says what it did.
    @discardableResult
    func control(_ path: String) async throws -> String {
        let allowed = CharacterSet.urlQueryAllowed.subtracting(CharacterSet(charactersIn: "+"))
        let encoded = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
        return String(decoding: try await httpGet("_sandbox/\(encoded)", method: "POST"), as: UTF8.self)
    }

    /// `GET /_sandbox/requests.json`: requests the forum received, and POSTs and submits (POSTs
    /// that asked to store) per posting script.
    struct Requests {
        var requests: Int
        var posts: [String: Int]
        var submits: [String: Int]
        /// GETs per script.
        var gets: [String: Int] = [:]
        /// POSTs to all posting scripts together.
        var allPosts: Int { posts.values.reduce(0, +) }
    }

    func requests() async throws -> Requests {
        let json = (try JSONSerialization.jsonObject(with: try await httpGet("_sandbox/requests.json")) as? [String: Any]) ?? [:]
        return Requests(requests: json["requests"] as? Int ?? -1, posts: json["posts"] as? [String: Int] ?? [:],
                        submits: json["submits"] as? [String: Int] ?? [:], gets: json["gets"] as? [String: Int] ?? [:])
    }

    /// `queue show ID --json`.
    func show(_ id: Int) async throws -> [String: Any] {
        let result = try await run(["queue", "show", String(id), "--json"])
        #expect(result.status == 0, "\(result.errorOutput)")
        return (try? JSONSerialization.jsonObject(with: result.stdout) as? [String: Any]) ?? [:]
    }

    /// Logs the world's profile in again as another seeded account (password `sandbox`).
    func login(as username: String) async throws {
        let result = try await run(["login", "--username", username, "--password-stdin"], stdin: "sandbox\n")
        #expect(result.status == 0, "\(result.errorOutput)")
    }

    /// HTTP/1.0 over a plain socket: enough for the sandbox's control pages.
    /// `path` on the forum's port, or on the image host's with `images: true`.
    /// `body` goes as plain text (the moderator's edit control reads it).
    func httpGet(_ path: String, method: String = "GET", images: Bool = false, body: Data = Data()) async throws -> Data {
        let port = images ? imagesPort : port
        return try await offThePool { try self.blockingGet(path, method: method, port: port, body: body) }
    }

    private func blockingGet(_ path: String, method: String, port: UInt16, body: Data) throws -> Data {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw CocoaError(.fileReadUnknown) }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = port.bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "no sandbox on \(port)"]) }
        let request = Array("\(method) /\(path) HTTP/1.0\r\nHost: 127.0.0.1\r\nConnection: close\r\n".utf8)
            + Array("Content-Type: text/plain; charset=utf-8\r\nContent-Length: \(body.count)\r\n\r\n".utf8) + Array(body)
        _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
        var response = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count <= 0 { break }
            response.append(contentsOf: buffer[0..<count])
        }
        guard let end = response.range(of: Data("\r\n\r\n".utf8)) else { return Data() }
        return response[end.upperBound...]
    }
}

/// A `missive` process started in the background with its output in a file.
final class Launched: @unchecked Sendable {
    let process = ChildProcess()
    let log: URL

    init(_ arguments: [String], environment: [String: String], log: URL, executable: URL = BuiltBinary.url("missive")) throws {
        self.log = log
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        process.executableURL = executable
        process.arguments = arguments
        process.environment = childEnvironment(environment)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        try handle.close()
    }

    var pid: Int32 { process.processIdentifier }
    var output: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

    func signal(_ number: Int32) {
        if process.isRunning { kill(pid, number) }
    }

    /// Waits for the exit; nil when it did not exit within `seconds` (it is then killed).
    func exitStatus(within seconds: Double) async -> Int32? {
        guard await eventually(within: seconds, { !self.process.isRunning }) else {
            signal(SIGKILL)
            _ = try? await offThePool { self.process.waitUntilExit() }
            return nil
        }
        _ = try? await offThePool { self.process.waitUntilExit() }
        return process.terminationStatus
    }

    deinit {
        signal(SIGKILL)
        if process.isRunning { process.waitUntilExit() }
    }
}
