import Foundation
import TestSupport
import Testing

/// Runs the built `missive` binary the way a user or a script would: arguments, stdin,
/// environment, and what comes back. `make test` builds the binaries before the tests run.
struct CommandResult: Sendable {
    var status: Int32
    var stdout: Data
    var stderr: Data
    var output: String { String(decoding: stdout, as: UTF8.self) }
    var errorOutput: String { String(decoding: stderr, as: UTF8.self) }
}

enum BuiltBinary {
    /// The package root, found from this file's location.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // CommandLineTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// `MISSIVE_BIN_DIR` overrides where the binaries are (for a release build, say).
    static var directory: URL {
        if let dir = ProcessInfo.processInfo.environment["MISSIVE_BIN_DIR"], !dir.isEmpty {
            return URL(fileURLWithPath: dir, isDirectory: true)
        }
        return packageRoot.appendingPathComponent(".build/debug", isDirectory: true)
    }

    static func url(_ name: String) -> URL { directory.appendingPathComponent(name) }
}

/// Runs `missive` (or another built binary) to completion.
/// The environment is cleared down to PATH and HOME plus `environment`, so a developer's own
/// EDITOR, XDG dirs or MISSIVE_HOME never leak into a test.
func runMissive(
    _ arguments: [String],
    stdin: Data = Data(),
    environment: [String: String] = [:],
    binary: String = "missive",
    directory: URL? = nil
) throws -> CommandResult {
    let process = ChildProcess()
    process.executableURL = BuiltBinary.url(binary)
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    process.environment = childEnvironment(environment)

    let input = Pipe(), output = Pipe(), error = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = error
    try process.run()

    // Read both pipes while the process runs so that neither can fill up and block it.
    let group = DispatchGroup()
    nonisolated(unsafe) var out = Data(), err = Data()
    group.enter()
    DispatchQueue.global().async { out = output.fileHandleForReading.readDataToEndOfFile(); group.leave() }
    group.enter()
    DispatchQueue.global().async { err = error.fileHandleForReading.readDataToEndOfFile(); group.leave() }
    input.fileHandleForWriting.write(stdin)
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    // Bounded: a program it left running with our pipes would otherwise hold the test for good.
    if group.wait(timeout: .now() + ChildProcess.longestWait) == .timedOut {
        Issue.record("\(binary) \(arguments): its output was still open \(Int(ChildProcess.longestWait)) s after it exited")
    }
    return CommandResult(status: process.terminationStatus, stdout: out, stderr: err)
}

/// PATH and HOME from this process, plus `extra`: all a child program of a test sees. And TZ, when
/// this process has one, so that a child shows local times in the zone the test computes them in:
/// `scripts/test-at-hour.sh 23:40` runs the suite with the local clock reading 23:40 this way. A
/// test whose output depends on the hour or the zone sets `TZ` in `extra` itself.
func childEnvironment(_ extra: [String: String]) -> [String: String] {
    var environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
                       "HOME": ProcessInfo.processInfo.environment["HOME"] ?? "/tmp"]
    if let zone = ProcessInfo.processInfo.environment["TZ"] { environment["TZ"] = zone }
    environment.merge(extra) { _, new in new }
    return environment
}

/// A fresh directory for MISSIVE_HOME or scratch files, removed by the caller.
func makeTemporaryDirectory(_ label: String = "missive-test") throws -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("\(label)-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
