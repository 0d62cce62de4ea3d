import Foundation
import TestSupport

/// Runs any program (through /usr/bin/env) to completion and returns its exit status and what it
/// printed. The output goes through a file, not a pipe: tmux servers and Chromium's helpers
/// outlive the program and would hold a pipe open for good.
/// `unblocksSignals`: see `ChildProcess`.
func runProgram(_ arguments: [String], environment: [String: String]? = nil, directory: URL? = nil, unblocksSignals: Bool = false) throws -> (status: Int32, output: String) {
    let log = FileManager.default.temporaryDirectory.appendingPathComponent("program-\(UUID().uuidString).log")
    guard FileManager.default.createFile(atPath: log.path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
    defer { try? FileManager.default.removeItem(at: log) }
    let handle = try FileHandle(forWritingTo: log)
    let process = ChildProcess()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    if let environment { process.environment = environment }
    if let directory { process.currentDirectoryURL = directory }
    process.unblocksSignals = unblocksSignals
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
    process.waitUntilExit()
    let exitStatus = process.terminationStatus
    try handle.close()
    return (exitStatus, String(decoding: try Data(contentsOf: log), as: UTF8.self))
}

/// A theme's resolved keys (`text.color` → `#39ff14`), as `missive themes show --json` gives them.
func resolvedThemeKeys(_ theme: String, environment: [String: String] = [:]) throws -> [String: String] {
    let result = try runMissive(["themes", "show", theme, "--json"], environment: environment)
    guard let object = try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any],
          let keys = object["keys"] as? [[String: Any]] else {
        throw CocoaError(.propertyListReadCorrupt, userInfo: [NSDebugDescriptionErrorKey: result.errorOutput])
    }
    return Dictionary(uniqueKeysWithValues: keys.compactMap { key in
        (key["key"] as? String).flatMap { name in (key["value"] as? String).map { (name, $0) } }
    })
}
