import Foundation
import TestSupport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `missive preview ... --live` running in the background, standard output and standard error
/// each in a file of their own (the address must be alone on standard output).
final class LivePreviewProcess: @unchecked Sendable {
    let process = ChildProcess()
    let stdoutFile: URL
    let stderrFile: URL

    init(_ arguments: [String], environment: [String: String], directory: URL) throws {
        stdoutFile = directory.appendingPathComponent("live-\(UUID().uuidString).out")
        stderrFile = directory.appendingPathComponent("live-\(UUID().uuidString).err")
        for file in [stdoutFile, stderrFile] { _ = FileManager.default.createFile(atPath: file.path, contents: nil) }
        let out = try FileHandle(forWritingTo: stdoutFile), err = try FileHandle(forWritingTo: stderrFile)
        process.executableURL = BuiltBinary.url("missive")
        process.arguments = arguments
        process.environment = childEnvironment(environment)
        process.currentDirectoryURL = directory
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        try process.run()
        try out.close()
        try err.close()
    }

    var output: String { (try? String(contentsOf: stdoutFile, encoding: .utf8)) ?? "" }
    var errorOutput: String { (try? String(contentsOf: stderrFile, encoding: .utf8)) ?? "" }

    /// The address, once the first line is out.
    func address(within seconds: Double = 20) async -> URL? {
        guard await eventually(within: seconds, { self.output.contains("\n") || !self.process.isRunning }) else { return nil }
        return output.split(separator: "\n").first.flatMap { URL(string: String($0)) }
    }

    /// GET `url`: the status and the body.
    static func get(_ url: URL) async throws -> (status: Int, body: String) {
        var request = URLRequest(url: url)
        request.cachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    /// The same address with another path (the token kept).
    static func route(_ path: String, of address: URL) -> URL? {
        var components = URLComponents(url: address, resolvingAgainstBaseURL: false)
        components?.path = path
        return components?.url
    }

    func signal(_ number: Int32) {
        if process.isRunning { kill(process.processIdentifier, number) }
    }

    /// Waits for the exit; nil when it did not exit within `seconds` (it is then killed).
    func exitStatus(within seconds: Double) async -> Int32? {
        guard await eventually(within: seconds, { !self.process.isRunning }) else {
            signal(SIGKILL)
            return nil
        }
        process.waitUntilExit()
        return process.terminationStatus
    }

    deinit {
        signal(SIGKILL)
        if process.isRunning { process.waitUntilExit() }
    }
}
