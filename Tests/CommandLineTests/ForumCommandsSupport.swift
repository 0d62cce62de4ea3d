import Foundation
import TestSupport
import Testing

/// A `missive-sandbox` process on a free port with a MISSIVE_HOME whose default profile points
/// at it, for the forum commands' tests (login, logout, whoami, profiles, smilies, inbox).
final class SandboxProcess {
    let process = ChildProcess()
    let port: UInt16
    let home: URL

    init() throws {
        home = try makeTemporaryDirectory("missive-cli-forum")
        port = try Self.launch(process, ["--flood", "0", "--data", home.appendingPathComponent("forum").path])
        // The default profile (sandbox, user "Missive Tester") now points here.
        let added = try run(["profiles", "add", "sandbox", "--base-url", baseURL])
        #expect(added.status == 0, "\(added.errorOutput)")
    }

    var baseURL: String { "http://127.0.0.1:\(port)/" }

    var environment: [String: String] { ["MISSIVE_HOME": home.path] }

    var jar: URL { home.appendingPathComponent("data/cookies/sandbox.txt") }

    func run(_ arguments: [String], stdin: String = "") throws -> CommandResult {
        try runMissive(arguments, stdin: Data(stdin.utf8), environment: environment)
    }

    /// Logs the default profile in with the seeded password.
    func logIn() throws {
        let result = try run(["login", "--password-stdin"], stdin: "sandbox\n")
        #expect(result.status == 0, "\(result.errorOutput)")
    }

    /// SIGKILL by pid: the sandbox is thrown away with its data.
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: home)
    }

    /// Starts `missive-sandbox ARGUMENTS` in `process` on `port`, or on a port of its own choosing
    /// when nil (a port picked here and released would be free for any other test's server to take
    /// before the sandbox binds it); returns the port from the line the sandbox prints when it is up.
    static func launch(_ process: ChildProcess, _ arguments: [String], port: UInt16? = nil, imagesPort: UInt16? = nil) throws -> UInt16 {
        let output = Pipe()
        process.executableURL = BuiltBinary.url("missive-sandbox")
        // The image host on a free port too: the default (the forum's + 1) might be another test's.
        process.arguments = ["--port", String(port ?? 0), "--images-port", String(imagesPort ?? 0)] + arguments
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var seen = Data()
        let reader = output.fileHandleForReading
        while !seen.contains(UInt8(ascii: "\n")) {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            seen.append(chunk)
        }
        // The rest of what it prints is read and dropped, so it can never fill the pipe and stall.
        DispatchQueue.global().async { _ = reader.readDataToEndOfFile() }
        let banner = String(decoding: seen, as: UTF8.self)
        guard let range = banner.range(of: #"http://127\.0\.0\.1:(\d+)/"#, options: .regularExpression),
              let bound = UInt16(banner[range].dropFirst("http://127.0.0.1:".count).dropLast()) else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "missive-sandbox did not start: \(banner)"])
        }
        return bound
    }

    static func accepts(_ port: UInt16) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = port.bigEndian
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        } == 0
    }

    /// A port that refuses connections for as long as the returned socket is kept: bound, never
    /// listening, so no other test's server can be given it meanwhile.
    static func refusingPort() throws -> (port: UInt16, socket: FileHandle) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard fd >= 0, bound else { throw CocoaError(.fileWriteUnknown) }
        return (UInt16(bigEndian: address.sin_port), handle)
    }
}
